import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { distanceKm, edgePointers, focusMatch, foldName, labelRank, placeLabels, PLACES_MIN_ZOOM, RANK_POPULATION, type LabelView, type PlaceLabel } from './lib/place-labels';
import { boardStyles, OFFLINE_STYLES, selectStyleUrl, usesOfflineBasemap } from './lib/style';

const read = (path: string) => JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8'));

describe("a board's tile provider", () => {
  const provider = { styleUrl: 'https://tiles.example.com/streets.json?key=k', styleUrlDark: null };
  const built = { light: 'https://build.example/light.json', dark: 'https://build.example/dark.json' };

  it("replaces the offline basemap and the build's style, in both schemes unless it has a dark one", () => {
    expect(selectStyleUrl('light', boardStyles(provider, built))).toBe(provider.styleUrl);
    expect(selectStyleUrl('dark', boardStyles(provider, built))).toBe(provider.styleUrl);
    const dark = { ...provider, styleUrlDark: 'https://tiles.example.com/dark.json' };
    expect(selectStyleUrl('dark', boardStyles(dark, built))).toBe('https://tiles.example.com/dark.json');
    expect(selectStyleUrl('light', boardStyles(dark, built))).toBe(provider.styleUrl);
  });

  it("leaves the build's NEXT_PUBLIC_MAP_STYLE_URL, else the offline basemap, to boards without one", () => {
    expect(selectStyleUrl('dark', boardStyles(null, built))).toBe(built.dark);
    expect(selectStyleUrl('light', boardStyles(null, {}))).toBe(OFFLINE_STYLES.light);
    expect(selectStyleUrl('dark', boardStyles({ styleUrl: '', styleUrlDark: null }, {}))).toBe(OFFLINE_STYLES.dark);
  });

  it('tells when the maps draw the offline basemap', () => {
    expect(usesOfflineBasemap(null, {})).toBe(true);
    expect(usesOfflineBasemap(provider, {})).toBe(false);
    expect(usesOfflineBasemap(null, built)).toBe(false);
  });
});

/** A flat projection: 1,000 px per degree (about zoom 10), the view's top left corner at (west, north). */
function view(zoom: number, [west, north]: [number, number], width = 600, height = 300): LabelView {
  return { zoom, width, height, project: ([lon, lat]) => [(lon - west) * 1000, (north - lat) * 1000] };
}

const place = (name: string, rank: number, coordinates: [number, number], nameEn = name): PlaceLabel => ({ name, nameEn, rank, coordinates });
const KRAKOW = place('Kraków', 1, [19.9366, 50.0614], 'Cracow');
const WIELICZKA = place('Wieliczka', 5, [20.0647, 49.987]);
const SKAWINA = place('Skawina', 5, [19.8279, 49.9753]);
const NIEPOLOMICE = place('Niepołomice', 6, [20.2199, 50.0397]);
const PLACES = [KRAKOW, WIELICZKA, SKAWINA, NIEPOLOMICE];

