import { describe, expect, it } from 'vitest';
import { groupMarkers, MARKER_MIN_ZOOM, markerPlan, MAX_MARKERS, worldPixel } from './lib/places';

describe('markers instead of bubbles', () => {
  it('a city view that is one cluster gets its offers as markers', () => {
    expect(markerPlan([{ count: 331 }], 9)).toEqual({ total: 331, pages: 4, truncated: false });
    // A big city: the first 500 are drawn.
    expect(markerPlan([{ count: 827 }], 9)).toEqual({ total: 827, pages: 5, truncated: true });
  });

  it('a view of several clusters gets markers only when it holds few enough offers', () => {
    expect(markerPlan([{ count: 71 }, { count: 53 }, { count: 50 }], 11)).toEqual({ total: 174, pages: 2, truncated: false });
    expect(markerPlan([{ count: 400 }, { count: 400 }], 11)).toBeNull();
    expect(markerPlan([{ count: MAX_MARKERS }], 12)?.pages).toBe(5);
  });

  it('keeps bubbles below city zoom and for empty views', () => {
    expect(markerPlan([{ count: 12 }], MARKER_MIN_ZOOM - 1)).toBeNull();
    expect(markerPlan([], 12)).toBeNull();
    expect(markerPlan([{ count: 0 }], 12)).toBeNull();
  });
});

describe('groupMarkers', () => {
  // One pixel per 0.001 degree, so offers 0.01° apart are 10 px apart.
  const project = (longitude: number, latitude: number): [number, number] => [longitude * 1000, -latitude * 1000];
  const offer = (slug: string, latitude: number, longitude: number) => ({ slug, latitude, longitude });

  it('puts offers closer than a marker together, at their mean position, and keeps distant ones single', () => {
    const groups = groupMarkers([offer('a', 50.0601, 19.9401), offer('b', 50.0602, 19.9402), offer('c', 50.1, 20.1)], project);
    expect(groups.map((group) => group.offers.map((item) => item.slug))).toEqual([['a', 'b'], ['c']]);
    expect(groups[0].latitude).toBeCloseTo(50.06015, 6);
    expect(groups[0].key).toBe('a|b');
  });

  it('counts an offer once and skips offers without coordinates', () => {
    const groups = groupMarkers([offer('a', 50, 20), offer('a', 50, 20), offer('x', Number.NaN, 20)], project);
    expect(groups).toHaveLength(1);
    expect(groups[0].offers).toHaveLength(1);
  });
});

describe('worldPixel', () => {
  it('doubles with each zoom level and puts the map centre at the middle', () => {
    // MapLibre's world: 512 px at zoom 0.
    expect(worldPixel(0, 0, 0)).toEqual([256, 256]);
    const [x1, y1] = worldPixel(19.94, 50.06, 12);
    const [x2, y2] = worldPixel(19.94, 50.06, 13);
    expect(x2 / x1).toBeCloseTo(2, 9);
    expect(y2 / y1).toBeCloseTo(2, 9);
    // North is up: a northern point has a smaller y.
    expect(worldPixel(19.94, 50.1, 12)[1]).toBeLessThan(y1);
  });
});
