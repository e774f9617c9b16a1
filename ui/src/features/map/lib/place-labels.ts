/**
 * Place names of the offline basemap, drawn as HTML over the map (it has no glyph server). Below
 * `PLACES_MIN_ZOOM` the style's main cities (`cities.geojson`, 100,000 people and more) are named;
 * from there on every place of the gazetteer (`places.geojson`, 5,000 people and more, loaded
 * only then), the smaller ones as the map zooms in, and the offer's own city always: zoomed to a
 * city, the offline map has no streets, so the names of the city and its neighbours are what it
 * can tell. Labels that would overlap a larger place's are left out.
 */

/** A named place: the style's cities and the gazetteer's places alike. */
export interface PlaceLabel {
  name: string;
  nameEn: string;
  /** 1: 400,000 people and more … 6: fewer than 10,000 (see `RANK_POPULATION`). */
  rank: number;
  coordinates: [number, number];
}

/** A place the map is about (an offer's location): its city is named whatever the zoom. */
export interface FocusPlace {
  city: string;
  longitude: number;
  latitude: number;
}

/** From this zoom on the gazetteer's places are loaded and named. */
export const PLACES_MIN_ZOOM = 8;

/** The smallest population of each rank (scripts/build-basemap.mjs writes the ranks). */
export const RANK_POPULATION = [400_000, 200_000, 100_000, 30_000, 10_000, 0] as const;

/** The largest rank named at a zoom (0: none). */
export function labelRank(zoom: number): number {
  if (zoom >= 10) return 6;
  if (zoom >= 9) return 5;
  if (zoom >= PLACES_MIN_ZOOM) return 4;
  if (zoom >= 7) return 3;
  if (zoom >= 6) return 2;
  return zoom >= 4.5 ? 1 : 0;
}

