'use client';
import useSWRInfinite from 'swr/infinite';
import { apiGet } from '@/lib/api-client';
import type { OffersPage } from '@/lib/types';

export const OFFERS_PATH = '/v2/user-panel/offers';

/** Fetches one page of offers for an API query (see `toApiQuery`). */
export function searchOffers(query: URLSearchParams, locale?: string): Promise<OffersPage> {
  return apiGet<OffersPage>(OFFERS_PATH, query, { locale });
}

/** SWR key of the page at `pageIndex` after the first page `firstPage` of the query. */
export function searchOffersKey(apiQuery: string, firstPage: number, pageIndex: number): string {
  const params = new URLSearchParams(apiQuery);
  params.set('page', String(firstPage + pageIndex));
  return `${OFFERS_PATH}?${params.toString()}`;
}

/** Pages following the server-rendered page `firstPage` (none until `setSize` grows); data never goes stale and is not refetched on focus. */
export function useMoreOffers(apiQuery: string, firstPage: number, locale: string) {
  return useSWRInfinite<OffersPage>(
    (pageIndex) => searchOffersKey(apiQuery, firstPage + 1, pageIndex),
    (key: string) => {
      const [, search] = key.split('?');
      return searchOffers(new URLSearchParams(search), locale);
    },
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false, revalidateFirstPage: false, initialSize: 0 },
  );
}
