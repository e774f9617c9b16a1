'use client';
/** The offer page's map card; MapLibre loads lazily, and only when the card nears the viewport. */
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { supportsWebGL2 } from '../lib/support';
import type { MapLocation } from './location-map';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import '../map.css';

const LocationMap = dynamic(() => import('./location-map'), { ssr: false, loading: () => <div className="map-placeholder" /> });

/** Locations with real coordinates (0,0 means unknown). */
export function mappableLocations(locations: MapLocation[]): MapLocation[] {
  return locations.filter(
    (location) => Number.isFinite(location.latitude) && Number.isFinite(location.longitude) && !(location.latitude === 0 && location.longitude === 0),
  );
}

export function OfferLocationMap({ locations, current, locale }: { locations: MapLocation[]; current: string; locale: Locale }) {
  const t = createTranslator(locale);
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  const [supported, setSupported] = useState<boolean | null>(null);
  const points = mappableLocations(locations);
  const shown = points.length > 0;

  // Watched from when the card is there: in the offer form it appears only once a city is typed
  // (watching from the first render only, the form's map never loaded: an empty card).
  useEffect(() => {
    setSupported(supportsWebGL2());
    const target = ref.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '300px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);

  if (!points.length) return null;
  return (
    <section className="card offer-map" ref={ref} aria-labelledby="offer-map-heading" data-testid="offer-map">
      <h2 id="offer-map-heading" className="offer-map__title">
        {t('map.offerLocation')}
        {points.length > 1 ? <span className="muted"> · {t('map.locations', { count: points.length, n: points.length })}</span> : null}
      </h2>
      <div className="offer-map__frame">
        {supported === false ? (
          <p className="map-unsupported" role="alert">
            {t('map.unsupported')}
          </p>
        ) : near && supported ? (
          <LocationMap locations={points} current={current} locale={locale} currentLabel={t('map.thisOffer')} />
        ) : null}
      </div>
    </section>
  );
}
