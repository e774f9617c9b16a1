/**
 * A guest's saved searches live in the browser (spec §3): the local-storage entry `jobAlerts`,
 * `{"state": {"jobAlerts": [...]}, "version": 1}`, at most 10 searches (spec §9). Older entries
 * (version 0, or a bare array) are migrated by rewriting their stored URLs into the list's
 * addresses (`searchUrl`: path and query of this site, without origin, hash, offset or map
 * switch). Pure functions over an injectable `Storage`; the React hook is in `use-local-searches.ts`.
 */
import type { AlertFilters } from './filters';

export const STORE_KEY = 'jobAlerts';
export const STORE_VERSION = 1;
/** Spec §5 and §9: anonymous users keep at most 10 saved searches. */
export const LOCAL_LIMIT = 10;

export type Frequency = 'everyDay' | 'onceAWeek' | 'twiceAWeek';
export const FREQUENCIES: Frequency[] = ['everyDay', 'twiceAWeek', 'onceAWeek'];
export const DEFAULT_FREQUENCY: Frequency = 'twiceAWeek';

/** The e-mail alert a guest registered for a saved search (known to this browser only). */
export interface LocalAlert {
  email: string;
  frequency: Frequency;
  /** `pending` until the activation link is opened in this browser. */
  status: 'pending' | 'active';
  jobFilterId: string | null;
  candidateId: string | null;
  /** The code of the alert's unsubscribe link, handed to the browser that activated it. */
  unsubscribeCode: string | null;
}

export interface LocalSearch {
  id: string;
  searchUrl: string;
  name: string;
  filters: AlertFilters | null;
  createdAt: string;
  /** When its offers were last looked at (new offers count from then; `createdAt` before). */
  readAt: string | null;
  alert: LocalAlert | null;
}

interface StoredState {
  state: { jobAlerts: LocalSearch[] };
  version: number;
}

const PARAMS_NOT_SAVED = ['from', 'showMap', 'lang'];

/**
 * A stored URL as a list address of this site: absolute URLs lose their origin, and the hash,
 * offset, map switch and language are dropped. Null for what is not a site path.
 */
export function rewriteStoredUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  let url: URL;
  try {
    url = new URL(raw.trim(), 'http://local.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  for (const name of PARAMS_NOT_SAVED) url.searchParams.delete(name);
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

const FREQUENCY_SET = new Set<string>(FREQUENCIES);

function asAlert(raw: unknown): LocalAlert | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.email !== 'string' || !record.email) return null;
  return {
    email: record.email,
    frequency: typeof record.frequency === 'string' && FREQUENCY_SET.has(record.frequency) ? (record.frequency as Frequency) : DEFAULT_FREQUENCY,
    status: record.status === 'active' ? 'active' : 'pending',
    jobFilterId: typeof record.jobFilterId === 'string' ? record.jobFilterId : null,
    candidateId: typeof record.candidateId === 'string' ? record.candidateId : null,
    unsubscribeCode: typeof record.unsubscribeCode === 'string' && record.unsubscribeCode ? record.unsubscribeCode : null,
  };
}

