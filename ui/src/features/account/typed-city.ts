/**
 * A city typed into the preferences but not picked from the suggestions (issue 23, item 13): the
 * save keeps it when the gazetteer's answer names it, instead of dropping the text.
 */
import type { City } from '@/lib/types';

/** Lower case, without diacritics ("Łódź" and "lodz" compare equal). */
export function foldCityName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ł/g, 'l').replace(/Ł/g, 'L').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The city `text` names among the suggestions for it: one whose Polish or English name is the
 * text (diacritics and case aside), else the only suggestion there is; `null` when the text does
 * not say which place it is.
 */
export function typedCity(text: string, suggestions: City[]): City | null {
  const folded = foldCityName(text);
  if (!folded) return null;
  const named = suggestions.filter((city) => foldCityName(city.name) === folded || (city.nameEn !== null && foldCityName(city.nameEn) === folded));
  if (named.length > 0) return named[0];
  return suggestions.length === 1 ? suggestions[0] : null;
}
