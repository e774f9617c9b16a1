'use client';
/**
 * The offers list's map (lazy chunk): server clusters of the current filters for the visible
 * viewport (debounced 400 ms, expanded 5%), count bubbles capped at "99+", and a popup listing the
 * offers of the chosen cluster.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Popup, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { MapCanvas } from './map-canvas';
import { ClusterPopup } from './cluster-popup';
import { useClusters, type MapCluster, type Viewport } from '../api/get-clusters';
import { createDebouncer, VIEWPORT_DEBOUNCE_MS } from '../lib/debounce';
import { bubbleSize, clusterLabel } from '../lib/labels';
import { sameViewport, viewportQuery, type Bounds } from '../lib/viewport';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { Locale } from '@/lib/types';

export interface InitialView {
  bounds?: Bounds;
  center?: { latitude: number; longitude: number; zoom: number };
}

export interface OffersMapProps {
  /** The list's API query (filters, no paging), as made by `toApiQuery`. */
  apiQuery: string;
  locale: Locale;
  initialView: InitialView;
}

const MAX_ZOOM = 17;

function currentViewport(map: MapRef): Viewport {
  const bounds = map.getBounds();
  return viewportQuery({ north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() }, map.getZoom());
}

export default function OffersMap({ apiQuery, locale, initialView }: OffersMapProps) {
  const t = createTranslator(locale);
  const mapRef = useRef<MapRef>(null);
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const [selected, setSelected] = useState<MapCluster | null>(null);
  const [failed, setFailed] = useState(false);
  const { data, error, isLoading } = useClusters(apiQuery, viewport, locale);

  const debouncer = useMemo(
    () => createDebouncer<Viewport>((next) => setViewport((previous) => (sameViewport(previous, next) ? previous : next)), VIEWPORT_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  // New filters: the open cluster may not exist any more.
  useEffect(() => setSelected(null), [apiQuery]);

  const onMove = useCallback(
    (event: ViewStateChangeEvent) => {
      const map = mapRef.current;
      if (map) debouncer.push(currentViewport(map));
      void event;
    },
    [debouncer],
  );
  const onLoadError = useCallback(() => setFailed(true), []);

  // Another city (or none) chosen while the map stays mounted: move there.
  const viewKey = JSON.stringify(initialView);
  const shownView = useRef(viewKey);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || shownView.current === viewKey) return;
    shownView.current = viewKey;
    if (initialView.center) map.flyTo({ center: [initialView.center.longitude, initialView.center.latitude], zoom: initialView.center.zoom });
    else if (initialView.bounds) {
      const { west, south, east, north } = initialView.bounds;
      map.fitBounds([[west, south], [east, north]], { padding: 16 });
    }
  }, [viewKey, initialView]);

  const initialViewState = useMemo(
    () =>
      initialView.center
        ? { ...initialView.center }
        : {
            bounds: [
              [initialView.bounds!.west, initialView.bounds!.south],
              [initialView.bounds!.east, initialView.bounds!.north],
            ] as [[number, number], [number, number]],
            fitBoundsOptions: { padding: 16 },
          },
    [initialView],
  );

  // Spec: a map that fails to load is reported (console) and shows nothing.
  if (failed) return null;

  const clusters = data?.clusters ?? [];
  // The accessible name holds the visible label (WCAG 2.5.3), so "99+" comes first when capped.
  const clusterName = (count: number) => {
    const name = t('map.cluster', { count, n: formatNumber(count) });
    const label = clusterLabel(count);
    return label === String(count) ? name : `${label}, ${name}`;
  };
  return (
    <div className="offers-map" aria-busy={isLoading || undefined}>
      <MapCanvas
        ref={mapRef}
        locale={locale}
        initialViewState={initialViewState}
        maxZoom={MAX_ZOOM}
        minZoom={3}
        dragRotate={false}
        touchPitch={false}
        onLoad={(event) => setViewport(currentViewport(event.target as unknown as MapRef))}
        onMove={onMove}
        onLoadError={onLoadError}
      >
        {clusters.map((cluster) => {
          const size = bubbleSize(cluster.count);
          return (
            <Marker
              key={cluster.id}
              longitude={cluster.longitude}
              latitude={cluster.latitude}
              anchor="center"
              className="map-cluster-marker"
              onClick={(event) => {
                event.originalEvent.stopPropagation();
                setSelected(cluster);
                // Bring the bubble to the lower middle so the popup above it fits in the map.
                const map = mapRef.current;
                if (map) map.easeTo({ center: [cluster.longitude, cluster.latitude], offset: [0, map.getContainer().clientHeight * 0.25], duration: 300 });
              }}
            >
              <button
                type="button"
                className="map-cluster"
                data-testid="map-cluster"
                data-count={cluster.count}
                aria-label={clusterName(cluster.count)}
                aria-expanded={selected?.id === cluster.id}
                style={{ width: size, height: size }}
              >
                {clusterLabel(cluster.count)}
              </button>
            </Marker>
          );
        })}
        {selected ? (
          <Popup
            longitude={selected.longitude}
            latitude={selected.latitude}
            anchor="bottom"
            offset={bubbleSize(selected.count) / 2 + 4}
            maxWidth="360px"
            closeButton={false}
            closeOnClick={false}
            onClose={() => setSelected(null)}
            className="map-popup"
          >
            <ClusterPopup
              apiQuery={apiQuery}
              cluster={selected}
              locale={locale}
              onClose={() => setSelected(null)}
              onZoomIn={
                viewport && viewport.zoom < MAX_ZOOM
                  ? () => {
                      const map = mapRef.current;
                      setSelected(null);
                      map?.flyTo({ center: [selected.longitude, selected.latitude], zoom: Math.min(MAX_ZOOM, map.getZoom() + 2) });
                    }
                  : undefined
              }
            />
          </Popup>
        ) : null}
      </MapCanvas>
      {error ? (
        <p className="offers-map__error" role="alert">
          {t('map.error')}
        </p>
      ) : null}
    </div>
  );
}
