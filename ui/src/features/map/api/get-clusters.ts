import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import type { Bounds } from '../lib/viewport';

export const CLUSTERS_PATH = '/v2/user-panel/offers/clusters';

/** One map cluster: the offers of an H3 cell with their centroid (`region` equals `id`). */
export interface MapCluster {
  id: string;
  count: number;
  latitude: number;
  longitude: number;
  region: string;
  categoryId: number | null;
  categoryKey: string | null;
}

export interface ClustersAnswer {
  clusters: MapCluster[];
}

export type Viewport = Bounds & { zoom: number };

/** The clusters query: the list's API query (filters, without paging) plus the viewport. */
export function clustersQuery(apiQuery: string, viewport: Viewport): URLSearchParams {
  const params = new URLSearchParams(apiQuery);
  for (const name of ['page', 'perPage', 'from', 'itemsCount']) params.delete(name);
  params.set('zoom', String(viewport.zoom));
  params.set('north', String(viewport.north));
  params.set('south', String(viewport.south));
  params.set('east', String(viewport.east));
  params.set('west', String(viewport.west));
  return params;
}

export function getClusters(query: URLSearchParams, locale?: string): Promise<ClustersAnswer> {
  return apiGet<ClustersAnswer>(CLUSTERS_PATH, query, { locale });
}

/** SWR key: null (no request) until the map knows its viewport. */
export function clustersKey(apiQuery: string, viewport: Viewport | null): string | null {
  return viewport ? `${CLUSTERS_PATH}?${clustersQuery(apiQuery, viewport).toString()}` : null;
}

/** Clusters of a viewport; the previous answer stays on screen while the next one loads. */
export function useClusters(apiQuery: string, viewport: Viewport | null, locale?: string) {
  return useSWR(
    clustersKey(apiQuery, viewport),
    () => getClusters(clustersQuery(apiQuery, viewport as Viewport), locale),
    { keepPreviousData: true, revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
}
