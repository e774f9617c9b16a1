import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clustersKey, clustersQuery } from './api/get-clusters';
import { markersKey, markersQuery } from './api/get-markers';
import { offerLocations } from './components/offer-map';
import { zoomForRadius } from './components/list-map-panel';
import { createDebouncer, VIEWPORT_DEBOUNCE_MS, type Timers } from './lib/debounce';
import { bubbleSize, clusterLabel } from './lib/labels';
import { hrefWithLayout, LAYOUT_COOKIE, LAYOUT_COOKIE_MAX_AGE, mapColumnShown, parseLayout, resolveLayout } from './lib/layout';
import { absolutizeStyle, isOfflineStyle, OFFLINE_STYLES, resolveScheme, selectStyleUrl } from './lib/style';
import { apiZoom, boundsOf, clampBounds, expandBounds, roundBounds, sameViewport, viewportQuery } from './lib/viewport';
import { createTranslator, messages } from '@/i18n/translate';
import type { Offer } from '@/lib/types';

/** Fake timers: `tick(ms)` runs what is due. */
function fakeTimers() {
  let now = 0;
  let next = 1;
  const pending = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    set: (run, ms) => {
      const id = next++;
      pending.set(id, { at: now + ms, run });
      return id;
    },
    clear: (id) => void pending.delete(id as number),
  };
  const tick = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...pending]) {
      if (timer.at <= now) {
        pending.delete(id);
        timer.run();
      }
    }
  };
  return { timers, tick, pending };
}

describe('viewport', () => {
  it('expands bounds by 5% of the span on every side', () => {
    const expanded = expandBounds({ north: 54, south: 50, east: 24, west: 14 });
    expect(expanded.north).toBeCloseTo(54.2);
    expect(expanded.south).toBeCloseTo(49.8);
    expect(expanded.east).toBeCloseTo(24.5);
    expect(expanded.west).toBeCloseTo(13.5);
  });

  it('clamps to what the API accepts', () => {
    expect(expandBounds({ north: 84, south: -84, east: 179, west: -179 })).toEqual({ north: 85, south: -85, east: 180, west: -180 });
    expect(clampBounds({ north: 10, south: 0, east: 400, west: -20 })).toEqual({ north: 10, south: 0, east: 180, west: -180 });
  });

  it('rounds outward so the rounded bounds still cover the view', () => {
    expect(roundBounds({ north: 52.12341, south: 50.98769, east: 21.00011, west: 19.99999 })).toEqual({ north: 52.124, south: 50.987, east: 21.001, west: 19.999 });
  });

  it('sends whole zoom levels within 0..22', () => {
    expect(apiZoom(6.4)).toBe(6);
    expect(apiZoom(6.6)).toBe(7);
    expect(apiZoom(30)).toBe(22);
    expect(apiZoom(-1)).toBe(0);
  });

  it('builds comparable viewport queries', () => {
    const a = viewportQuery({ north: 54, south: 50, east: 24, west: 14 }, 6.2);
    const b = viewportQuery({ north: 54, south: 50, east: 24, west: 14 }, 5.9);
    expect(a).toEqual({ north: 54.2, south: 49.8, east: 24.5, west: 13.5, zoom: 6 });
    expect(sameViewport(a, b)).toBe(true);
    expect(sameViewport(a, { ...a, zoom: 7 })).toBe(false);
    expect(sameViewport(null, null)).toBe(true);
  });

  it('finds the bounds of points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([[19, 50], [21, 52]])).toEqual({ north: 52, south: 50, east: 21, west: 19 });
  });

  it('zooms to a city and its radius', () => {
    expect(zoomForRadius(null)).toBe(9);
    expect(zoomForRadius(10)).toBe(10);
    expect(zoomForRadius(40)).toBe(8);
    expect(zoomForRadius(500)).toBe(5);
  });
});

describe('labels', () => {
  it('caps marker labels at 99+', () => {
    expect(clusterLabel(1)).toBe('1');
    expect(clusterLabel(99)).toBe('99');
    expect(clusterLabel(100)).toBe('99+');
    expect(clusterLabel(12345)).toBe('99+');
    expect(clusterLabel(-3)).toBe('0');
    expect(clusterLabel(Number.NaN)).toBe('0');
  });

  it('grows bubbles with the count within 28..56 px', () => {
    expect(bubbleSize(1)).toBe(28);
    expect(bubbleSize(100)).toBeGreaterThan(bubbleSize(10));
    expect(bubbleSize(10 ** 9)).toBe(56);
  });
});

