/**
 * Last searches (local storage key `lastSearch`, at most 8) and last locations (`lastLocations`,
 * at most 5), newest first and deduplicated (searches by variant and title, locations by value).
 * Reading tolerates missing storage (private mode, server) and malformed JSON.
 */

export type SearchVariant = 'keyword' | 'titles' | 'companies' | 'skills';
export const SEARCH_VARIANTS: SearchVariant[] = ['keyword', 'titles', 'companies', 'skills'];

export interface LastSearch {
  title: string;
  variant: SearchVariant;
}

export interface LastLocation {
  label: string;
  /** City slug. */
  value: string;
  /** Voivodeship, when the city was picked from suggestions. */
  region?: string;
  group: 'lastSearch';
}

export const LAST_SEARCHES_KEY = 'lastSearch';
export const LAST_LOCATIONS_KEY = 'lastLocations';
export const MAX_LAST_SEARCHES = 8;
export const MAX_LAST_LOCATIONS = 5;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

const fold = (text: string) => text.trim().toLocaleLowerCase('pl');

/** Puts `entry` first, dropping an earlier entry with the same variant and title, and keeps `max`. */
export function addLastSearch(list: LastSearch[], entry: LastSearch, max = MAX_LAST_SEARCHES): LastSearch[] {
  const title = entry.title.trim();
  if (!title) return list.slice(0, max);
  const rest = list.filter((item) => !(item.variant === entry.variant && fold(item.title) === fold(title)));
  return [{ title, variant: entry.variant }, ...rest].slice(0, max);
}

/** Puts `entry` first, dropping an earlier entry for the same city, and keeps `max`. */
export function addLastLocation(list: LastLocation[], entry: Omit<LastLocation, 'group'>, max = MAX_LAST_LOCATIONS): LastLocation[] {
  if (!entry.value) return list.slice(0, max);
  const rest = list.filter((item) => item.value !== entry.value);
  return [{ label: entry.label, value: entry.value, ...(entry.region ? { region: entry.region } : {}), group: 'lastSearch' as const }, ...rest].slice(0, max);
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readArray(key: string, storage: StorageLike | null): unknown[] {
  if (!storage) return [];
  try {
    const value = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function write(key: string, value: unknown, storage: StorageLike | null) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: history is a convenience, never an error.
  }
}

export function readLastSearches(storage: StorageLike | null = browserStorage()): LastSearch[] {
  return readArray(LAST_SEARCHES_KEY, storage)
    .filter(
      (item): item is LastSearch =>
        !!item && typeof (item as LastSearch).title === 'string' && SEARCH_VARIANTS.includes((item as LastSearch).variant) && !!(item as LastSearch).title.trim(),
    )
    .slice(0, MAX_LAST_SEARCHES);
}

export function readLastLocations(storage: StorageLike | null = browserStorage()): LastLocation[] {
  return readArray(LAST_LOCATIONS_KEY, storage)
    .filter((item): item is LastLocation => !!item && typeof (item as LastLocation).label === 'string' && typeof (item as LastLocation).value === 'string' && !!(item as LastLocation).value)
    .map((item) => ({ label: item.label, value: item.value, ...(typeof item.region === 'string' && item.region ? { region: item.region } : {}), group: 'lastSearch' as const }))
    .slice(0, MAX_LAST_LOCATIONS);
}

/** Records a search and returns the new list. */
export function rememberSearch(entry: LastSearch, storage: StorageLike | null = browserStorage()): LastSearch[] {
  const list = addLastSearch(readLastSearches(storage), entry);
  write(LAST_SEARCHES_KEY, list, storage);
  return list;
}

/** Records a location and returns the new list. */
export function rememberLocation(entry: Omit<LastLocation, 'group'>, storage: StorageLike | null = browserStorage()): LastLocation[] {
  const list = addLastLocation(readLastLocations(storage), entry);
  write(LAST_LOCATIONS_KEY, list, storage);
  return list;
}
