/**
 * The keyword suggestions' rules (spec §5 "Search and filters", §4 "Suggestions"), without React:
 * suggestions are fetched for input of `minChars` or more characters (3 on the home and list
 * search, 2 in the header), 300 ms after typing stops; a new call aborts the one in flight; empty
 * and shorter input fetches nothing (the field then lists the last searches). Answers are kept per
 * keyword for the page's life.
 */

/** Spec: the home (and list) search bar fetches from 3 characters. */
export const HOME_SUGGEST_MIN_CHARS = 3;
/** Spec: the header search bar fetches from 2 characters. */
export const HEADER_SUGGEST_MIN_CHARS = 2;
/** Spec: suggestions are debounced 300 ms. */
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

/** What the field's list shows for the typed text: suggestions, or the last searches when it is shorter. */
export function suggestionMode(text: string, minChars: number): 'suggestions' | 'lastSearches' {
  return text.trim().length >= minChars ? 'suggestions' : 'lastSearches';
}

export interface SuggestState {
  keyword: string;
  data: Suggestions | null;
  loading: boolean;
}

export interface Suggester {
  /** The field's text changed. */
  input(text: string): void;
  /** Stops the pending timer and request (unmount). */
  dispose(): void;
}

/**
 * Drives `fetcher` for a field's text and reports to `onState`. Failures report no suggestions
 * (spec §8: no user message).
 */
export function createSuggester(
  fetcher: (keyword: string, signal: AbortSignal) => Promise<Suggestions>,
  onState: (state: SuggestState) => void,
  options: { minChars: number; debounceMs?: number; cache?: Map<string, Suggestions> },
): Suggester {
  const debounce = options.debounceMs ?? SUGGEST_DEBOUNCE_MS;
  const cache = options.cache ?? new Map<string, Suggestions>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;

  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  };

  return {
    input(text) {
      stop();
      const keyword = text.trim();
      if (keyword.length < options.minChars) {
        onState({ keyword, data: null, loading: false });
        return;
      }
      const key = keyword.toLocaleLowerCase('pl');
      const known = cache.get(key);
      if (known) {
        onState({ keyword, data: known, loading: false });
        return;
      }
      onState({ keyword, data: null, loading: true });
      timer = setTimeout(() => {
        timer = null;
        const call = new AbortController();
        controller = call;
        fetcher(keyword, call.signal).then(
          (data) => {
            if (call.signal.aborted) return;
            cache.set(key, data);
            controller = null;
            onState({ keyword, data, loading: false });
          },
          () => {
            if (call.signal.aborted) return;
            controller = null;
            onState({ keyword, data: null, loading: false });
          },
        );
      }, debounce);
    },
    dispose: stop,
  };
}