describe('debounce', () => {
  it('delivers only the last value, 400 ms after the last push', () => {
    const { timers, tick } = fakeTimers();
    const seen: number[] = [];
    const debounced = createDebouncer<number>((value) => seen.push(value), VIEWPORT_DEBOUNCE_MS, timers);
    expect(VIEWPORT_DEBOUNCE_MS).toBe(400);
    debounced.push(1);
    tick(300);
    debounced.push(2);
    tick(300);
    expect(seen).toEqual([]);
    tick(100);
    expect(seen).toEqual([2]);
    tick(1000);
    expect(seen).toEqual([2]);
  });

  it('flushes and cancels', () => {
    const { timers, tick, pending } = fakeTimers();
    const seen: string[] = [];
    const debounced = createDebouncer<string>((value) => seen.push(value), 400, timers);
    debounced.push('a');
    debounced.flush();
    expect(seen).toEqual(['a']);
    debounced.push('b');
    debounced.cancel();
    tick(1000);
    expect(seen).toEqual(['a']);
    expect(pending.size).toBe(0);
    debounced.flush();
    expect(seen).toEqual(['a']);
  });
});

describe('list layout cookie', () => {
  it('keeps the layout a month under its spec name', () => {
    expect(LAYOUT_COOKIE).toBe('offers-list-layout');
    expect(LAYOUT_COOKIE_MAX_AGE).toBe(2_592_000);
  });

  it('parses only list and map', () => {
    expect(parseLayout('map')).toBe('map');
    expect(parseLayout(' LIST ')).toBe('list');
    expect(parseLayout('grid')).toBeNull();
    expect(parseLayout(undefined)).toBeNull();
  });

  it('lets showMap win over the cookie', () => {
    expect(resolveLayout(true, 'list')).toBe('map');
    expect(resolveLayout(false, 'map')).toBe('list');
    expect(resolveLayout(null, 'map')).toBe('map');
    expect(resolveLayout(null, null)).toBe('list');
  });

  it('writes showMap into the address', () => {
    expect(hrefWithLayout('/krakow?keyword=java', 'map')).toBe('/krakow?keyword=java&showMap=true');
    expect(hrefWithLayout('/krakow?keyword=java&showMap=true#location', 'list')).toBe('/krakow?keyword=java#location');
    expect(hrefWithLayout('/all-locations?showMap=true', 'list')).toBe('/all-locations');
  });
});

describe('map style', () => {
  it('uses the offline styles unless a tile style is configured', () => {
    expect(selectStyleUrl('light', {})).toBe(OFFLINE_STYLES.light);
    expect(selectStyleUrl('dark', {})).toBe('/map/style-dark.json');
    expect(selectStyleUrl('light', { light: 'https://tiles.example/light.json' })).toBe('https://tiles.example/light.json');
    expect(selectStyleUrl('dark', { light: 'https://tiles.example/light.json' })).toBe('https://tiles.example/light.json');
    expect(selectStyleUrl('dark', { light: 'https://t/l.json', dark: 'https://t/d.json' })).toBe('https://t/d.json');
  });

  it('follows data-theme, then the system preference', () => {
    expect(resolveScheme('dark', false)).toBe('dark');
    expect(resolveScheme('light', true)).toBe('light');
    expect(resolveScheme(null, true)).toBe('dark');
    expect(resolveScheme(undefined, false)).toBe('light');
  });

  it('makes source URLs absolute', () => {
    const style = absolutizeStyle({ version: 8, sources: { a: { type: 'geojson', data: '/map/poland.geojson' }, b: { type: 'vector', tiles: ['/t/{z}/{x}/{y}.pbf'] }, c: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } } }, 'http://127.0.0.1:3011/krakow?x=1');
    expect(style.sources?.a.data).toBe('http://127.0.0.1:3011/map/poland.geojson');
    expect(style.sources?.b.tiles).toEqual(['http://127.0.0.1:3011/t/{z}/{x}/{y}.pbf']);
    expect(typeof style.sources?.c.data).toBe('object');
    expect(absolutizeStyle({ glyphs: 'https://fonts.example/{fontstack}/{range}.pbf', sources: {} }, 'http://a/').glyphs).toBe('https://fonts.example/{fontstack}/{range}.pbf');
  });

  it('ships light and dark offline styles that need no glyph or sprite server', () => {
    for (const name of ['light', 'dark']) {
      const style = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/map/style-${name}.json`, import.meta.url)), 'utf8'));
      expect(style.version).toBe(8);
      expect(isOfflineStyle(style)).toBe(true);
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      expect(style.layers.some((layer: { type: string }) => layer.type === 'symbol')).toBe(false);
      for (const source of Object.values(style.sources) as { data: string }[]) expect(source.data).toMatch(/^\/map\/[a-z-]+\.geojson$/);
    }
  });

  it('ships the basemap: 16 voivodeships, the outline, cities, rivers', () => {
    const read = (file: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/map/${file}`, import.meta.url)), 'utf8'));
    const poland = read('poland.geojson');
    const kinds = (collection: { features: { properties: { kind: string } }[] }) => collection.features.map((feature) => feature.properties.kind);
    expect(kinds(poland).filter((kind: string) => kind === 'voivodeship')).toHaveLength(16);
    expect(kinds(poland)).toContain('country-border');
    expect(kinds(read('context.geojson'))).toContain('river');
    const cities = read('cities.geojson').features.map((feature: { properties: { name: string } }) => feature.properties.name);
    expect(cities).toEqual(expect.arrayContaining(['Warszawa', 'Kraków', 'Gdańsk', 'Wrocław', 'Poznań', 'Łódź']));
  });

  it("serves the installed MapLibre's worker (rerun scripts/build-basemap.mjs after an upgrade)", () => {
    const served = readFileSync(fileURLToPath(new URL('../../../public/map/maplibre-gl-worker.mjs', import.meta.url)));
    const installed = readFileSync(fileURLToPath(new URL('../../../node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs', import.meta.url)));
    expect(served.equals(installed)).toBe(true);
  });
});

