/** Every internal link is built here. */
export const paths = {
  home: () => '/',
  allOffers: () => '/all-locations',
  offer: (slug: string) => `/job-offer/${encodeURIComponent(slug)}`,
  city: (citySlug: string) => `/${citySlug}`,
  category: (categorySlug: string, citySlug?: string | null) => (citySlug ? `/${citySlug}/${categorySlug}` : `/${categorySlug}`),
  subcategory: (categorySlug: string, subcategorySlug: string, citySlug?: string | null) =>
    `${citySlug ? `/${citySlug}` : ''}/${categorySlug}/${subcategorySlug}`,
  terms: () => '/terms-and-privacy-policies',
  brandStory: (slug: string) => `/brands/story/${encodeURIComponent(slug)}`,
};
