'use client';
/** The offer page's map (lazy chunk): a pin per location of the offer, fitted, at most zoom 15. */
import { useMemo } from 'react';
import { Marker } from 'react-map-gl/maplibre';
import { MapCanvas } from './map-canvas';
import { useBoardMap } from './map-provider';
import { usesOfflineBasemap } from '../lib/style';
import { boundsOf } from '../lib/viewport';
import type { Locale } from '@/lib/types';

export interface MapLocation {
  slug: string;
  city: string;
  street: string | null;
  latitude: number;
  longitude: number;
}

/** Spec: the offer page's map zooms in to 15 at most. */
export const OFFER_MAX_ZOOM = 15;

/**
 * The zoom of a one-location map: the streets around the offer with a tile provider; the offline
 * basemap has no streets, so further out it shows the city's outline (cities with powiat rights)
 * with its name and its neighbours' instead.
 */
export const CITY_ZOOM = { streets: 12, offline: 9.5 } as const;

export default function LocationMap({ locations, current, locale, currentLabel }: { locations: MapLocation[]; current: string; locale: Locale; currentLabel: string }) {
  const offline = usesOfflineBasemap(useBoardMap());
  const initialViewState = useMemo(() => {
    const bounds = boundsOf(locations.map((location) => [location.longitude, location.latitude]));
    if (!bounds || locations.length === 1) {
      const only = locations[0];
      return { longitude: only.longitude, latitude: only.latitude, zoom: offline ? CITY_ZOOM.offline : CITY_ZOOM.streets };
    }
    return {
      bounds: [
        [bounds.west, bounds.south],
        [bounds.east, bounds.north],
      ] as [[number, number], [number, number]],
      fitBoundsOptions: { padding: { top: 48, bottom: 40, left: 32, right: 32 }, maxZoom: OFFER_MAX_ZOOM },
    };
  }, [locations, offline]);
  const focus = locations.map(({ city, longitude, latitude }) => ({ city, longitude, latitude }));
  return (
    <MapCanvas locale={locale} focus={focus} initialViewState={initialViewState} maxZoom={OFFER_MAX_ZOOM} dragRotate={false} touchPitch={false} cooperativeGestures>
      {locations.map((location) => {
        const isCurrent = location.slug === current;
        const label = [location.street, location.city].filter(Boolean).join(', ');
        return (
          <Marker key={location.slug} longitude={location.longitude} latitude={location.latitude} anchor="bottom" className="map-pin-marker">
            <span
              className={isCurrent ? 'map-pin map-pin--current' : 'map-pin'}
              role="img"
              aria-label={isCurrent ? `${currentLabel}: ${label}` : label}
              title={label}
              data-testid="map-pin"
            />
          </Marker>
        );
      })}
    </MapCanvas>
  );
}
