/**
 * Offer markers instead of cluster bubbles. Server clusters are H3 cells: zoomed to a city, the
 * whole view is often one cell, drawn as one "99+" bubble over an empty map. From city zoom on,
 * when the view is one cluster or holds few enough offers to draw each, the map fetches the view's
 * offers (`offers/markers` with the viewport, 100 a page, at most `MAX_MARKERS`) and draws them
 * where they are: offers closer than a marker's size on screen share one marker with their count,
 * the others are single-offer markers. A marker opens the popup list of its offers.
 */
import type { MapCluster } from '../api/get-clusters';

/** From this zoom on (a city and its surroundings) markers may replace the bubbles. */
export const MARKER_MIN_ZOOM = 8;
/** At most this many offers are drawn one by one; a view holding more keeps its bubbles (unless it is one). */
export const MAX_MARKERS = 500;
/** Offers per markers call in this mode (the API allows 100). */
export const MARKERS_PAGE_SIZE = 100;
/** Offers closer than this on screen (pixels) share a marker. */
export const MARKER_CELL_PX = 40;

export interface MarkerPlan {
  /** Offers in view, as the clusters counted them. */
  total: number;
  /** Markers pages to fetch (of `MARKERS_PAGE_SIZE`). */
  pages: number;
  /** More offers in view than are drawn. */
  truncated: boolean;
}

/** Whether the view shows markers, and how many pages of them; null: keep the cluster bubbles. */
export function markerPlan(clusters: readonly Pick<MapCluster, 'count'>[], zoom: number): MarkerPlan | null {
  if (zoom < MARKER_MIN_ZOOM || clusters.length === 0) return null;
  const total = clusters.reduce((sum, cluster) => sum + cluster.count, 0);
  if (total === 0 || (clusters.length > 1 && total > MAX_MARKERS)) return null;
  const drawn = Math.min(total, MAX_MARKERS);
  return { total, pages: Math.ceil(drawn / MARKERS_PAGE_SIZE), truncated: total > drawn };
}

/** MapLibre's world is 512 pixels wide at zoom 0 (its tiles are 512 px). */
const WORLD_PX = 512;

/** Web Mercator world pixel of a point at a (fractional) MapLibre zoom: panning leaves it unchanged, so groups stay put. */
export function worldPixel(longitude: number, latitude: number, zoom: number): [number, number] {
  const size = WORLD_PX * 2 ** zoom;
  const sin = Math.sin((Math.max(-85, Math.min(85, latitude)) * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

export interface Located {
  slug: string;
  latitude: number;
  longitude: number;
}

export interface MarkerGroup<T extends Located> {
  /** Stable while the same offers share the marker. */
  key: string;
  latitude: number;
  longitude: number;
  offers: T[];
}

/**
 * Groups offers whose pixel positions (`project`, e.g. `worldPixel` at the map's zoom) fall in one
 * cell of `cell` pixels; a group sits
 * at its offers' mean position. Offers are taken in their order; groups come out in the order of
 * their first offer. An offer listed twice (two pages overlapping while the index changes) counts once.
 */
export function groupMarkers<T extends Located>(offers: readonly T[], project: (longitude: number, latitude: number) => [number, number], cell = MARKER_CELL_PX): MarkerGroup<T>[] {
  const groups = new Map<string, T[]>();
  const seen = new Set<string>();
  for (const offer of offers) {
    if (seen.has(offer.slug) || !Number.isFinite(offer.latitude) || !Number.isFinite(offer.longitude)) continue;
    seen.add(offer.slug);
    const [x, y] = project(offer.longitude, offer.latitude);
    const id = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
    const members = groups.get(id);
    if (members) members.push(offer);
    else groups.set(id, [offer]);
  }
  return [...groups.values()].map((members) => ({
    key: members.map((offer) => offer.slug).join('|'),
    latitude: members.reduce((sum, offer) => sum + offer.latitude, 0) / members.length,
    longitude: members.reduce((sum, offer) => sum + offer.longitude, 0) / members.length,
    offers: members,
  }));
}
