/**
 * Server part of the list page's map: reads the `offers-list-layout` cookie and `showMap`, turns the
 * filters into the API query (features/search/filters) and the initial view (the chosen city, else Poland).
 * Mount it as a child of `.list-page`; map.css places it beside the results.
 */
import { cookies } from 'next/headers';
import { ListMap } from './list-map';
import type { InitialView } from './offers-map';
import { LAYOUT_COOKIE, MAP_HIDDEN_COOKIE, mapColumnShown, parseLayout, resolveLayout } from '../lib/layout';
import { mapButtonShown, mapToggleable } from '@/lib/flags';
import { POLAND_BOUNDS } from '../lib/viewport';
import { buildListHref, toApiQuery, type ListFilters } from '@/features/search/filters';
import type { BoardConfig, Locale } from '@/lib/types';

/** Zoom that shows a circle of `radius` km around a city (9 for the city alone: it and its neighbours). */
export function zoomForRadius(radiusKm: number | null): number {
  if (!radiusKm) return 9;
  return Math.max(5, Math.min(11, Math.round(10 - Math.log2(radiusKm / 10))));
}

export async function ListMapPanel({ filters, config, locale }: { filters: ListFilters; config: BoardConfig; locale: Locale }) {
  const store = await cookies();
  const layout = resolveLayout(filters.showMap ? true : null, parseLayout(store.get(LAYOUT_COOKIE)?.value));
  const city = filters.city ? config.topCities.find((candidate) => candidate.slug === filters.city) : undefined;
  const initialView: InitialView = city
    ? { center: { latitude: city.latitude, longitude: city.longitude, zoom: zoomForRadius(filters.radius) } }
    : { bounds: POLAND_BOUNDS };
  const apiQuery = toApiQuery({ ...filters, from: 0 }, config).toString();
  return (
    <ListMap
      apiQuery={apiQuery}
      locale={locale}
      initialLayout={layout}
      initialView={initialView}
      toggle={mapButtonShown(config.featureFlags)}
      hideable={mapToggleable(config.featureFlags)}
      initialHidden={!mapColumnShown(mapToggleable(config.featureFlags), store.get(MAP_HIDDEN_COOKIE)?.value)}
      mapHref={buildListHref({ ...filters, showMap: true }, config, locale)}
      listHref={buildListHref({ ...filters, showMap: false }, config, locale)}
    />
  );
}
