'use client';
/**
 * A guest who logs in (or confirms a new account) finds the searches this browser kept in the
 * account: each local search with its filters is saved through `POST /job-filters` once the
 * session exists, and leaves the browser when the account has it (201, or 409: the account had
 * the same search already). At the account's limit (422) the rest stay in the browser. The spec
 * is silent on this; see ARCHITECTURE.md. A guest e-mail alert registered for such a search stays
 * a guest alert (its digests carry the unsubscribe link).
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-write';
import { useSession } from '@/lib/session';
import { JOB_FILTERS_KEY, refreshJobFilters } from './api/job-filters';
import { removeSearch, type LocalSearch } from './local-store';
import { notify } from './notices';
import { readLocalSearches, writeLocalSearches } from './use-local-searches';

export type SaveSearch = (search: LocalSearch) => Promise<unknown>;

const saveToAccount: SaveSearch = (search) =>
  apiWrite('POST', JOB_FILTERS_KEY, { searchUrl: search.searchUrl, ...(search.name.trim() ? { name: search.name } : {}), filters: search.filters });

/**
 * Saves `searches` in the account one by one; returns the ids the account now has (to remove from
 * the browser). Stops at the limit; any other failure keeps that search in the browser.
 */
export async function copySearches(searches: readonly LocalSearch[], save: SaveSearch = saveToAccount): Promise<string[]> {
  const done: string[] = [];
  for (const search of searches) {
    if (!search.filters) continue;
    try {
      await save(search);
      done.push(search.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) done.push(search.id);
      else if (error instanceof ApiError && error.status === 422) break;
    }
  }
  return done;
}

/** Copies the browser's searches into the account once a session appears (the layout mounts it). */
export function useCopyLocalSearches(enabled: boolean) {
  const { loggedIn } = useSession();
  const running = useRef(false);
  useEffect(() => {
    if (!enabled || !loggedIn || running.current) return;
    const searches = readLocalSearches().filter((search) => search.filters);
    if (!searches.length) return;
    running.current = true;
    void copySearches(searches)
      .then((done) => {
        if (!done.length) return;
        writeLocalSearches(done.reduce((left, id) => removeSearch(left, id), readLocalSearches()));
        notify('alerts.notice.copied');
        return refreshJobFilters();
      })
      .finally(() => {
        running.current = false;
      });
  }, [enabled, loggedIn]);
}