/** Lowercase without diacritics (ł too), for comparing a typed city with the gazetteer's. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .trim()
    .toLowerCase();
}

/** Great-circle distance in km. */
export function distanceKm([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A city of that name further than this from the offer is another place of the same name. */
export const FOCUS_MATCH_KM = 40;

/** The gazetteer place of an offer's city: the same name, the nearest within `FOCUS_MATCH_KM`. */
export function focusMatch(places: readonly PlaceLabel[], focus: FocusPlace): PlaceLabel | null {
  const name = foldName(focus.city);
  if (!name) return null;
  let best: { place: PlaceLabel; km: number } | null = null;
  for (const place of places) {
    if (foldName(place.name) !== name && foldName(place.nameEn) !== name) continue;
    const km = distanceKm(place.coordinates, [focus.longitude, focus.latitude]);
    if (km <= FOCUS_MATCH_KM && (!best || km < best.km)) best = { place, km };
  }
  return best?.place ?? null;
}

export interface PlacedLabel extends PlaceLabel {
  /** The offer's city (drawn larger, never left out). */
  focus: boolean;
  /** Which side of its point the name is written on: right, or left where the right runs off the map. */
  side: 'left' | 'right';
}

export interface LabelView {
  zoom: number;
  /** The room for labels: the map's size less its controls' margins (zoom buttons, scale, credit). */
  width: number;
  height: number;
  /** Screen pixel of a point (the map's `project`). */
  project: (coordinates: [number, number]) => [number, number];
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Approximate box of a label on screen: its dot and its text on `side` of the point (a focus label clears the offer's pin). */
function box(label: PlaceLabel, [x, y]: [number, number], focus: boolean, side: 'left' | 'right'): Box {
  const text = label.name.length * (focus ? 9 : label.rank <= 1 ? 7.5 : 6.5) + (focus ? 20 : 10);
  return side === 'right' ? { left: x - 4, right: x + text, top: y - 9, bottom: y + 9 } : { left: x - text, right: x + 4, top: y - 9, bottom: y + 9 };
}

/** An offer of this many locations or fewer has its cities named at any zoom (more: zoomed in only, or they would crowd the country). */
export const FOCUS_ALWAYS = 5;

/**
 * The labels to draw: the offer's cities (at any zoom for up to `FOCUS_ALWAYS` locations, else from
 * `PLACES_MIN_ZOOM` on; at the gazetteer's centre when it is in view, else at the offer's point: the
 * name is always seen), then the places of a rank the zoom names, larger first, inside the view and
 * not overlapping a label already placed.
 */
export function placeLabels(places: readonly PlaceLabel[], focus: readonly FocusPlace[], view: LabelView): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const boxes: Box[] = [];
  const seen = new Set<string>();
  const inView = (area: Box) => area.left >= 0 && area.right <= view.width && area.top >= 0 && area.bottom <= view.height;
  const free = (area: Box) => !boxes.some((other) => overlaps(area, other));
  /** The side a label fits on (in view, over no other label), if any. */
  const fit = (label: PlaceLabel, isFocus: boolean) => {
    const point = view.project(label.coordinates);
    return (['right', 'left'] as const).map((side) => ({ side, area: box(label, point, isFocus, side) })).find(({ area }) => inView(area) && free(area));
  };
  const take = (label: PlaceLabel, isFocus: boolean, spot = fit(label, isFocus)) => {
    if (seen.has(label.name) || !spot) return;
    seen.add(label.name);
    boxes.push(spot.area);
    placed.push({ ...label, focus: isFocus, side: spot.side });
  };
  for (const item of view.zoom >= PLACES_MIN_ZOOM || focus.length <= FOCUS_ALWAYS ? focus : []) {
    const match = focusMatch(places, item);
    const centre = match && fit(match, true);
    if (match && centre) take(match, true, centre);
    else {
      // At the offer: on the side that fits, else on a side wide enough (over a control or a name
      // rather than unnamed), else on the right.
      const atOffer: PlaceLabel = { name: match?.name ?? item.city, nameEn: match?.nameEn ?? item.city, rank: match?.rank ?? 6, coordinates: [item.longitude, item.latitude] };
      const point = view.project(atOffer.coordinates);
      const sides = (['right', 'left'] as const).map((side) => ({ side, area: box(atOffer, point, true, side) }));
      take(atOffer, true, fit(atOffer, true) ?? sides.find(({ area }) => area.left >= 0 && area.right <= view.width) ?? sides[0]);
    }
  }
  const limit = labelRank(view.zoom);
  const ranked = places.filter((place) => place.rank <= limit).sort((a, b) => a.rank - b.rank);
  for (const place of ranked) take(place, false);
  return placed;
}

/**
 * A larger place beyond the edge of the view: its name and distance on the edge, towards it. Zoomed
 * to a town, the offline map shows no streets and few names; where the nearest cities lie is what
 * tells a visitor where the town is.
 */
export interface EdgePointer {
  name: string;
  nameEn: string;
  /** Distance from the offer, whole km. */
  km: number;
  /** Screen position on the edge (inside the room for labels). */
  x: number;
  y: number;
  edge: 'top' | 'right' | 'bottom' | 'left';
  /** Direction on screen, degrees clockwise from east (for the arrow). */
  angle: number;
}

/** At most this many pointers, this far at most, and this many degrees apart. */
export const EDGE_POINTERS = { count: 3, maxKm: 150, minAngle: 60, rank: 3 } as const;

/** A city of 100,000 is worth pointing to before a larger one only when much nearer: its distance counts half again. */
const pointerOrder = (km: number, rank: number) => km * (rank >= 3 ? 1.5 : 1);

/** Inset of the pointers from the edges, px. */
const EDGE_INSET = 6;

/** The screen boxes of placed labels and of the offers' pins, which pointers keep clear of. */
function occupied(labels: readonly PlacedLabel[], focus: readonly FocusPlace[], view: LabelView): Box[] {
  const pins = focus.map((item) => {
    const [x, y] = view.project([item.longitude, item.latitude]);
    return { left: x - 16, right: x + 16, top: y - 36, bottom: y + 4 };
  });
  return [...labels.map((label) => box(label, view.project(label.coordinates), label.focus, label.side)), ...pins];
}

/** Approximate box of a pointer centred on its anchor (the CSS translates it so). */
function pointerBox(name: string, km: number, x: number, y: number, edge: EdgePointer['edge']): Box {
  const width = (name.length + String(km).length + 4) * 6.5 + 20;
  const left = edge === 'right' ? x - width : edge === 'left' ? x : x - width / 2;
  const top = edge === 'bottom' ? y - 20 : edge === 'top' ? y : y - 10;
  return { left, right: left + width, top, bottom: top + 20 };
}

/**
 * The nearest cities (rank `EDGE_POINTERS.rank` or larger, the largest favoured) outside the view, up to
 * `EDGE_POINTERS.count`, each in a direction of its own, placed where the line from the view's
 * centre towards them leaves the view, slid along that edge off the offer's pin and the labels
 * (`labels`, from `placeLabels`). Maps of an offer (`focus`) from `PLACES_MIN_ZOOM` on only.
 */
export function edgePointers(places: readonly PlaceLabel[], focus: readonly FocusPlace[], view: LabelView, labels: readonly PlacedLabel[] = []): EdgePointer[] {
  if (view.zoom < PLACES_MIN_ZOOM || !focus.length) return [];
  const cx = view.width / 2;
  const cy = view.height / 2;
  const from: [number, number] = [focus[0].longitude, focus[0].latitude];
  const own = new Set(focus.map((item) => foldName(item.city)));
  const candidates = places
    .filter((place) => place.rank <= EDGE_POINTERS.rank && !own.has(foldName(place.name)))
    .map((place) => {
      const [x, y] = view.project(place.coordinates);
      return { place, x, y, km: distanceKm(from, place.coordinates) };
    })
    .filter(({ x, y, km }) => (x < 0 || x > view.width || y < 0 || y > view.height) && km <= EDGE_POINTERS.maxKm)
    .sort((a, b) => pointerOrder(a.km, a.place.rank) - pointerOrder(b.km, b.place.rank));
  const pointers: EdgePointer[] = [];
  const taken = occupied(labels, focus, view);
  for (const { place, x, y, km } of candidates) {
    if (pointers.length >= EDGE_POINTERS.count) break;
    const angle = (Math.atan2(y - cy, x - cx) * 180) / Math.PI;
    const apart = (other: EdgePointer) => Math.abs(((angle - other.angle + 540) % 360) - 180) >= EDGE_POINTERS.minAngle;
    if (!pointers.every(apart)) continue;
    // Where the ray from the centre leaves the inset rectangle.
    const dx = x - cx;
    const dy = y - cy;
    const scale = Math.min(dx ? (cx - EDGE_INSET) / Math.abs(dx) : Infinity, dy ? (cy - EDGE_INSET) / Math.abs(dy) : Infinity);
    const ex = cx + dx * scale;
    const ey = cy + dy * scale;
    const horizontal = Math.abs(dx) * (cy - EDGE_INSET) >= Math.abs(dy) * (cx - EDGE_INSET);
    const edge = horizontal ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'bottom' : 'top';
    const rounded = Math.round(km);
    // Slide along the edge, nearest first, to the first spot that covers nothing (else drop it).
    const spot = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6]
      .map((step) => (horizontal ? { x: ex, y: ey + step * 12 } : { x: ex + step * 16, y: ey }))
      .map((at) => ({ ...at, area: pointerBox(place.name, rounded, at.x, at.y, edge) }))
      .find(({ area }) => area.left >= 0 && area.right <= view.width && area.top >= 0 && area.bottom <= view.height && !taken.some((other) => overlaps(area, other)));
    if (!spot) continue;
    taken.push(spot.area);
    pointers.push({ name: place.name, nameEn: place.nameEn, km: rounded, x: spot.x, y: spot.y, edge, angle });
  }
  return pointers;
}
