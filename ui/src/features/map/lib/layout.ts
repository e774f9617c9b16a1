/**
 * The list page's layout (list or map) on small screens. The `showMap` query parameter wins; else
 * the `offers-list-layout` cookie (one month) remembers the last choice.
 */

export type ListLayoutMode = 'list' | 'map';

export const LAYOUT_COOKIE = 'offers-list-layout';
/** Spec: the list layout is kept for one month. */
export const LAYOUT_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/** Reads a cookie value; anything but `map` or `list` is unknown (null). */
export function parseLayout(value: string | null | undefined): ListLayoutMode | null {
  const text = (value ?? '').trim().toLowerCase();
  return text === 'map' || text === 'list' ? text : null;
}

/** `showMap` from the address (true, false or absent) first, then the cookie, then the list. */
export function resolveLayout(showMap: boolean | null, cookie: ListLayoutMode | null): ListLayoutMode {
  if (showMap !== null) return showMap ? 'map' : 'list';
  return cookie ?? 'list';
}

/** The current address with `showMap=true` for the map, and without it for the list. */
export function hrefWithLayout(href: string, layout: ListLayoutMode): string {
  const [withoutHash, hash = ''] = href.split('#');
  const [path, query = ''] = withoutHash.split('?');
  const params = new URLSearchParams(query);
  if (layout === 'map') params.set('showMap', 'true');
  else params.delete('showMap');
  const text = params.toString();
  return `${path}${text ? `?${text}` : ''}${hash ? `#${hash}` : ''}`;
}

/** Wide screens: the map column hidden by the visitor (flag `toggleableMap`), remembered a month. */
export const MAP_HIDDEN_COOKIE = 'offers-map-hidden';

/** Whether the wide screen's map column shows: always without `toggleableMap`, else unless the visitor hid it. */
export function mapColumnShown(toggleable: boolean, hiddenCookie: string | null | undefined): boolean {
  return !toggleable || hiddenCookie !== 'true';
}