let counter = 0;
/** A local id (not a secret; only tells this browser's searches apart). */
export function localId(now = Date.now()): string {
  counter = (counter + 1) % 1_000_000;
  return `local-${now.toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** One stored search of any version, or null when it cannot be read. */
function asSearch(raw: unknown): LocalSearch | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  // Version 0 kept the address as `url` (often absolute); version 1 as `searchUrl`.
  const searchUrl = rewriteStoredUrl(record.searchUrl ?? record.url);
  if (!searchUrl) return null;
  return {
    id: typeof record.id === 'string' && record.id ? record.id : localId(),
    searchUrl,
    name: typeof record.name === 'string' ? record.name : typeof record.filterName === 'string' ? record.filterName : '',
    filters: record.filters && typeof record.filters === 'object' ? (record.filters as AlertFilters) : null,
    createdAt: typeof record.createdAt === 'string' ? record.createdAt : new Date(0).toISOString(),
    readAt: typeof record.readAt === 'string' ? record.readAt : null,
    alert: asAlert(record.alert ?? record.jobAlert),
  };
}

/** Reads whatever is stored (any version) as version-1 searches, migrating and capping as needed. */
export function parseStore(text: string | null): { searches: LocalSearch[]; migrated: boolean } {
  if (!text) return { searches: [], migrated: false };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { searches: [], migrated: true };
  }
  let items: unknown[] = [];
  let version = 0;
  if (Array.isArray(json)) items = json;
  else if (json && typeof json === 'object') {
    const record = json as Partial<StoredState> & { state?: { jobAlerts?: unknown } };
    version = typeof record.version === 'number' ? record.version : 0;
    const list = record.state?.jobAlerts;
    items = Array.isArray(list) ? list : [];
  }
  const seen = new Set<string>();
  const searches: LocalSearch[] = [];
  for (const item of items) {
    const search = asSearch(item);
    if (!search || seen.has(search.searchUrl)) continue;
    seen.add(search.searchUrl);
    searches.push(search);
  }
  const capped = searches.slice(0, LOCAL_LIMIT);
  const migrated = version !== STORE_VERSION || serializeStore(capped) !== JSON.stringify(json);
  return { searches: capped, migrated };
}

/** One search with its fields in a fixed order, so equal searches serialize equally. */
function ordered(search: LocalSearch): LocalSearch {
  const { id, searchUrl, name, filters, createdAt, readAt, alert } = search;
  return {
    id,
    searchUrl,
    name,
    filters,
    createdAt,
    readAt: readAt ?? null,
    alert: alert
      ? { email: alert.email, frequency: alert.frequency, status: alert.status, jobFilterId: alert.jobFilterId, candidateId: alert.candidateId, unsubscribeCode: alert.unsubscribeCode ?? null }
      : null,
  };
}

export function serializeStore(searches: readonly LocalSearch[]): string {
  const state: StoredState = { state: { jobAlerts: searches.map(ordered) }, version: STORE_VERSION };
  return JSON.stringify(state);
}

export type AddResult = { kind: 'added'; searches: LocalSearch[]; search: LocalSearch } | { kind: 'exists'; search: LocalSearch } | { kind: 'limit' };

/** Adds a search unless one with the same key is there, or the limit of 10 is reached. */
export function addSearch(
  searches: readonly LocalSearch[],
  search: Omit<LocalSearch, 'id' | 'createdAt' | 'readAt'> & Partial<Pick<LocalSearch, 'id' | 'createdAt' | 'readAt'>>,
  sameAs: (a: LocalSearch) => boolean,
): AddResult {
  const existing = searches.find(sameAs);
  if (existing) return { kind: 'exists', search: existing };
  if (searches.length >= LOCAL_LIMIT) return { kind: 'limit' };
  const added: LocalSearch = { ...search, id: search.id ?? localId(), createdAt: search.createdAt ?? new Date().toISOString(), readAt: search.readAt ?? null };
  return { kind: 'added', searches: [added, ...searches], search: added };
}

export function removeSearch(searches: readonly LocalSearch[], id: string): LocalSearch[] {
  return searches.filter((search) => search.id !== id);
}

export function updateSearch(searches: readonly LocalSearch[], id: string, change: (search: LocalSearch) => LocalSearch): LocalSearch[] {
  return searches.map((search) => (search.id === id ? change(search) : search));
}

/** Unix seconds from which a search's new offers count: its last reading, else its saving. */
export function newOffersSince(search: Pick<LocalSearch, 'createdAt' | 'readAt'>): number {
  const millis = Date.parse(search.readAt ?? search.createdAt);
  return Number.isFinite(millis) ? Math.max(0, Math.floor(millis / 1000)) : 0;
}
