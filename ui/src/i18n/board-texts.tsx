'use client';
/**
 * The board's own wording of some texts (its `texts` in `wakat.toml`) for client components: the
 * root layout provides them for the request's language, and `useTranslator` uses them before the
 * catalogue, as `getTranslator` does on the server. Components that show board-specific words
 * (the search's placeholders and suggestion groups, the skills hint) translate through it.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Locale } from '@/lib/types';
import { createTranslator, type Translator } from './translate';

type Overrides = Partial<Record<string, string>>;

const BoardTextsContext = createContext<Overrides>({});

export function BoardTextsProvider({ texts, children }: { texts: Overrides; children: ReactNode }) {
  return <BoardTextsContext.Provider value={texts}>{children}</BoardTextsContext.Provider>;
}

/** The translator of `locale` with the board's wording. */
export function useTranslator(locale: Locale): Translator {
  const overrides = useContext(BoardTextsContext);
  return useMemo(() => createTranslator(locale, overrides), [locale, overrides]);
}