describe('place names', () => {
  it('names smaller places as the map zooms in', () => {
    expect([4, 4.5, 6, 7, PLACES_MIN_ZOOM, 9, 10, 14].map(labelRank)).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
    expect(RANK_POPULATION).toHaveLength(6);
    const around = view(9, [19.5, 50.5], 1000, 1000);
    expect(placeLabels(PLACES, [], around).map((label) => label.name)).toEqual(['Kraków', 'Wieliczka', 'Skawina']);
    expect(placeLabels(PLACES, [], { ...around, zoom: 10 }).map((label) => label.name)).toContain('Niepołomice');
  });

  it('leaves out places outside the view and labels that would cover a larger place', () => {
    expect(placeLabels(PLACES, [], view(10, [20.0, 50.1])).map((label) => label.name)).toEqual(['Wieliczka', 'Niepołomice']);
    const crowded = [KRAKOW, place('Krakówek', 6, [19.94, 50.06])];
    expect(placeLabels(crowded, [], view(12, [19.5, 50.5], 1000, 1000)).map((label) => label.name)).toEqual(['Kraków']);
  });

  it('writes a name on the left of its place where the right would run off the map', () => {
    // Kraków 40 px from the right edge: its name goes left; Niepołomice further in stays right.
    const labels = placeLabels([KRAKOW, NIEPOLOMICE], [], view(10, [19.3766, 50.2], 600, 300));
    expect(labels.map(({ name, side }) => [name, side])).toEqual([['Kraków', 'left']]);
    expect(placeLabels([NIEPOLOMICE], [], view(10, [20.0, 50.2]))[0].side).toBe('right');
  });

  it("finds the offer's city by its name, with or without diacritics, and the nearest of two namesakes", () => {
    expect(foldName(' Łódź ')).toBe('lodz');
    expect(focusMatch(PLACES, { city: 'krakow', longitude: 19.95, latitude: 50.05 })).toBe(KRAKOW);
    expect(focusMatch(PLACES, { city: 'Cracow', longitude: 19.95, latitude: 50.05 })).toBe(KRAKOW);
    const twins = [place('Nowa Wieś', 6, [19, 50]), place('Nowa Wieś', 6, [21, 52])];
    expect(focusMatch(twins, { city: 'Nowa Wieś', longitude: 20.9, latitude: 52.1 })).toBe(twins[1]);
    expect(focusMatch(PLACES, { city: 'Kraków', longitude: 21.0, latitude: 52.2 }), 'a Kraków 250 km away is another place').toBeNull();
    expect(distanceKm([19.9366, 50.0614], [21.0118, 52.2298])).toBeCloseTo(252.5, 0);
  });

  it("always names the offer's city once zoomed in: at its centre in view, else at the offer", () => {
    const inCentre = placeLabels(PLACES, [{ city: 'Kraków', longitude: 19.94, latitude: 50.06 }], view(11, [19.8, 50.15]));
    expect(inCentre[0]).toMatchObject({ name: 'Kraków', focus: true, coordinates: KRAKOW.coordinates });
    // The offer on the far edge of town: the centre is out of view, so the name goes to the offer.
    const outskirts = placeLabels(PLACES, [{ city: 'Kraków', longitude: 20.1, latitude: 50.09 }], view(11, [20.05, 50.12]));
    expect(outskirts[0]).toMatchObject({ name: 'Kraków', nameEn: 'Cracow', focus: true, coordinates: [20.1, 50.09] });
    // Near the bottom right corner, where no side fits the room: on the side that is wide enough.
    const corner = placeLabels([], [{ city: 'Warszawa', longitude: 20.55, latitude: 49.805 }], view(11, [20.0, 50.1]));
    expect(corner[0]).toMatchObject({ name: 'Warszawa', side: 'left' });
    // A village the gazetteer does not list is still named, at the offer.
    const village = placeLabels(PLACES, [{ city: 'Zabierzów Bocheński', longitude: 20.3, latitude: 50.02 }], view(11, [20.0, 50.1]));
    expect(village[0]).toMatchObject({ name: 'Zabierzów Bocheński', focus: true, coordinates: [20.3, 50.02] });
    // Zoomed out over the country: an offer of a few locations has them named; of many, the main cities speak for themselves.
    const country = { ...view(5, [14, 55]), project: ([lon, lat]: [number, number]): [number, number] => [(lon - 14) * 50, (55 - lat) * 50] };
    const few = [{ city: 'Kraków', longitude: 19.94, latitude: 50.06 }];
    expect(placeLabels(PLACES, few, country).filter((label) => label.focus).map((label) => label.name)).toEqual(['Kraków']);
    const many = ['Kraków', 'Wieliczka', 'Skawina', 'Niepołomice', 'Bochnia', 'Tarnów'].map((city, i) => ({ city, longitude: 19.9 + i / 10, latitude: 50 }));
    expect(placeLabels(PLACES, many, country).some((label) => label.focus)).toBe(false);
  });
});

describe('pointers to the cities beyond the edges', () => {
  const WROCLAW = place('Wrocław', 1, [17.0301, 51.1029]);
  const LEGNICA = place('Legnica', 3, [16.1616, 51.2101]);
  const WALBRZYCH = place('Wałbrzych', 3, [16.2843, 50.7714]);
  const JAWOR = place('Jawor', 5, [16.1934, 51.0521]);
  const jawor = [{ city: 'Jawor', longitude: 16.1934, latitude: 51.0521 }];
  /** 600 × 300 px around Jawor. */
  const around = view(11, [16.0434, 51.1271]);

  it("points to the nearest cities, each its own way, on the edge towards it, with the distance from the offer", () => {
    const pointers = edgePointers([WROCLAW, LEGNICA, WALBRZYCH, JAWOR], jawor, around);
    expect(pointers.map(({ name, km, edge }) => [name, km, edge])).toEqual([
      ['Legnica', 18, 'top'],
      ['Wałbrzych', 32, 'bottom'],
      ['Wrocław', 59, 'right'],
    ]);
    const legnica = pointers[0];
    expect(legnica.y).toBeCloseTo(6);
    expect(legnica.x).toBeGreaterThan(0);
    expect(legnica.x).toBeLessThan(300);
  });

  it("leaves out places in view, small places, the offer's own city, far cities, and maps of no offer", () => {
    expect(edgePointers([JAWOR, place('Bolków', 6, [16.1, 50.92])], jawor, around)).toEqual([]);
    expect(edgePointers([place('Jawor', 1, [17.0, 51.0])], jawor, around)).toEqual([]);
    expect(edgePointers([place('Warszawa', 1, [21.0118, 52.2298])], jawor, around), '350 km away').toEqual([]);
    expect(edgePointers([WROCLAW], [], around)).toEqual([]);
    expect(edgePointers([WROCLAW], jawor, { ...around, zoom: 7 })).toEqual([]);
  });

  it("slides along its edge off the offer's pin and name", () => {
    // A narrow map (the offer page's card) with Jawor in the middle: Wrocław's pointer would sit on "Jawor".
    const narrow = view(11, [16.0634, 51.1581], 260, 212);
    const labels = placeLabels([JAWOR], jawor, narrow);
    expect(labels).toMatchObject([{ name: 'Jawor', focus: true }]);
    const [wroclaw] = edgePointers([WROCLAW], jawor, narrow, labels);
    expect(wroclaw).toMatchObject({ name: 'Wrocław', edge: 'right' });
    expect(wroclaw.y).toBeCloseTo(86.4, 0);
    expect(edgePointers([WROCLAW], jawor, narrow)[0].y, 'without labels to avoid').toBeCloseTo(98.4, 0);
  });

  it('favours a large city over a smaller one a little nearer the same way', () => {
    const krakow = [{ city: 'Kraków', longitude: 19.9366, latitude: 50.0614 }];
    const katowice = place('Katowice', 2, [19.0238, 50.2649]);
    const dabrowa = place('Dąbrowa Górnicza', 3, [19.1874, 50.3217]);
    const [first] = edgePointers([dabrowa, katowice], krakow, view(11, [19.8, 50.15]));
    expect(first.name).toBe('Katowice');
  });

  it('keeps one pointer per direction: the nearer city of two the same way', () => {
    const beyondLegnica = place('Głogów', 3, [16.0904, 51.6633]);
    expect(edgePointers([beyondLegnica, LEGNICA], jawor, around).map((pointer) => pointer.name)).toEqual(['Legnica']);
  });
});

