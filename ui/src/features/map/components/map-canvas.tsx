'use client';
/**
 * The MapLibre map shared by the offers map and the offer page's map. Loaded only through
 * `next/dynamic` (it pulls in maplibre-gl), never imported by a page directly.
 */
import { forwardRef, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Map, { AttributionControl, Marker, NavigationControl, ScaleControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useColorScheme } from '../hooks/use-color-scheme';
import { edgePointers, placeLabels, PLACES_MIN_ZOOM, type EdgePointer, type FocusPlace, type PlaceLabel, type PlacedLabel } from '../lib/place-labels';
import { absolutizeStyle, boardStyles, isOfflineStyle, selectStyleUrl } from '../lib/style';
import { WORKER_URL } from '../lib/support';
import { useBoardMap } from './map-provider';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/types';

/** MapLibre's own control texts in the page's language. */
function controlTexts(locale: Locale): Record<string, string> {
  const t = createTranslator(locale);
  return {
    'NavigationControl.ZoomIn': t('map.control.zoomIn'),
    'NavigationControl.ZoomOut': t('map.control.zoomOut'),
    'AttributionControl.ToggleAttribution': t('map.control.attribution'),
    'CooperativeGesturesHandler.WindowsHelpText': t('map.control.ctrlScroll'),
    'CooperativeGesturesHandler.MacHelpText': t('map.control.cmdScroll'),
    'CooperativeGesturesHandler.MobileHelpText': t('map.control.twoFingers'),
  };
}

// Turbopack cannot bundle MapLibre's module worker: it is served from public/map/.
maplibregl.setWorkerUrl(WORKER_URL);

interface LoadedStyle {
  style: StyleSpecification | string;
  /** The offline basemap's main cities (empty for a tile provider's style, which names places itself). */
  cities: PlaceLabel[];
  /** The offline basemap's gazetteer places, loaded when the map zooms in (null: none). */
  placesUrl: string | null;
}

const styleCache = new globalThis.Map<string, Promise<LoadedStyle>>();
const placesCache = new globalThis.Map<string, Promise<PlaceLabel[]>>();

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

type PlaceCollection = { features: { properties: { name: string; nameEn?: string; rank: number }; geometry: { coordinates: [number, number] } }[] };

/** Points with a name and rank (cities.geojson, places.geojson) as labels. */
async function fetchPlaces(url: string): Promise<PlaceLabel[]> {
  const collection = await fetchJson<PlaceCollection>(url);
  return collection.features.map(({ properties, geometry }) => ({
    name: properties.name,
    nameEn: properties.nameEn ?? properties.name,
    rank: properties.rank,
    coordinates: geometry.coordinates,
  }));
}

/** One fetch per URL and page; a failed one is asked again next time. */
function cached<T>(cache: globalThis.Map<string, Promise<T>>, url: string, load: (url: string) => Promise<T>): Promise<T> {
  let promise = cache.get(url);
  if (!promise) {
    promise = load(url);
    promise.catch(() => cache.delete(url));
    cache.set(url, promise);
  }
  return promise;
}

/** Loads a style. Relative (offline) styles get absolute source URLs and their place names. */
function loadStyle(url: string): Promise<LoadedStyle> {
  return cached(styleCache, url, async () => {
    if (/^https?:\/\//.test(url)) return { style: url, cities: [], placesUrl: null };
    const raw = await fetchJson<StyleSpecification>(url);
    const style = absolutizeStyle(raw as never, window.location.href) as StyleSpecification;
    if (!isOfflineStyle(style)) return { style, cities: [], placesUrl: null };
    const metadata = (style.metadata ?? {}) as Record<string, unknown>;
    const citiesUrl = metadata['wakat:cities'];
    const placesUrl = metadata['wakat:places'];
    return { style, cities: typeof citiesUrl === 'string' ? await fetchPlaces(citiesUrl) : [], placesUrl: typeof placesUrl === 'string' ? placesUrl : null };
  });
}

/** The offline basemap's layer of city boundaries (scripts/build-basemap.mjs). */
const CITY_OUTLINES_LAYER = 'city-outlines';

/** The slugs of the cities whose boundary is drawn in view, sorted and comma-separated. */
function renderedCityOutlines(map: maplibregl.Map): string {
  const slugs = map.queryRenderedFeatures({ layers: [CITY_OUTLINES_LAYER] }).map((feature) => String(feature.properties?.slug ?? ''));
  return [...new Set(slugs)].filter(Boolean).sort().join(',');
}

/** How far the offer's city is written from its point: clear of the offer's pin when it is named there. */
const FOCUS_OFFSET = 18;

/** Room the controls take at the right (zoom buttons) and bottom (scale, credit): no labels there. */
const CONTROLS_MARGIN = { right: 44, bottom: 28 };

export type MapCanvasProps = Omit<MapProps, 'mapStyle' | 'mapLib' | 'locale'> & {
  locale: Locale;
  children?: ReactNode;
  /** Called once when the style fails to load (reported; the caller decides what to show). */
  onLoadError?: (error: unknown) => void;
  /** The places the map is about (an offer's locations): the offline basemap names their cities. */
  focus?: readonly FocusPlace[];
};

export const MapCanvas = forwardRef<MapRef, MapCanvasProps>(function MapCanvas({ locale, children, onLoadError, onZoomEnd, onMoveEnd, onLoad, focus, ...props }, ref) {
  const scheme = useColorScheme();
  const board = useBoardMap();
  const url = selectStyleUrl(scheme, boardStyles(board));
  const texts = useMemo(() => controlTexts(locale), [locale]);
  const [loaded, setLoaded] = useState<(LoadedStyle & { url: string }) | null>(null);
  const [ready, setReady] = useState(false);
  /** The cities whose outline the offline basemap draws in view (slugs, sorted; '' for none). */
  const [outlined, setOutlined] = useState('');
  const [zoom, setZoom] = useState<number>(() => Number((props.initialViewState as { zoom?: number } | undefined)?.zoom ?? 5));
  const [places, setPlaces] = useState<PlaceLabel[] | null>(null);
  const [labels, setLabels] = useState<PlacedLabel[]>([]);
  const [pointers, setPointers] = useState<EdgePointer[]>([]);
  const instance = useRef<maplibregl.Map | null>(null);
  // Callers build `focus` inline: compared by value, so a new array of the same places relabels nothing.
  const focusKey = JSON.stringify(focus ?? []);
  const focusPlaces = useMemo(() => JSON.parse(focusKey) as FocusPlace[], [focusKey]);

  useEffect(() => {
    let live = true;
    loadStyle(url).then(
      (result) => live && setLoaded({ url, ...result }),
      (error: unknown) => {
        console.error('map style failed to load', error);
        if (live) onLoadError?.(error);
      },
    );
    return () => {
      live = false;
    };
  }, [url, onLoadError]);

  // The gazetteer's places: only once the map is zoomed in far enough to name them.
  const placesUrl = loaded?.placesUrl ?? null;
  const wantPlaces = placesUrl !== null && zoom >= PLACES_MIN_ZOOM;
  useEffect(() => {
    if (!wantPlaces || !placesUrl) return;
    let live = true;
    cached(placesCache, placesUrl, fetchPlaces).then(
      (result) => live && setPlaces(result),
      (error: unknown) => console.error('map places failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [wantPlaces, placesUrl]);

  // Which names fit the view (offline basemap only: a provider's style names places itself).
  const relabel = useCallback(() => {
    const map = instance.current;
    if (!map || !loaded) return;
    if (!loaded.cities.length && !loaded.placesUrl) {
      setLabels([]);
      setPointers([]);
      return;
    }
    const current = map.getZoom();
    const container = map.getContainer();
    const source = current >= PLACES_MIN_ZOOM && places ? places : loaded.cities;
    const view = {
      zoom: current,
      width: container.clientWidth - CONTROLS_MARGIN.right,
      height: container.clientHeight - CONTROLS_MARGIN.bottom,
      project: (coordinates: [number, number]): [number, number] => {
        const point = map.project(coordinates);
        return [point.x, point.y];
      },
    };
    const placed = placeLabels(source, focusPlaces, view);
    setLabels(placed);
    setPointers(places && current >= PLACES_MIN_ZOOM ? edgePointers(places, focusPlaces, view, placed) : []);
  }, [loaded, places, focusPlaces]);
  useEffect(relabel, [relabel]);

  if (!loaded) return <div className="map-canvas map-canvas--loading" aria-hidden="true" />;
  return (
    <div className="map-canvas" data-scheme={scheme} data-zoom={zoom.toFixed(2)} data-ready={ready || undefined} data-offline={loaded.placesUrl !== null || undefined} data-outlined={outlined || undefined} data-testid="map-canvas">
      <Map
        ref={ref}
        {...props}
        mapLib={maplibregl}
        locale={texts}
        mapStyle={loaded.style}
        attributionControl={false}
        onLoad={(event) => {
          instance.current = event.target;
          setZoom(event.target.getZoom());
          relabel();
          // The compact attribution starts open; keep it folded into its (i) button on small maps.
          event.target.getContainer().querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show');
          onLoad?.(event);
        }}
        onIdle={(event) => {
          setReady(true);
          if (event.target.getLayer(CITY_OUTLINES_LAYER)) setOutlined(renderedCityOutlines(event.target));
        }}
        onZoomEnd={(event) => {
          setZoom(event.viewState.zoom);
          onZoomEnd?.(event);
        }}
        onMoveEnd={(event) => {
          relabel();
          onMoveEnd?.(event);
        }}
        onResize={relabel}
        onError={(event) => console.error('map error', event.error)}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" unit="metric" />
        <AttributionControl position="bottom-right" compact customAttribution={board?.attribution ?? undefined} />
        {labels.map((label) => (
          <Marker
            key={label.name}
            longitude={label.coordinates[0]}
            latitude={label.coordinates[1]}
            anchor={label.side === 'right' ? 'left' : 'right'}
            offset={[(label.focus ? FOCUS_OFFSET : 5) * (label.side === 'right' ? 1 : -1), 0]}
            className="map-city-label"
          >
            <span
              className={`map-city-label__text map-city-label__text--${label.rank} map-city-label__text--${label.side}${label.focus ? ' map-city-label__text--focus' : ''}`}
              data-testid="map-place-label"
              data-focus={label.focus || undefined}
            >
              {locale === 'en' ? label.nameEn : label.name}
            </span>
          </Marker>
        ))}
        {children}
      </Map>
      {pointers.map((pointer) => (
        <span key={pointer.name} className={`map-pointer map-pointer--${pointer.edge}`} style={{ left: pointer.x, top: pointer.y }} data-testid="map-pointer">
          <span className="map-pointer__arrow" style={{ transform: `rotate(${pointer.angle.toFixed(0)}deg)` }} aria-hidden="true">
            →
          </span>
          {locale === 'en' ? pointer.nameEn : pointer.name} {formatNumber(pointer.km)} km
        </span>
      ))}
    </div>
  );
});
