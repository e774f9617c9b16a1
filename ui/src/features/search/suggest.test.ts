import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { headerSearchHref } from './header-search';
import { createSuggester, HEADER_SUGGEST_MIN_CHARS, HOME_SUGGEST_MIN_CHARS, SUGGEST_DEBOUNCE_MS, suggestionMode, type SuggestState, type Suggestions } from './suggest';

const ANSWER: Suggestions = { titles: [{ title: 'Java Developer', count: 3 }], companies: [], skills: [{ title: 'Java' }] };

function setup(minChars: number, fetcher = vi.fn((keyword: string, signal: AbortSignal) => (void keyword, void signal, Promise.resolve(ANSWER)))) {
  const states: SuggestState[] = [];
  const suggester = createSuggester(fetcher, (state) => states.push(state), { minChars });
  return { suggester, fetcher, states, last: () => states[states.length - 1] };
}

describe('suggestions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('need 2 characters in the header and 3 on the home search; shorter input lists the last searches', () => {
    expect(HEADER_SUGGEST_MIN_CHARS).toBe(2);
    expect(HOME_SUGGEST_MIN_CHARS).toBe(3);
    expect(suggestionMode('ja', HEADER_SUGGEST_MIN_CHARS)).toBe('suggestions');
    expect(suggestionMode('ja', HOME_SUGGEST_MIN_CHARS)).toBe('lastSearches');
    expect(suggestionMode(' j ', HEADER_SUGGEST_MIN_CHARS)).toBe('lastSearches');
    expect(suggestionMode('jav', HOME_SUGGEST_MIN_CHARS)).toBe('suggestions');
  });

  it('are fetched 300 ms after typing stops, once', async () => {
    const { suggester, fetcher, last } = setup(HEADER_SUGGEST_MIN_CHARS);
    suggester.input('j');
    suggester.input('ja');
    expect(last()).toEqual({ keyword: 'ja', data: null, loading: true });
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    suggester.input('jav');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(fetcher).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0][0]).toBe('jav');
    expect(last()).toEqual({ keyword: 'jav', data: ANSWER, loading: false });
  });

  it('abort the call in flight when the text changes, and ignore its late answer', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((answer: Suggestions) => void)[] = [];
    const fetcher = vi.fn((keyword: string, signal: AbortSignal) => {
      void keyword;
      signals.push(signal);
      return new Promise<Suggestions>((resolve) => resolvers.push(resolve));
    });
    const { suggester, last } = setup(HEADER_SUGGEST_MIN_CHARS, fetcher);
    suggester.input('ja');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    suggester.input('jav');
    expect(signals[0].aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    resolvers[0]({ titles: [{ title: 'late' }], companies: [], skills: [] });
    resolvers[1](ANSWER);
    await vi.advanceTimersByTimeAsync(0);
    expect(signals[1].aborted).toBe(false);
    expect(last()).toEqual({ keyword: 'jav', data: ANSWER, loading: false });
  });

  it('ignore empty and short input (no call) and stop on dispose', async () => {
    const { suggester, fetcher, last } = setup(HOME_SUGGEST_MIN_CHARS);
    for (const text of ['', '   ', 'ja', ' ja ']) suggester.input(text);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    expect(fetcher).not.toHaveBeenCalled();
    expect(last()).toEqual({ keyword: 'ja', data: null, loading: false });
    suggester.input('java');
    suggester.dispose();
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('reuse an earlier answer for the same keyword and show nothing on failure', async () => {
    const fetcher = vi.fn((keyword: string) => (keyword === 'boom' ? Promise.reject(new Error('500')) : Promise.resolve(ANSWER)));
    const { suggester, last } = setup(HEADER_SUGGEST_MIN_CHARS, fetcher);
    suggester.input('Java');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    suggester.input('java ');
    expect(last()).toEqual({ keyword: 'java', data: ANSWER, loading: false });
    expect(fetcher).toHaveBeenCalledTimes(1);
    suggester.input('boom');
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(last()).toEqual({ keyword: 'boom', data: null, loading: false });
  });
});

describe('headerSearchHref', () => {
  it('opens the whole list with the keyword or the picked variant, and ignores empty input', () => {
    expect(headerSearchHref({ title: ' java  developer ', variant: 'keyword' }, 'keyword')).toBe('/all-locations?keyword=java+developer');
    expect(headerSearchHref({ title: 'Java', variant: 'skills' }, 'keyword')).toBe('/all-locations?skills=Java');
    expect(headerSearchHref({ title: 'Acme', variant: 'companies' }, 'keyword')).toBe('/all-locations?companies=Acme');
    expect(headerSearchHref({ title: '   ', variant: 'keyword' }, 'keyword')).toBeNull();
  });
});
