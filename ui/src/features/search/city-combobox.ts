/**
 * Pure logic of the city picker (search bar and location dialog): the combobox keyboard state
 * (open list, active option) and the options it lists: the last locations and popular cities while
 * the field is empty or short, gazetteer suggestions (`GET /v2/user-panel/cities`) from
 * `CITY_MIN_CHARS` characters on, or popular cities matching the prefix while those are not known
 * (loading, or the API failed).
 */
import { CITY_MIN_CHARS } from '@/lib/city-names';
import { slugify } from '@/lib/text';
import type { City, Locale } from '@/lib/types';
import type { LastLocation } from './last-searches';

/** Popular cities listed under the last locations while the field is empty or short. */
export const POPULAR_LIMIT = 12;

export interface ComboState {
  open: boolean;
  /** Index of the active option, -1 for none. */
  active: number;
}

export type ComboAction =
  | { type: 'open' }
  | { type: 'close' }
  /** The text changed: the list opens with no active option. */
  | { type: 'input' }
  /** The options changed (new suggestions): the active option follows its city to `index`, or is dropped (-1). */
  | { type: 'options'; index: number }
  | { type: 'move'; delta: 1 | -1; count: number }
  | { type: 'hover'; index: number };

export const closedCombo: ComboState = { open: false, active: -1 };

export function comboReducer(state: ComboState, action: ComboAction): ComboState {
  switch (action.type) {
    case 'open':
      return state.open ? state : { open: true, active: -1 };
    case 'close':
      return state.open || state.active !== -1 ? closedCombo : state;
    case 'input':
      return { open: true, active: -1 };
    case 'options':
      return state.active === action.index ? state : { ...state, active: action.index };
    case 'move': {
      if (action.count <= 0) return { open: true, active: -1 };
      // Opening with an arrow key activates the first (down) or last (up) option.
      if (!state.open || state.active < 0 || state.active >= action.count) return { open: true, active: action.delta > 0 ? 0 : action.count - 1 };
      return { open: true, active: (state.active + action.delta + action.count) % action.count };
    }
    case 'hover':
      return state.active === action.index ? state : { ...state, active: action.index };
  }
}

/** What a key does in the open/closed combobox (Home/End stay with the text caret): a state action, picking the active option, or nothing. */
export type KeyIntent = { kind: 'action'; action: ComboAction } | { kind: 'pick'; index: number } | { kind: 'escape' } | { kind: 'none' };

export function comboKey(state: ComboState, key: string, count: number): KeyIntent {
  switch (key) {
    case 'ArrowDown':
      return { kind: 'action', action: { type: 'move', delta: 1, count } };
    case 'ArrowUp':
      return { kind: 'action', action: { type: 'move', delta: -1, count } };
    case 'Enter':
      return state.open && state.active >= 0 && state.active < count ? { kind: 'pick', index: state.active } : { kind: 'none' };
    case 'Escape':
      return state.open ? { kind: 'escape' } : { kind: 'none' };
    case 'Tab':
      return state.open ? { kind: 'action', action: { type: 'close' } } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

export interface CityOption {
  /** City slug (the list path segment). */
  slug: string;
  label: string;
  /** Voivodeship. */
  region?: string;
  group: 'recent' | 'popular' | 'suggested';
}

export function cityLabel(city: Pick<City, 'name' | 'nameEn'>, locale: Locale): string {
  return locale === 'en' && city.nameEn ? city.nameEn : city.name;
}

/** True when the city's Polish or English name (or slug) starts with the folded `text`. */
export function cityStartsWith(city: Pick<City, 'name' | 'nameEn' | 'slug'>, text: string): boolean {
  const folded = slugify(text);
  if (!folded) return true;
  return city.slug.startsWith(folded) || slugify(city.name).startsWith(folded) || (city.nameEn ? slugify(city.nameEn).startsWith(folded) : false);
}

/** The city whose name or slug equals `text` once folded (what a typed name means), among `cities`. */
export function exactCity<T extends Pick<City, 'name' | 'nameEn' | 'slug'>>(cities: T[], text: string): T | undefined {
  const folded = slugify(text);
  if (!folded) return undefined;
  return cities.find((city) => city.slug === folded || slugify(city.name) === folded || (city.nameEn ? slugify(city.nameEn) === folded : false));
}

export interface CityOptionsInput {
  text: string;
  locale: Locale;
  recent: LastLocation[];
  popular: City[];
  /** Gazetteer answer for the text; null while unknown. */
  suggested: City[] | null;
  /** List the last locations and popular cities while the text is short (the dialog shows chips instead). */
  shortList?: boolean;
  minChars?: number;
}

/** The options listed under the city field. */
export function cityOptions({ text, locale, recent, popular, suggested, shortList = true, minChars = CITY_MIN_CHARS }: CityOptionsInput): CityOption[] {
  const typed = text.trim();
  if (typed.length < minChars) {
    if (!shortList) return [];
    const recentOptions: CityOption[] = recent
      .filter((entry) => !typed || slugify(entry.label).startsWith(slugify(typed)) || entry.value.startsWith(slugify(typed)))
      .map((entry) => ({ slug: entry.value, label: entry.label, region: entry.region ?? popular.find((city) => city.slug === entry.value)?.region, group: 'recent' }));
    const seen = new Set(recentOptions.map((option) => option.slug));
    const popularOptions: CityOption[] = popular
      .filter((city) => !seen.has(city.slug) && cityStartsWith(city, typed))
      .slice(0, POPULAR_LIMIT)
      .map((city) => ({ slug: city.slug, label: cityLabel(city, locale), region: city.region, group: 'popular' }));
    return [...recentOptions, ...popularOptions];
  }
  const source = suggested ?? popular.filter((city) => cityStartsWith(city, typed));
  return source.slice(0, 10).map((city) => ({ slug: city.slug, label: cityLabel(city, locale), region: city.region || undefined, group: 'suggested' }));
}

/** Identity of an option list, to drop the active option when the list changes. */
export const optionsKey = (options: CityOption[]) => options.map((option) => `${option.group}:${option.slug}`).join('|');
