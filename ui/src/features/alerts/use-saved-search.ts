'use client';
/**
 * The current list search as a saved search, for guests (local store) and candidates (the API):
 * whether it is saved, and saving or deleting it. Two searches are the same when their filters
 * give the same list address (`searchKey`), whatever the language of the stored address.
 */
import { useCallback, useMemo } from 'react';
import type { Translator } from '@/i18n/translate';
import { parseListUrl, type ListFilters } from '@/features/search/filters';
import { useSession } from '@/lib/session';
import type { BoardConfig, Locale } from '@/lib/types';
import { createJobFilter, deleteJobFilter, refreshJobFilters, useJobFilters, type JobFilter } from './api/job-filters';
import { defaultName, fromAlertFilters, searchKey, searchTags, searchUrlOf, toAlertFilters, type AlertFilters } from './filters';
import { addSearch, removeSearch, type LocalSearch } from './local-store';
import { readLocalSearches, useLocalSearches, writeLocalSearches } from './use-local-searches';

/** The list filters of a stored search: its filters object, else its address. */
export function storedFilters(stored: { filters?: AlertFilters | null; searchUrl: string }, config: BoardConfig): ListFilters {
  if (stored.filters) return fromAlertFilters(stored.filters, config);
  const [path, query = ''] = stored.searchUrl.split('?');
  const segments = path.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  return parseListUrl(segments, Object.fromEntries(new URLSearchParams(query)), config).filters;
}

export type SavedRef = { kind: 'local'; search: LocalSearch } | { kind: 'server'; filter: JobFilter };

export type SaveOutcome = 'saved' | 'limit' | 'exists';

export function useSavedSearch(filters: ListFilters, config: BoardConfig, locale: Locale, t: Translator) {
  const { loggedIn, loading } = useSession();
  const local = useLocalSearches();
  const server = useJobFilters(loggedIn);
  const key = searchKey(filters, config);
  const saved: SavedRef | null = useMemo(() => {
    if (loggedIn) {
      const filter = server.data?.find((item) => searchKey(storedFilters(item, config), config) === key);
      return filter ? { kind: 'server', filter } : null;
    }
    const search = local.find((item) => searchKey(storedFilters(item, config), config) === key);
    return search ? { kind: 'local', search } : null;
  }, [loggedIn, server.data, local, key, config]);

  const name = defaultName(searchTags(filters, config, locale, t), t('alerts.fallbackName'));
  const searchUrl = searchUrlOf(filters, config, locale);
  const alertFilters = toAlertFilters(filters, config);
  const ready = loggedIn ? server.data !== undefined : !loading;

  const save = useCallback(async (): Promise<SaveOutcome> => {
    if (loggedIn) {
      await createJobFilter({ searchUrl, name, filters: alertFilters });
      await refreshJobFilters();
      return 'saved';
    }
    const result = addSearch(readLocalSearches(), { searchUrl, name, filters: alertFilters, alert: null }, (item) => searchKey(storedFilters(item, config), config) === key);
    if (result.kind === 'limit') return 'limit';
    if (result.kind === 'exists') return 'exists';
    writeLocalSearches(result.searches);
    return 'saved';
    // alertFilters is derived from filters and config.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn, searchUrl, name, key, config]);

  const remove = useCallback(async (ref: SavedRef) => {
    if (ref.kind === 'server') {
      await deleteJobFilter(ref.filter.id);
      await refreshJobFilters();
    } else writeLocalSearches(removeSearch(readLocalSearches(), ref.search.id));
  }, []);

  return { saved, ready, loggedIn, name, searchUrl, alertFilters, save, remove };
}
