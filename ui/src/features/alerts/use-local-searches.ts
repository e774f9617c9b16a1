'use client';
/**
 * The guest's saved searches (local storage `jobAlerts`, see local-store.ts) as React state shared
 * by every component of the page and by other tabs (the `storage` event). The first read migrates
 * an older entry and writes it back as version 1.
 */
import { useSyncExternalStore } from 'react';
import { parseStore, serializeStore, STORE_KEY, type LocalSearch } from './local-store';

const EVENT = 'wakat:job-alerts';
const EMPTY: LocalSearch[] = [];
let cachedText: string | null | undefined;
let cachedSearches: LocalSearch[] = EMPTY;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored searches (migrated once, then cached by the stored text). */
export function readLocalSearches(): LocalSearch[] {
  const store = storage();
  if (!store) return EMPTY;
  const text = store.getItem(STORE_KEY);
  if (text === cachedText) return cachedSearches;
  const { searches, migrated } = parseStore(text);
  if (migrated) {
    const written = serializeStore(searches);
    try {
      store.setItem(STORE_KEY, written);
    } catch {
      // A full or blocked storage keeps the old entry; the migrated value still serves this page.
    }
    cachedText = store.getItem(STORE_KEY);
  } else cachedText = text;
  cachedSearches = searches;
  return searches;
}

export function writeLocalSearches(searches: readonly LocalSearch[]): void {
  const store = storage();
  if (!store) return;
  store.setItem(STORE_KEY, serializeStore(searches));
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void) {
  const handler = (event: Event) => {
    if (event instanceof StorageEvent && event.key !== null && event.key !== STORE_KEY) return;
    onChange();
  };
  window.addEventListener('storage', handler);
  window.addEventListener(EVENT, handler);
  return () => {
    window.removeEventListener('storage', handler);
    window.removeEventListener(EVENT, handler);
  };
}

const serverSnapshot = () => EMPTY;

/** The guest's saved searches; empty on the server and before hydration. */
export function useLocalSearches(): LocalSearch[] {
  return useSyncExternalStore(subscribe, readLocalSearches, serverSnapshot);
}
