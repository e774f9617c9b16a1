/**
 * `realTimeBidding` (candidate-side spec §4 "Offers list"): "when the feature is on and only
 * currency or sort parameters are set, a real-time-bidding event carrying the first 5 slugs is
 * sent". Read here as: the list's search is the unfiltered one — no category, place, keyword or
 * filter; sort and currency may be anything, and `from` and `showMap` only say how it is viewed —
 * and the slugs are the first five offers of the page shown.
 */
import type { FeatureFlags } from '@/lib/flags';
import { emptyFilters, type ListFilters } from './filters';

export const REAL_TIME_BIDDING_SLUGS = 5;
/** The event's name on `window` (a `CustomEvent` whose `detail` is `{ slugs }`) and in `window.dataLayer`. */
export const REAL_TIME_BIDDING_EVENT = 'realTimeBidding';

/** Whether the list's search is the unfiltered one, apart from sort and currency. */
export function onlySortOrCurrency(filters: ListFilters): boolean {
  const searched: ListFilters = { ...filters, sort: 'published', currency: null, from: 0, showMap: false };
  return JSON.stringify(searched) === JSON.stringify(emptyFilters());
}

/** The slugs the event carries, or null when no event is due (flag off, a filtered list, no offers). */
export function realTimeBiddingSlugs(flags: FeatureFlags, filters: ListFilters, offers: readonly { slug: string }[]): string[] | null {
  if (flags.realTimeBidding !== true || !onlySortOrCurrency(filters) || offers.length === 0) return null;
  return offers.slice(0, REAL_TIME_BIDDING_SLUGS).map((offer) => offer.slug);
}
