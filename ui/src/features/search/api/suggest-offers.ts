'use client';
import { useEffect, useRef, useState } from 'react';
import { apiGet } from '@/lib/api-client';
import { createSuggester, type SuggestState, type Suggester, type Suggestions } from '../suggest';

export type { Suggestion, Suggestions } from '../suggest';
export { SUGGEST_DEBOUNCE_MS } from '../suggest';

export const SUGGEST_PATH = '/v2/user-panel/offers/suggest';

export function suggestOffers(keyword: string, signal?: AbortSignal): Promise<Suggestions> {
  return apiGet<Suggestions>(SUGGEST_PATH, { keyword }, { signal });
}

export const suggestOffersKey = (keyword: string) => `${SUGGEST_PATH}?keyword=${encodeURIComponent(keyword)}`;

/** Answers by folded keyword, shared by every search field of the page. */
const cache = new Map<string, Suggestions>();

/**
 * Suggestions for a typed keyword of at least `minChars` characters, fetched 300 ms after typing
 * stops; a new call aborts the previous one (spec); shorter or empty input fetches nothing.
 * Failures show nothing. See `../suggest.ts` for the rules.
 */
export function useSuggestions(keyword: string, minChars: number): SuggestState {
  const [state, setState] = useState<SuggestState>({ keyword: '', data: null, loading: false });
  const suggester = useRef<Suggester | null>(null);
  useEffect(() => {
    const current = createSuggester((text, signal) => suggestOffers(text, signal), setState, { minChars, cache });
    suggester.current = current;
    return () => current.dispose();
  }, [minChars]);
  useEffect(() => suggester.current?.input(keyword), [keyword, minChars]);
  return keyword.trim().length >= minChars ? state : { keyword: keyword.trim(), data: null, loading: false };
}
