'use client';
import useSWRInfinite from 'swr/infinite';
import { PAGE_SIZE } from '@/features/search/filters';
import { searchOffers, searchOffersKey, type CursorPage } from './search-offers';

/**
 * The list's pages 0..size-1 (100 offers each, page i from offset i × 100) of an API query
 * without paging. The server-rendered page is served from memory, never refetched; data never
 * goes stale and is not refetched on focus (spec). `initialSize` covers a restored position.
 */
export function useOfferPages(apiQuery: string, initial: CursorPage, initialSize: number, locale: string) {
  const initialKey = searchOffersKey(apiQuery, initial.meta.from, PAGE_SIZE);
  return useSWRInfinite<CursorPage>(
    (pageIndex, previous: CursorPage | null) => {
      if (previous && !previous.meta.next && pageIndex * PAGE_SIZE >= previous.meta.totalItems) return null;
      return searchOffersKey(apiQuery, pageIndex * PAGE_SIZE, PAGE_SIZE);
    },
    (key: string) => (key === initialKey ? Promise.resolve(initial) : searchOffers(new URLSearchParams(key.split('?')[1]), locale)),
    {
      initialSize,
      parallel: true,
      revalidateFirstPage: false,
      revalidateOnFocus: false,
      revalidateIfStale: false,
      revalidateOnReconnect: false,
    },
  );
}
