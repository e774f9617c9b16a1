import type { Offer } from '@/lib/types';
import { apiGet } from '@/lib/api-client';

export const CURSOR_PATH = '/v2/user-panel/offers/by-cursor';

/** One `by-cursor` answer: offers from `meta.from`, with the neighbouring cursors. */
export interface CursorPage {
  data: Offer[];
  meta: {
    from: number;
    itemsCount: number;
    totalItems: number;
    next: { cursor: string; itemsCount: number } | null;
    prev: { cursor: string; itemsCount: number } | null;
  };
}

/** Fetches `itemsCount` offers from offset `from` of an API query (see `toCursorQuery`); server or browser. */
export function searchOffers(query: URLSearchParams, locale?: string): Promise<CursorPage> {
  return apiGet<CursorPage>(CURSOR_PATH, query, { locale });
}

/** SWR key of the page starting at `from` of an API query without paging. */
export function searchOffersKey(apiQuery: string, from: number, itemsCount: number): string {
  const params = new URLSearchParams(apiQuery);
  params.set('from', String(from));
  params.set('itemsCount', String(itemsCount));
  return `${CURSOR_PATH}?${params.toString()}`;
}
