'use client';
import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';

export const COUNT_PATH = '/v2/user-panel/offers/count';
/** Spec: the offers-count request is debounced 500 ms. */
export const COUNT_DEBOUNCE_MS = 500;

export function countOffers(query: string): Promise<{ count: number }> {
  return apiGet<{ count: number }>(COUNT_PATH, new URLSearchParams(query));
}

export const countOffersKey = (query: string) => `${COUNT_PATH}?${query}`;

const once = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, keepPreviousData: true } as const;

/** How many offers an API query (see `toApiQuery`) gives, fetched 500 ms after it stops changing; null until known. */
export function useOffersCount(query: string | null) {
  const debounced = useDebounced(query, COUNT_DEBOUNCE_MS);
  const settled = debounced === query;
  const { data, isLoading, isValidating } = useSWR(debounced === null ? null : countOffersKey(debounced), () => countOffers(debounced as string), once);
  return { count: data?.count ?? null, loading: !settled || isLoading || isValidating };
}

export const categoryCountsKey = (categoryValue: number, query: string) => `${COUNT_PATH}/categories/${categoryValue}?${query}`;

/** Offers per subcategory of `categoryValue` (keyed by category value) for the other filters of `query`. */
export function useCategoryCounts(categoryValue: number | null, query: string) {
  const { data } = useSWR(
    categoryValue === null ? null : categoryCountsKey(categoryValue, query),
    () => apiGet<{ count: number; counts: Record<string, number> }>(`${COUNT_PATH}/categories/${categoryValue}`, new URLSearchParams(query)),
    once,
  );
  return data ?? null;
}
