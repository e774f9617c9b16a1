'use client';
/**
 * The offers list's map (lazy chunk): server clusters of the current filters for the visible
 * viewport (debounced 400 ms, expanded 5%), count bubbles capped at "99+", and a popup listing the
 * offers of the chosen cluster. From city zoom on, a view that is one cluster or holds few offers
 * shows the offers themselves as markers instead (`lib/places.ts`), each opening its popup list.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Popup, type MapRef, type ViewStateChangeEvent } from 'react-map-gl/maplibre';
import { MapCanvas } from './map-canvas';
import { ClusterPopup } from './cluster-popup';
import { MarkerPopup } from './marker-popup';
import { useClusters, type MapCluster, type Viewport } from '../api/get-clusters';
import { useViewMarkers } from '../api/get-markers';
import { groupMarkers, markerPlan, MARKERS_PAGE_SIZE, worldPixel, type MarkerGroup } from '../lib/places';
import { createDebouncer, VIEWPORT_DEBOUNCE_MS } from '../lib/debounce';
import { bubbleSize, clusterLabel } from '../lib/labels';
import { boundsOf, sameViewport, viewportQuery, type Bounds } from '../lib/viewport';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { Locale, Offer } from '@/lib/types';

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
/** A place whose offers take less than this share of the map (both ways) is framed… */
const FRAME_BELOW = 0.35;
/** …no closer than this (a single offer would otherwise fill the screen). */
const FRAME_MAX_ZOOM = 14;

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
  // Markers instead of bubbles when the view is a city-sized place (see lib/places.ts).
  const plan = useMemo(() => (viewport && data ? markerPlan(data.clusters, viewport.zoom) : null), [data, viewport]);
  const markers = useViewMarkers(apiQuery, plan ? viewport : null, plan?.pages ?? 0, MARKERS_PAGE_SIZE, locale);
  const [selectedGroup, setSelectedGroup] = useState<MarkerGroup<Offer> | null>(null);
  const groups = useMemo(() => {
    const map = mapRef.current;
    if (!plan || !markers.data || !map) return null;
    // World pixels at the map's zoom: panning keeps the groups, zooming regroups them.
    const zoom = map.getZoom();
    return groupMarkers(markers.data.offers, (longitude, latitude) => worldPixel(longitude, latitude, zoom));
    // Regrouped once the view has settled (the viewport state), not on every animation frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan, markers.data, viewport]);
  // The open marker's offers are gone once the markers are regrouped.
  useEffect(() => setSelectedGroup((current) => (current && groups?.some((group) => group.key === current.key) ? current : null)), [groups]);

  const debouncer = useMemo(
    () => createDebouncer<Viewport>((next) => setViewport((previous) => (sameViewport(previous, next) ? previous : next)), VIEWPORT_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  // New filters: the open cluster may not exist any more.
  useEffect(() => {
    setSelected(null);
    setSelectedGroup(null);
  }, [apiQuery]);

  /** The visitor moved the map: it is not re-framed for them any more (until another place is chosen). */
  const userMoved = useRef(false);
  const onMove = useCallback(
    (event: ViewStateChangeEvent) => {
      const map = mapRef.current;
      if (map) debouncer.push(currentViewport(map));
      if (event.originalEvent) userMoved.current = true;
    },
    [debouncer],
  );

  // A place drawn as markers but small on screen (a city at its initial zoom): frame its offers once,
  // so they spread into single-offer markers instead of a few big counts.
  const framed = useRef<string | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    const offers = markers.data?.offers;
    if (!map || !offers?.length || !plan || !data || data.clusters.length !== 1 || userMoved.current || framed.current === apiQuery) return;
    framed.current = apiQuery;
    const box = boundsOf(offers.map((offer) => [offer.longitude, offer.latitude]));
    if (!box) return;
    const canvas = map.getContainer();
    const topLeft = map.project([box.west, box.north]);
    const bottomRight = map.project([box.east, box.south]);
    const small = bottomRight.x - topLeft.x < canvas.clientWidth * FRAME_BELOW && bottomRight.y - topLeft.y < canvas.clientHeight * FRAME_BELOW;
    if (small) map.fitBounds([[box.west, box.south], [box.east, box.north]], { padding: 40, maxZoom: FRAME_MAX_ZOOM, duration: 600 });
  }, [markers.data, plan, data, apiQuery]);
  const onLoadError = useCallback(() => setFailed(true), []);

  // Another city (or none) chosen while the map stays mounted: move there.
  const viewKey = JSON.stringify(initialView);
  const shownView = useRef(viewKey);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || shownView.current === viewKey) return;
    shownView.current = viewKey;
    userMoved.current = false;
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
    <div className="offers-map" aria-busy={isLoading || markers.isValidating || undefined}>
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
        {groups
          ? groups.map((group) => {
              const count = group.offers.length;
              const open = selectedGroup?.key === group.key;
              return (
                <Marker
                  key={group.key}
                  longitude={group.longitude}
                  latitude={group.latitude}
                  anchor={count > 1 ? 'center' : 'bottom'}
                  className="map-marker-wrapper"
                  onClick={(event) => {
                    event.originalEvent.stopPropagation();
                    setSelected(null);
                    setSelectedGroup(group);
                    // Bring the marker below the middle, by half its popup (six 64 px rows at most), so the popup fits.
                    const map = mapRef.current;
                    const popupHeight = 56 + Math.min(6, count) * 64;
                    if (map) map.easeTo({ center: [group.longitude, group.latitude], offset: [0, Math.min(map.getContainer().clientHeight * 0.25, popupHeight / 2 + 16)], duration: 300 });
                  }}
                >
                  <button
                    type="button"
                    className={count > 1 ? 'map-marker map-marker--group' : 'map-marker'}
                    data-testid="map-marker"
                    data-count={count}
                    aria-label={count > 1 ? t('map.markerGroup', { count, n: formatNumber(count) }) : t('map.markerOffer', { title: group.offers[0].title, company: group.offers[0].companyName })}
                    aria-expanded={open}
                  >
                    {count > 1 ? clusterLabel(count) : null}
                  </button>
                </Marker>
              );
            })
          : null}
        {selectedGroup ? (
          <Popup
            longitude={selectedGroup.longitude}
            latitude={selectedGroup.latitude}
            anchor="bottom"
            offset={selectedGroup.offers.length > 1 ? 18 : 30}
            maxWidth="360px"
            closeButton={false}
            closeOnClick={false}
            onClose={() => setSelectedGroup(null)}
            className="map-popup"
          >
            <MarkerPopup offers={selectedGroup.offers} locale={locale} onClose={() => setSelectedGroup(null)} />
          </Popup>
        ) : null}
        {(groups ? [] : clusters).map((cluster) => {
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
      {groups && plan?.truncated ? (
        <p className="offers-map__note" data-testid="map-markers-truncated">
          {t('map.markersTruncated', { shown: formatNumber(markers.data?.offers.length ?? 0), total: formatNumber(plan.total) })}
        </p>
      ) : null}
      {error ? (
        <p className="offers-map__error" role="alert">
          {t('map.error')}
        </p>
      ) : null}
    </div>
  );
}
