/** Server fetchers of the homepage sections. Each section is optional: a failing call hides it. */
import { boardGet } from '@/lib/board-server';
import type { CandidatePage, FavouriteItem, MatchedOffer } from '@/lib/candidate';
import type { FeatureFlags } from '@/lib/flags';
import { sessionGet } from '@/lib/session-server';
import type { BrandStory, Localized, OffersPage } from '@/lib/types';
import { homeCountPath } from '../rules';

export interface Testimonial {
  name: string;
  company: string;
  role: Localized;
  quote: Localized;
}


async function orNull<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch {
    return null;
  }
}

/** Most viewed offers (topped up by the API with the newest ones with a salary). */
export const getPopularOffers = (locale: string, perPage = 12) =>
  orNull(boardGet<OffersPage>('/v2/user-panel/offers/popular', { page: 1, perPage }, { locale }));

/** Newest offers that show a salary. */
export const getNewWithSalary = (locale: string, perPage = 12) =>
  orNull(boardGet<OffersPage>('/v2/user-panel/offers', { withSalary: 'true', sortBy: 'newest', orderBy: 'DESC', perPage }, { locale }));

/** The newest offers, salary or not (the `newOffersList` section). */
export const getNewestOffers = (locale: string, perPage: number) =>
  orNull(boardGet<OffersPage>('/v2/user-panel/offers', { sortBy: 'newest', orderBy: 'DESC', perPage }, { locale }));

export const getTestimonials = () => orNull(boardGet<{ data: Testimonial[] }>('/v2/testimonials', undefined, { revalidate: 300 }).then((answer) => answer.data));

/** Company stories; also the source of the partner logos (the only company list the API has). */
export const getBrandStories = (locale: string, perPage = 20) =>
  orNull(
    boardGet<{ data: BrandStory[]; meta: { totalItems: number } }>('/v2/user-panel/brand-stories/company/list', { page: 1, perPage, lang: locale }, { revalidate: 60 }).then(
      (answer) => answer.data,
    ),
  );

/** Current offers per top-level category value. */
export const getCategoryCounts = () =>
  orNull(boardGet<{ count: number; counts: Record<string, number> }>('/v2/user-panel/offers/count/categories').then((answer) => answer.counts));

/** The homepage's offers count (see `homeCountPath`); throws like the page's other required calls. */
export async function getHomeCount(flags: FeatureFlags, locale: string): Promise<number> {
  return (await boardGet<{ count: number }>(homeCountPath(flags), undefined, { locale })).count;
}

/** The logged-in candidate's favourites, newest first (the `favoriteOffers` tab); offers that are gone are left out. */
export const getFavouriteOffers = (locale: string, pageSize = 12) =>
  orNull(sessionGet<CandidatePage<FavouriteItem>>('/v1/candidate/favourites', { page: 1, pageSize }, locale).then((answer) => answer.data.flatMap((item) => (item.offer ? [item.offer] : []))));

/** Offers matched to the candidate's preferences, best first (the `matchedForYou` tab). */
export const getMatchedOffers = (locale: string, pageSize = 12) =>
  orNull(sessionGet<CandidatePage<MatchedOffer>>('/v1/candidate/matched-offers', { page: 1, pageSize }, locale).then((answer) => answer.data));

/** Every company story's slug (the sitemap), 100 a page. */
export async function getStorySlugs(): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const answer = await boardGet<{ data: BrandStory[]; meta: { totalItems: number } }>('/v2/user-panel/brand-stories/company/list', { page, perPage: 100 }, { revalidate: 300 });
    slugs.push(...answer.data.map((story) => story.slug));
    if (!answer.data.length || slugs.length >= answer.meta.totalItems) break;
  }
  return slugs;
}