describe('requests', () => {
  it('adds the viewport to the list query, without paging', () => {
    const query = clustersQuery('keywords%5B%5D=java&city=krakow&page=2&perPage=100', { north: 1, south: 0, east: 3, west: 2, zoom: 6 });
    expect(query.get('keywords[]')).toBe('java');
    expect(query.get('city')).toBe('krakow');
    expect(query.has('page')).toBe(false);
    expect(query.get('zoom')).toBe('6');
    expect(query.get('west')).toBe('2');
    expect(clustersKey('a=1', null)).toBeNull();
    expect(clustersKey('a=1', { north: 1, south: 0, east: 3, west: 2, zoom: 6 })).toBe('/v2/user-panel/offers/clusters?a=1&zoom=6&north=1&south=0&east=3&west=2');
  });

  it("pages a cluster's markers by 20", () => {
    const query = markersQuery('withSalary=true', '831e2efffffffff', 2);
    expect(query.get('region')).toBe('831e2efffffffff');
    expect(query.get('perPage')).toBe('20');
    expect(query.get('page')).toBe('2');
    expect(markersKey('x=1', null, 0, null)).toBeNull();
    const meta = { page: 2, perPage: 20, totalItems: 40, totalPages: 2 };
    expect(markersKey('x=1', 'r', 2, { data: [], meta })).toBeNull();
    expect(markersKey('x=1', 'r', 1, { data: [], meta: { ...meta, page: 1 } })).toContain('page=2');
  });

  it('maps every location of an offer, its own first', () => {
    const offer = {
      slug: 'a-krakow',
      city: 'Kraków',
      street: null,
      latitude: 50,
      longitude: 20,
      multilocation: [
        { slug: 'a-krakow', city: 'Kraków', street: null, latitude: 50, longitude: 20 },
        { slug: 'a-krakow-warszawa', city: 'Warszawa', street: 'Prosta 1', latitude: 52, longitude: 21 },
      ],
    } as Pick<Offer, 'slug' | 'city' | 'street' | 'latitude' | 'longitude' | 'multilocation'>;
    expect(offerLocations(offer).map((location) => location.slug)).toEqual(['a-krakow', 'a-krakow-warszawa']);
  });
});

describe('map messages', () => {
  it('has every map key in both languages, with Polish plural forms', () => {
    const pl = Object.keys(messages.pl).filter((key) => key.startsWith('map.'));
    const en = Object.keys(messages.en).filter((key) => key.startsWith('map.'));
    expect(pl.sort()).toEqual(en.sort());
    const t = createTranslator('pl');
    expect(t('map.popupTitle', { count: 1, n: 1 })).toBe('1 oferta');
    expect(t('map.popupTitle', { count: 3, n: 3 })).toBe('3 oferty');
    expect(t('map.popupTitle', { count: 25, n: 25 })).toBe('25 ofert');
    expect(createTranslator('en')('map.cluster', { count: 2, n: 2 })).toBe('2 offers here');
  });
});

describe('map column (flag toggleableMap)', () => {
  it('can be hidden by the visitor only when the flag is on', () => {
    expect(mapColumnShown(true, 'true')).toBe(false);
    expect(mapColumnShown(true, undefined)).toBe(true);
    expect(mapColumnShown(false, 'true')).toBe(true);
  });
});
