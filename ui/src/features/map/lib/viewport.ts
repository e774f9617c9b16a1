/**
 * Viewport arithmetic of the offers map: the bounds sent to the clusters call are the visible ones
 * grown by 5% of their span on every side (so small pans reuse the answer), clamped to what the API
 * accepts, and rounded so that nearly equal viewports share one request (and one cache entry).
 */

export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** Spec: the viewport sent to the server is expanded by 5 percent. */
export const VIEWPORT_PADDING = 0.05;
/** Web Mercator cannot show the poles; the API rejects latitudes beyond ±90 anyway. */
const MAX_LATITUDE = 85;
/** Roughly Poland, the initial bounds of the list map (spec: "initial bounds roughly Poland"). */
export const POLAND_BOUNDS: Bounds = { north: 54.9, south: 49.0, east: 24.2, west: 14.1 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Grows bounds by `ratio` of their height and width on each side (like Leaflet's `pad`). */
export function expandBounds(bounds: Bounds, ratio = VIEWPORT_PADDING): Bounds {
  const height = Math.abs(bounds.north - bounds.south);
  const width = Math.abs(bounds.east - bounds.west);
  return clampBounds({
    north: bounds.north + height * ratio,
    south: bounds.south - height * ratio,
    east: bounds.east + width * ratio,
    west: bounds.west - width * ratio,
  });
}

/** Keeps bounds inside ±85° latitude and ±180° longitude; a view wider than the world becomes the world. */
export function clampBounds(bounds: Bounds): Bounds {
  const wraps = bounds.east - bounds.west >= 360;
  return {
    north: clamp(bounds.north, -MAX_LATITUDE, MAX_LATITUDE),
    south: clamp(bounds.south, -MAX_LATITUDE, MAX_LATITUDE),
    east: wraps ? 180 : clamp(bounds.east, -180, 180),
    west: wraps ? -180 : clamp(bounds.west, -180, 180),
  };
}

/** Rounds outward to `digits` decimals, so the rounded bounds still cover the original ones. */
export function roundBounds(bounds: Bounds, digits = 3): Bounds {
  const factor = 10 ** digits;
  const up = (value: number) => Math.ceil(value * factor - 1e-9) / factor;
  const down = (value: number) => Math.floor(value * factor + 1e-9) / factor;
  return { north: up(bounds.north), south: down(bounds.south), east: up(bounds.east), west: down(bounds.west) };
}

/** The API zoom of a map zoom: whole levels (clusters change per level), 0 to 22. */
export function apiZoom(zoom: number): number {
  return clamp(Math.round(zoom), 0, 22);
}

/** The viewport part of a clusters query: expanded, clamped and rounded bounds plus zoom. */
export function viewportQuery(bounds: Bounds, zoom: number): Bounds & { zoom: number } {
  return { ...roundBounds(expandBounds(bounds)), zoom: apiZoom(zoom) };
}

export function sameViewport(a: (Bounds & { zoom: number }) | null, b: (Bounds & { zoom: number }) | null): boolean {
  if (!a || !b) return a === b;
  return a.zoom === b.zoom && a.north === b.north && a.south === b.south && a.east === b.east && a.west === b.west;
}

/** Bounds of points ([lon, lat]) or null when there are none. */
export function boundsOf(points: [number, number][]): Bounds | null {
  if (!points.length) return null;
  let north = -90;
  let south = 90;
  let east = -180;
  let west = 180;
  for (const [lon, lat] of points) {
    north = Math.max(north, lat);
    south = Math.min(south, lat);
    east = Math.max(east, lon);
    west = Math.min(west, lon);
  }
  return { north, south, east, west };
}
