'use client';
/**
 * The MapLibre map shared by the offers map and the offer page's map. Loaded only through
 * `next/dynamic` (it pulls in maplibre-gl), never imported by a page directly.
 */
import { forwardRef, useEffect, useMemo, useState, type ReactNode } from 'react';
import Map, { AttributionControl, Marker, NavigationControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import * as maplibregl from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useColorScheme } from '../hooks/use-color-scheme';
import { absolutizeStyle, isOfflineStyle, selectStyleUrl } from '../lib/style';
import { WORKER_URL } from '../lib/support';
import { createTranslator } from '@/i18n/translate';
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

interface CityLabel {
  name: string;
  nameEn: string;
  rank: number;
  coordinates: [number, number];
}

const styleCache = new globalThis.Map<string, Promise<{ style: StyleSpecification | string; cities: CityLabel[] }>>();

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Loads a style. Relative (offline) styles get absolute source URLs and their city labels. */
function loadStyle(url: string) {
  let promise = styleCache.get(url);
  if (!promise) {
    promise = (async () => {
      if (/^https?:\/\//.test(url)) return { style: url, cities: [] };
      const raw = await fetchJson<StyleSpecification>(url);
      const style = absolutizeStyle(raw as never, window.location.href) as StyleSpecification;
      if (!isOfflineStyle(style)) return { style, cities: [] };
      const citiesUrl = ((style.metadata ?? {}) as Record<string, unknown>)['wakat:cities'];
      const cities: CityLabel[] = [];
      if (typeof citiesUrl === 'string') {
        const collection = await fetchJson<{ features: { properties: { name: string; nameEn: string; rank: number }; geometry: { coordinates: [number, number] } }[] }>(citiesUrl);
        for (const item of collection.features) cities.push({ ...item.properties, coordinates: item.geometry.coordinates });
      }
      return { style, cities };
    })();
    promise.catch(() => styleCache.delete(url));
    styleCache.set(url, promise);
  }
  return promise;
}

/** The largest city rank labelled at a zoom (1: biggest cities only). */
function labelRank(zoom: number): number {
  if (zoom >= 7) return 3;
  if (zoom >= 6) return 2;
  return zoom >= 4.5 ? 1 : 0;
}

export type MapCanvasProps = Omit<MapProps, 'mapStyle' | 'mapLib' | 'locale'> & {
  locale: Locale;
  children?: ReactNode;
  /** Called once when the style fails to load (reported; the caller decides what to show). */
  onLoadError?: (error: unknown) => void;
};

export const MapCanvas = forwardRef<MapRef, MapCanvasProps>(function MapCanvas({ locale, children, onLoadError, onZoomEnd, onLoad, ...props }, ref) {
  const scheme = useColorScheme();
  const url = selectStyleUrl(scheme);
  const texts = useMemo(() => controlTexts(locale), [locale]);
  const [loaded, setLoaded] = useState<{ url: string; style: StyleSpecification | string; cities: CityLabel[] } | null>(null);
  const [ready, setReady] = useState(false);
  const [zoom, setZoom] = useState<number>(() => Number((props.initialViewState as { zoom?: number } | undefined)?.zoom ?? 5));

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

  if (!loaded) return <div className="map-canvas map-canvas--loading" aria-hidden="true" />;
  const rank = labelRank(zoom);
  return (
    <div className="map-canvas" data-scheme={scheme} data-zoom={zoom.toFixed(2)} data-ready={ready || undefined} data-testid="map-canvas">
      <Map
        ref={ref}
        {...props}
        mapLib={maplibregl}
        locale={texts}
        mapStyle={loaded.style}
        attributionControl={false}
        onLoad={(event) => {
          setZoom(event.target.getZoom());
          // The compact attribution starts open; keep it folded into its (i) button on small maps.
          event.target.getContainer().querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show');
          onLoad?.(event);
        }}
        onIdle={() => setReady(true)}
        onZoomEnd={(event) => {
          setZoom(event.viewState.zoom);
          onZoomEnd?.(event);
        }}
        onError={(event) => console.error('map error', event.error)}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <AttributionControl position="bottom-right" compact />
        {loaded.cities
          .filter((city) => city.rank <= rank)
          .map((city) => (
            <Marker key={city.name} longitude={city.coordinates[0]} latitude={city.coordinates[1]} anchor="left" offset={[5, 0]} className="map-city-label">
              <span className={`map-city-label__text map-city-label__text--${city.rank}`}>{locale === 'en' ? city.nameEn : city.name}</span>
            </Marker>
          ))}
        {children}
      </Map>
    </div>
  );
});
