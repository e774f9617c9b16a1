/** Every internal link is built here. */

/** Query of the account pages: where to go back to after logging in, and an offer to favourite on the way. */
export interface AuthLinkQuery {
  next?: string | null;
  favoriteOfferId?: string | null;
}

function withQuery(path: string, query: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const paths = {
  home: () => '/',
  allOffers: () => '/all-locations',
  offer: (slug: string) => `/job-offer/${encodeURIComponent(slug)}`,
  city: (citySlug: string) => `/${citySlug}`,
  category: (categorySlug: string, citySlug?: string | null) => (citySlug ? `/${citySlug}/${categorySlug}` : `/${categorySlug}`),
  subcategory: (categorySlug: string, subcategorySlug: string, citySlug?: string | null) =>
    `${citySlug ? `/${citySlug}` : ''}/${categorySlug}/${subcategorySlug}`,
  terms: () => '/terms-and-privacy-policies',
  /** The public page for employers: the plans and the way into the employer side. */
  forEmployers: () => '/for-employers',
  brandStory: (slug: string) => `/brands/story/${encodeURIComponent(slug)}`,
  /** The company list (the published company stories), 20 a page. */
  brands: (page = 1) => (page > 1 ? `/brands?page=${page}` : '/brands'),
  // Candidate accounts (the mails link to confirm, reset and email).
  login: (query: AuthLinkQuery = {}) => withQuery('/account/login', { ...query }),
  register: (query: AuthLinkQuery = {}) => withQuery('/account/register', { ...query }),
  resetPassword: () => '/account/reset',
  account: () => '/account',
  /** The passive-candidate settings: be found by employers, the mandatory preferences, blocked companies. */
  accountChat: () => '/account/chat',
  favourites: () => '/favorite-offers',
  applicationHistory: () => '/application-history',
  savedSearches: () => '/saved-searches',
  /** The board's blog (flag `blogShowcase`) and one post's page. */
  blog: () => '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  devMailbox: (id?: string) => (id ? `/dev/mailbox/${encodeURIComponent(id)}` : '/dev/mailbox'),
};

/**
 * A `next` parameter the account pages may follow after login: a path of this app only (never
 * `//host` or another origin), else the profile page.
 */
export function safeReturnPath(next: string | null | undefined, fallback = '/account'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f]/.test(next)) return fallback;
  if (next.startsWith('/account/login') || next.startsWith('/account/register')) return fallback;
  return next;
}
