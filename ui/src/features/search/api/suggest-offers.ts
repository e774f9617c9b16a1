'use client';
import { useEffect, useState } from 'react';
import { apiGet } from '@/lib/api-client';

export const SUGGEST_PATH = '/v2/user-panel/offers/suggest';
export const SUGGEST_DEBOUNCE_MS = 300;

export interface Suggestion {
  title: string;
  count?: number;
}
export interface Suggestions {
  titles: Suggestion[];
  companies: Suggestion[];
  skills: Suggestion[];
}

export function suggestOffers(keyword: string, signal?: AbortSignal): Promise<Suggestions> {
  return apiGet<Suggestions>(SUGGEST_PATH, { keyword }, { signal });
}

export const suggestOffersKey = (keyword: string) => `${SUGGEST_PATH}?keyword=${encodeURIComponent(keyword)}`;

const cache = new Map<string, Suggestions>();

/**
 * Suggestions for a typed keyword of at least `minChars` characters, fetched 300 ms after typing
 * stops; a new call aborts the previous one (spec). Failures show nothing.
 */
export function useSuggestions(keyword: string, minChars: number) {
  const text = keyword.trim();
  const enabled = text.length >= minChars;
  const [state, setState] = useState<{ keyword: string; data: Suggestions | null; loading: boolean }>({ keyword: '', data: null, loading: false });
  useEffect(() => {
    if (!enabled) return;
    const cached = cache.get(text.toLowerCase());
    if (cached) {
      setState({ keyword: text, data: cached, loading: false });
      return;
    }
    setState((previous) => ({ ...previous, loading: true }));
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      suggestOffers(text, controller.signal)
        .then((data) => {
          cache.set(text.toLowerCase(), data);
          setState({ keyword: text, data, loading: false });
        })
        .catch((error: unknown) => {
          if ((error as Error)?.name === 'AbortError') return;
          setState({ keyword: text, data: null, loading: false });
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, enabled]);
  return enabled ? state : { keyword: text, data: null, loading: false };
}
