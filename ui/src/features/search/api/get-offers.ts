import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { OffersPage } from '@/lib/types';
import { searchOffers, type CursorPage } from './search-offers';

/** Server-side fetch of one offers page. */
export async function getOffers(query: URLSearchParams, locale: string): Promise<OffersPage> {
  return apiGet<OffersPage>('/v2/user-panel/offers', query, { locale, board: await boardSlug() });
}

/** Server-side fetch of offers from an offset (`by-cursor`, see `toCursorQuery`). */
export async function getOffersFrom(query: URLSearchParams, locale: string): Promise<CursorPage> {
  return searchOffers(query, locale, await boardSlug());
}

/** Server-side count of offers matching a query. */
export async function getOffersCount(query: URLSearchParams | undefined, locale: string): Promise<number> {
  const answer = await apiGet<{ count: number }>('/v2/user-panel/offers/count', query, { locale, board: await boardSlug() });
  return answer.count;
}