describe('the offline basemap data', () => {
  const gazetteer = read('../../../../index-data/cities.json') as { name: string; population: number }[];
  const places = read('../../../public/map/places.geojson') as { features: { properties: { name: string; rank: number } }[] };
  const style = read('../../../public/map/style-light.json') as { metadata: Record<string, unknown>; layers: { id: string; maxzoom?: number }[] };

  it('names every place of the gazetteer, ranked by population, and is loaded only when zoomed in', () => {
    expect(places.features).toHaveLength(gazetteer.length);
    const byName = new Map(gazetteer.map((city) => [city.name, city.population]));
    for (const { properties } of places.features) {
      const population = byName.get(properties.name) ?? -1;
      expect(population, properties.name).toBeGreaterThanOrEqual(RANK_POPULATION[properties.rank - 1]);
      if (properties.rank > 1) expect(population, properties.name).toBeLessThan(RANK_POPULATION[properties.rank - 2]);
    }
    expect(style.metadata['wakat:places']).toBe('/map/places.geojson');
    expect(JSON.stringify(style), 'not a source of the style: MapLibre would load it with the style').not.toContain('"data":"/map/places.geojson"');
  });

  it('fades the 1:50m rivers and lakes out before city zoom', () => {
    const coarse = style.layers.filter((layer) => layer.id === 'rivers' || layer.id === 'lakes');
    expect(coarse.map((layer) => layer.maxzoom)).toEqual([10, 10]);
  });
});

/** Ray casting: whether [lon, lat] lies inside a polygon's outer ring and outside its holes. */
function insidePolygon([x, y]: [number, number], rings: [number, number][][]): boolean {
  const inRing = (ring: [number, number][]) => {
    let inside = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  return inRing(rings[0]) && !rings.slice(1).some(inRing);
}

describe("the offline basemap's city outlines (issue 23: a map at city zoom showed a white box)", () => {
  type Outline = { properties: { slug: string; name: string }; geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown } };
  const outlines = read('../../../public/map/city-outlines.geojson') as { features: Outline[] };
  const gazetteer = read('../../../../index-data/cities.json') as { slug: string; lat: number; lon: number; population: number }[];
  const polygons = (outline: Outline) => (outline.geometry.type === 'Polygon' ? [outline.geometry.coordinates] : outline.geometry.coordinates) as [number, number][][][];
  const styles = ['light', 'dark'].map((scheme) => read(`../../../public/map/style-${scheme}.json`) as { sources: Record<string, { data?: string }>; layers: { id: string; source?: string; minzoom?: number }[] });

  it('outline the 66 cities with powiat rights, each around its own gazetteer point', () => {
    expect(outlines.features).toHaveLength(66);
    const bySlug = new Map(gazetteer.map((city) => [city.slug, city]));
    for (const outline of outlines.features) {
      const city = bySlug.get(outline.properties.slug);
      expect(city, outline.properties.slug).toBeDefined();
      expect(polygons(outline).some((rings) => insidePolygon([city!.lon, city!.lat], rings)), outline.properties.name).toBe(true);
    }
    // Every city of 200,000 people and more has one.
    const outlined = new Set(outlines.features.map((outline) => outline.properties.slug));
    for (const city of gazetteer.filter((place) => place.population >= 200_000)) expect(outlined.has(city.slug), city.slug).toBe(true);
  });

  it('are drawn by both styles from city zoom, not from afar', () => {
    for (const style of styles) {
      expect(style.sources['city-outlines']?.data).toBe('/map/city-outlines.geojson');
      const layers = style.layers.filter((layer) => layer.source === 'city-outlines');
      expect(layers.map((layer) => [layer.id, layer.minzoom])).toEqual([
        ['city-areas', 8],
        ['city-outlines', 8],
      ]);
    }
  });
});
