import { apiGet } from '@/lib/api-client';
import type { OffersPage } from '@/lib/types';
import { searchOffers, type CursorPage } from './search-offers';

/** Server-side fetch of one offers page. */
export function getOffers(query: URLSearchParams, locale: string): Promise<OffersPage> {
  return apiGet<OffersPage>('/v2/user-panel/offers', query, { locale });
}

/** Server-side fetch of offers from an offset (`by-cursor`, see `toCursorQuery`). */
export function getOffersFrom(query: URLSearchParams, locale: string): Promise<CursorPage> {
  return searchOffers(query, locale);
}

/** Server-side count of offers matching a query. */
export async function getOffersCount(query: URLSearchParams | undefined, locale: string): Promise<number> {
  const answer = await apiGet<{ count: number }>('/v2/user-panel/offers/count', query, { locale });
  return answer.count;
}
