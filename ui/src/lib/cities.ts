'use client';
/**
 * Gazetteer city suggestions (`GET /v2/user-panel/cities`) for every place a city is typed: the
 * search bar's picker, the candidate's preferences and the employer's offer form.
 */
import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import type { City } from '@/lib/types';
import { CITY_MIN_CHARS } from '@/lib/city-names';
import { useDebounced } from '@/lib/use-debounced';

export const CITIES_PATH = '/v2/user-panel/cities';
export const CITIES_DEBOUNCE_MS = 200;
export const CITIES_LIMIT = 10;
/** The API refuses longer keywords; a city name is never that long. */
const MAX_KEYWORD = 80;

export function suggestCities(keyword: string, limit = CITIES_LIMIT): Promise<{ cities: City[] }> {
  return apiGet<{ cities: City[] }>(CITIES_PATH, { keyword, limit });
}

export const suggestCitiesKey = (keyword: string, limit = CITIES_LIMIT) => `${CITIES_PATH}?keyword=${encodeURIComponent(keyword)}&limit=${limit}`;

const once = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, keepPreviousData: true, shouldRetryOnError: false } as const;

/**
 * Gazetteer cities starting with the typed text (CITY_MIN_CHARS+ characters), fetched 200 ms after
 * typing stops; the previous answer stays while the next loads. `cities` is null while nothing is
 * known for a long enough text, or when the API failed (the picker then falls back to popular cities).
 */
export function useCitySuggestions(text: string, minChars = CITY_MIN_CHARS) {
  const keyword = text.trim().slice(0, MAX_KEYWORD);
  const debounced = useDebounced(keyword, CITIES_DEBOUNCE_MS);
  const enabled = keyword.length >= minChars;
  const key = enabled && debounced.length >= minChars ? suggestCitiesKey(debounced) : null;
  const { data, error, isLoading } = useSWR(key, () => suggestCities(debounced), once);
  return {
    cities: enabled && data && !error ? data.cities : null,
    loading: enabled && (debounced !== keyword || isLoading),
    failed: enabled && !!error,
  };
}
