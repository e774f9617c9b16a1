import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { Bounds } from '../lib/viewport';
import { apiGet } from '@/lib/api-client';
import type { Offer } from '@/lib/types';

export const MARKERS_PATH = '/v2/user-panel/offers/markers';
/** Spec: markers come 20 per page. */
export const MARKERS_PER_PAGE = 20;

/** A page of a cluster's offers (`data` is the list; the spec's older shape `data.data` is read too). */
export interface MarkersPage {
  data: Offer[];
  meta: { page: number; perPage: number; totalItems: number; totalPages: number };
}

/** The markers query of one cluster (`region`), with the list's filters. */
export function markersQuery(apiQuery: string, region: string, page: number): URLSearchParams {
  const params = new URLSearchParams(apiQuery);
  for (const name of ['from', 'itemsCount']) params.delete(name);
  params.set('region', region);
  params.set('page', String(page));
  params.set('perPage', String(MARKERS_PER_PAGE));
  return params;
}

export async function getMarkers(query: URLSearchParams, locale?: string): Promise<MarkersPage> {
  const answer = await apiGet<{ data: Offer[] | { data: Offer[] }; meta: MarkersPage['meta'] }>(MARKERS_PATH, query, { locale });
  const data = Array.isArray(answer.data) ? answer.data : (answer.data?.data ?? []);
  return { data, meta: answer.meta };
}

export function markersKey(apiQuery: string, region: string | null, pageIndex: number, previous: MarkersPage | null): string | null {
  if (!region) return null;
  if (previous && previous.meta.page >= previous.meta.totalPages) return null;
  return `${MARKERS_PATH}?${markersQuery(apiQuery, region, pageIndex + 1).toString()}`;
}

/** The offers of a cluster, page by page (`setSize(size + 1)` loads the next 20). */
export function useMarkers(apiQuery: string, region: string | null, locale?: string) {
  return useSWRInfinite(
    (pageIndex, previous: MarkersPage | null) => markersKey(apiQuery, region, pageIndex, previous),
    (key: string) => getMarkers(new URLSearchParams(key.split('?')[1] ?? ''), locale),
    { revalidateFirstPage: false, revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** The markers query of a viewport (all the view's offers, `perPage` a page), with the list's filters. */
export function viewMarkersQuery(apiQuery: string, viewport: Bounds, page: number, perPage: number): URLSearchParams {
  const params = new URLSearchParams(apiQuery);
  for (const name of ['from', 'itemsCount', 'region']) params.delete(name);
  params.set('north', String(viewport.north));
  params.set('south', String(viewport.south));
  params.set('east', String(viewport.east));
  params.set('west', String(viewport.west));
  params.set('page', String(page));
  params.set('perPage', String(perPage));
  return params;
}

/**
 * The offers of a viewport, `pages` pages of `perPage` fetched together (see `lib/places.ts`);
 * null key (no request) without a plan. The previous view's markers stay while the next load.
 */
export function useViewMarkers(apiQuery: string, viewport: Bounds | null, pages: number, perPage: number, locale?: string) {
  const key = viewport && pages > 0 ? `${MARKERS_PATH}?${viewMarkersQuery(apiQuery, viewport, 1, perPage).toString()}&pages=${pages}` : null;
  return useSWR(
    key,
    async () => {
      const answers = await Promise.all(Array.from({ length: pages }, (_, index) => getMarkers(viewMarkersQuery(apiQuery, viewport as Bounds, index + 1, perPage), locale)));
      return { offers: answers.flatMap((answer) => answer.data), total: answers[0]?.meta.totalItems ?? 0 };
    },
    { keepPreviousData: true, revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
}
