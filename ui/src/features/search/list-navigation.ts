/**
 * The list position remembered when an offer is opened: the clicked offset goes into the address
 * as `from`, and the cookie `offersListNavigation` (base64 JSON, one year) keeps the request state
 * (spec: from, itemsCount, params {sort, currency}) plus the list address and where the row sat
 * in the viewport, so Back scrolls the same offer to the same place.
 */

export const NAVIGATION_COOKIE = 'offersListNavigation';
export const NAVIGATION_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface ListNavigation {
  from: number;
  itemsCount: number;
  params: { sort: { sortBy: string; orderBy: string }; currency: string };
  /** List path and query without `from`. */
  path: string;
  /** Row top relative to the viewport when the offer was opened (px). */
  top: number;
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): string {
  const binary = atob(text);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export function encodeNavigation(navigation: ListNavigation): string {
  return toBase64(JSON.stringify(navigation));
}

export function decodeNavigation(value: string | null | undefined): ListNavigation | null {
  if (!value) return null;
  try {
    const data = JSON.parse(fromBase64(decodeURIComponent(value))) as Partial<ListNavigation>;
    if (typeof data.from !== 'number' || typeof data.path !== 'string') return null;
    return {
      from: data.from,
      itemsCount: typeof data.itemsCount === 'number' ? data.itemsCount : 100,
      params: data.params ?? { sort: { sortBy: 'published', orderBy: 'DESC' }, currency: 'pln' },
      path: data.path,
      top: typeof data.top === 'number' && Number.isFinite(data.top) ? data.top : 0,
    };
  } catch {
    return null;
  }
}

/** The list address without `from` and without the hash: the identity of a list. */
export function listIdentity(pathAndQuery: string): string {
  const [path, query = ''] = pathAndQuery.split('#')[0].split('?');
  const params = new URLSearchParams(query);
  params.delete('from');
  const text = params.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/** The `from` of an address's query, or null when absent or malformed. */
export function fromOfSearch(search: string): number | null {
  const value = new URLSearchParams(search).get('from');
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  return Number(value);
}

export function readNavigationCookie(cookie: string): ListNavigation | null {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${NAVIGATION_COOKIE}=`));
  return entry ? decodeNavigation(entry.slice(NAVIGATION_COOKIE.length + 1)) : null;
}

export function navigationCookie(navigation: ListNavigation): string {
  return `${NAVIGATION_COOKIE}=${encodeURIComponent(encodeNavigation(navigation))}; path=/; max-age=${NAVIGATION_COOKIE_MAX_AGE}; samesite=lax`;
}
