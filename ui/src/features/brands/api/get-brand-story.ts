import { cache } from 'react';
import { boardGet } from '@/lib/board-server';
import type { BrandStory, Locale, OffersPage } from '@/lib/types';

export const brandStoryPath = (slug: string) => `/v2/user-panel/brand-stories/company/${encodeURIComponent(slug)}/short-info`;

/** A company's brand story; throws `ApiError` (404 `brand_story_not_found` when the company has none). */
export const getBrandStory = cache(async (slug: string, locale: Locale): Promise<BrandStory> => boardGet<BrandStory>(brandStoryPath(slug), { lang: locale }, { revalidate: 60 }));

/** The offer page's company teaser: the story, or null on any failure (spec: failure ignored). */
export async function getBrandStoryTeaser(slug: string | null | undefined, locale: Locale): Promise<BrandStory | null> {
  if (!slug) return null;
  return getBrandStory(slug, locale).catch(() => null);
}

/** How many of the company's offers its story page lists (newest first); the rest are one link away. */
export const STORY_OFFERS = 50;

/** The company's current offers, newest first (the same company filter that counts `offersCount`). */
export async function getCompanyOffers(companyName: string, locale: Locale, perPage = STORY_OFFERS): Promise<OffersPage> {
  const query = new URLSearchParams({ sortBy: 'newest', orderBy: 'DESC', perPage: String(perPage) });
  query.append('companies[]', companyName);
  return boardGet<OffersPage>('/v2/user-panel/offers', query, { locale });
}

/** Stories per page of the company list (spec: "brand stories 20 per page"). */
export const STORIES_PER_PAGE = 20;

/** One page of the company list: the published stories and how many there are. */
export async function getStoryPage(page: number, locale: Locale): Promise<{ stories: BrandStory[]; total: number }> {
  const answer = await boardGet<{ data: BrandStory[]; meta: { totalItems: number } }>(
    '/v2/user-panel/brand-stories/company/list',
    { page, perPage: STORIES_PER_PAGE, lang: locale },
    { revalidate: 60 },
  );
  return { stories: answer.data, total: answer.meta.totalItems };
}
