/** MapLibre GL 5+ draws with WebGL 2; without it the map cannot work and a message asks for a newer browser. */
export function supportsWebGL2(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    const context = canvas.getContext('webgl2');
    return Boolean(context);
  } catch {
    return false;
  }
}

/** Where MapLibre's worker is served from (copied by scripts/build-basemap.mjs). */
export const WORKER_URL = '/map/maplibre-gl-worker.mjs';
