'use client';
/** The list page's state for its client parts: board configuration, parsed filters and locale (passed once from the server page). */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createTranslator, type Translator } from '@/i18n/translate';
import { buildListHref, withFilters, type ListFilters } from '@/features/search/filters';
import type { BoardConfig, Locale } from '@/lib/types';

interface ListContextValue {
  config: BoardConfig;
  filters: ListFilters;
  locale: Locale;
  t: Translator;
  /** The list address with `changes` applied (offset reset). */
  hrefWith: (changes: Partial<ListFilters>) => string;
}

const ListContext = createContext<ListContextValue | null>(null);

export function ListProvider({ config, filters, locale, children }: { config: BoardConfig; filters: ListFilters; locale: Locale; children: ReactNode }) {
  const value = useMemo<ListContextValue>(
    () => ({ config, filters, locale, t: createTranslator(locale), hrefWith: (changes) => buildListHref(withFilters(filters, changes), config, locale) }),
    [config, filters, locale],
  );
  return <ListContext.Provider value={value}>{children}</ListContext.Provider>;
}

export function useList(): ListContextValue {
  const value = useContext(ListContext);
  if (!value) throw new Error('useList outside ListProvider');
  return value;
}
