import type { Currency, Offer } from '@/lib/types';
import { apiGet } from '@/lib/api-client';
import type { SearchNotes } from '../query-notes';

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
    /** How a text query was understood (only with one). */
    search?: SearchNotes;
  };
}

/** Fetches `itemsCount` offers from offset `from` of an API query (see `toCursorQuery`); server (naming the board) or browser. */
export function searchOffers(query: URLSearchParams, locale?: string, board?: string): Promise<CursorPage> {
  return apiGet<CursorPage>(CURSOR_PATH, query, { locale, board });
}

/** SWR key of the page starting at `from` of an API query without paging. */
export function searchOffersKey(apiQuery: string, from: number, itemsCount: number): string {
  const params = new URLSearchParams(apiQuery);
  params.set('from', String(from));
  params.set('itemsCount', String(itemsCount));
  return `${CURSOR_PATH}?${params.toString()}`;
}

/**
 * An offer with only what a list card shows (amounts in `currency` besides the offer's own): the
 * server-rendered page hands its offers to the browser list, and every byte of them is parsed
 * before the page can paint, so the long texts, coordinates and other currencies stay behind.
 */
export function cardOffer(offer: Offer, currency: string): Offer {
  const suffix = (currency.charAt(0).toUpperCase() + currency.slice(1).toLowerCase()) as Capitalize<Currency>;
  return {
    ...offer,
    // The guid stays: the card's heart (favourites) names the offer by it.
    street: null,
    niceToHaveSkills: [],
    requiredSkills: offer.requiredSkills.slice(0, 4),
    multilocation: offer.multilocation.map((location) => ({ ...location, street: null })),
    employmentTypes: offer.employmentTypes.map(({ type, from, to, currency: own, unit, gross, label, ...converted }) => ({
      type,
      from,
      to,
      currency: own,
      unit,
      gross,
      label,
      [`from${suffix}`]: converted[`from${suffix}`] ?? null,
      [`to${suffix}`]: converted[`to${suffix}`] ?? null,
    })),
  };
}
