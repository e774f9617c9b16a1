/**
 * Typed city names against the gazetteer's suggestions (pure): how many characters before asking,
 * and which suggestion a typed name means — a city typed but not picked is kept (the candidate's
 * preferences, issue 23 item 13) or placed on the map (the employer's offer form, item 11)
 * instead of being dropped.
 */
import type { City } from '@/lib/types';

/** Characters before the gazetteer is asked. */
export const CITY_MIN_CHARS = 2;

/** Lower case, without diacritics ("Łódź" and "lodz" compare equal). */
export function foldCityName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The suggestion whose Polish or English name is `text` (diacritics and case aside), or `null`. */
export function namedCity(text: string, suggestions: City[]): City | null {
  const folded = foldCityName(text);
  if (!folded) return null;
  return suggestions.find((city) => foldCityName(city.name) === folded || (city.nameEn !== null && foldCityName(city.nameEn) === folded)) ?? null;
}

/**
 * The city `text` names among the suggestions for it: the one it names ([`namedCity`]), else the
 * only suggestion there is; `null` when the text does not say which place it is.
 */
export function typedCity(text: string, suggestions: City[]): City | null {
  if (!foldCityName(text)) return null;
  return namedCity(text, suggestions) ?? (suggestions.length === 1 ? suggestions[0] : null);
}
