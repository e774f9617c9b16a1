'use client';
/**
 * The list page's map column and its mobile toggle. Light on purpose: the map itself (MapLibre) is
 * a separate chunk loaded only when the map is on screen — beside the list on wide screens, or
 * after "Map" on medium screens and below, where list and map take turns.
 */
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '../hooks/use-media-query';
import { saveListLayout, saveMapHidden } from '../actions';
import { hrefWithLayout, type ListLayoutMode } from '../lib/layout';
import { supportsWebGL2 } from '../lib/support';
import type { InitialView } from './offers-map';
import { createTranslator } from '@/i18n/translate';
import '../map.css';
import type { Locale } from '@/lib/types';

/** The toggle applies at medium screens and below (the list-map breakpoint of map.css). */
export const MEDIUM_SCREEN = '(max-width: 1024px)';

function MapIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
      <path d="M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3z" />
      <path d="M9 3v15M15 6v15" />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
    </svg>
  );
}

export function ListMap({
  apiQuery,
  locale,
  initialLayout,
  initialView,
  toggle,
  hideable = false,
  initialHidden = false,
  mapHref,
  listHref,
}: {
  apiQuery: string;
  locale: Locale;
  initialLayout: ListLayoutMode;
  initialView: InitialView;
  /** Whether the mobile map button is offered (feature flag `mapButton`). */
  toggle: boolean;
  /** Whether wide screens may hide the map column (feature flag `toggleableMap`). */
  hideable?: boolean;
  /** The column starts hidden (the visitor's last choice). */
  initialHidden?: boolean;
  /** The list address with and without `showMap` (links that work before hydration). */
  mapHref: string;
  listHref: string;
}) {
  const t = createTranslator(locale);
  const [layout, setLayout] = useState<ListLayoutMode>(initialLayout);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [hidden, setHidden] = useState(hideable && initialHidden);
  const medium = useMediaQuery(MEDIUM_SCREEN);
  const visible = (medium === false && !hidden) || (medium === true && layout === 'map');

  const hide = (next: boolean) => {
    setHidden(next);
    saveMapHidden(next).catch((error: unknown) => console.error('map column choice not saved', error));
  };

  useEffect(() => setSupported(supportsWebGL2()), []);

  const choose = (next: ListLayoutMode) => {
    setLayout(next);
    window.history.replaceState(window.history.state, '', hrefWithLayout(window.location.pathname + window.location.search + window.location.hash, next));
    saveListLayout(next).catch((error: unknown) => console.error('list layout not saved', error));
    if (next === 'list') window.scrollTo({ top: 0 });
  };

  return (
    <section className="offers-map-panel" data-layout={layout} data-hidden={hidden || undefined} data-testid="map-panel" aria-label={t('map.label')}>
      {hideable ? (
        <button
          type="button"
          className={`button map-column-toggle map-column-toggle--${hidden ? 'show' : 'hide'}`}
          aria-pressed={!hidden}
          onClick={() => hide(!hidden)}
          data-testid="map-column-toggle"
        >
          {hidden ? <MapIcon /> : null} {hidden ? t('map.showColumn') : t('map.hideColumn')}
        </button>
      ) : null}
      <div className="offers-map-panel__map">
        {visible ? (
          supported === false ? (
            <p className="map-unsupported" role="alert" data-testid="map-unsupported">
              {t('map.unsupported')}
            </p>
          ) : supported ? (
            <OffersMap apiQuery={apiQuery} locale={locale} initialView={initialView} />
          ) : null
        ) : null}
      </div>
      {toggle ? (
        <div className="offers-map-panel__toggle">
          {layout === 'list' ? (
            <a
              className="button button--primary map-toggle"
              href={mapHref}
              data-testid="show-map"
              role="button"
              onClick={(event) => {
                event.preventDefault();
                choose('map');
              }}
            >
              <MapIcon /> {t('map.showMap')}
            </a>
          ) : (
            <a
              className="button button--primary map-toggle"
              href={listHref}
              data-testid="back-to-list"
              role="button"
              onClick={(event) => {
                event.preventDefault();
                choose('list');
              }}
            >
              <ListIcon /> {t('map.showList')}
            </a>
          )}
        </div>
      ) : null}
    </section>
  );
}

const OffersMap = dynamic(() => import('./offers-map'), {
  ssr: false,
  loading: () => <div className="map-placeholder" aria-hidden="true" />,
});
