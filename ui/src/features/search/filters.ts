/**
 * The list page's URL is its state. This module maps a list URL
 * (`/{city?}/{category?}/{subcategories?}?query`) to `ListFilters` and back, and `ListFilters` to the
 * API query. Localized parameter names and value slugs come from the board configuration
 * (`urlParams`, `filters.*[].slug`); both languages are read, the current locale's are written.
 * Malformed values are dropped one by one and reported in `dropped`; everything else is kept.
 *
 * Path rules: the first segment is a category when it is a category slug, `all-locations` for
 * "no city", else a city slug. A list URL without city and category is `/all-locations`.
 */
import type { BoardConfig, Category, Currency, FilterOption, Locale, SortValue } from '@/lib/types';
import { currencyChoosable, parseCurrency } from '@/lib/board-currency';
import { slugify } from '@/lib/text';

export const ALL_LOCATIONS = 'all-locations';
export const PAGE_SIZE = 100;
export const MAX_RADIUS_KM = 500;
export const MAX_FROM = 100_000;
/** Range filters accept 0 to 1,000,000 (spec section 5). */
export const SALARY_RANGE_MAX = 1_000_000;
/** The list query name of the chosen currency, the same in both languages. */
export const CURRENCY_PARAM = 'currency';

export type ListFilterKey = 'employmentTypes' | 'experienceLevels' | 'workingTimes' | 'remoteWorkOptions';
export const LIST_FILTER_KEYS: ListFilterKey[] = ['employmentTypes', 'experienceLevels', 'workingTimes', 'remoteWorkOptions'];
export type BooleanFilterKey = 'remote' | 'withSalary' | 'ukraineFriendly';
export const BOOLEAN_FILTER_KEYS: BooleanFilterKey[] = ['remote', 'withSalary', 'ukraineFriendly'];

export interface ListFilters {
  city: string | null;
  category: string | null;
  subcategories: string[];
  keyword: string | null;
  titles: string[];
  companies: string[];
  skills: string[];
  radius: number | null;
  sort: SortValue;
  from: number;
  showMap: boolean;
  employmentTypes: string[];
  experienceLevels: string[];
  workingTimes: string[];
  remoteWorkOptions: string[];
  salaryMin: number | null;
  salaryMax: number | null;
  remote: boolean;
  withSalary: boolean;
  ukraineFriendly: boolean;
  /**
   * The chosen currency when it is not the board's default (null: the default). Salaries are shown
   * in it and `salaryMin`/`salaryMax` are read in it. The URL's `currency` wins over the
   * `wakat-currency` cookie (the page fills this from the cookie when the URL has none).
   */
  currency: Currency | null;
}

export const emptyFilters = (): ListFilters => ({
  city: null,
  category: null,
  subcategories: [],
  keyword: null,
  titles: [],
  companies: [],
  skills: [],
  radius: null,
  sort: 'published',
  from: 0,
  showMap: false,
  employmentTypes: [],
  experienceLevels: [],
  workingTimes: [],
  remoteWorkOptions: [],
  salaryMin: null,
  salaryMax: null,
  remote: false,
  withSalary: false,
  ukraineFriendly: false,
  currency: null,
});

export interface ParsedList {
  filters: ListFilters;
  /** Names (or path segments) whose values were malformed and dropped. */
  dropped: string[];
  /** Path segments that name no place, category or subcategory: the address is not a list (404). */
  unknownPath: string[];
}

type RawQuery = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(query: RawQuery): [string, string][] {
  if (query instanceof URLSearchParams) return [...query.entries()];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) out.push([key, item]);
  }
  return out;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Trims, collapses white space and drops control and angle-bracket characters; blank is null. */
export function sanitizePhrase(value: string, maxLength = 100): string | null {
  const text = value
    .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
  return text ? text : null;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function findCategory(config: BoardConfig, slug: string): Category | undefined {
  return config.categories.find((category) => category.slug === slug);
}

function findOption(options: FilterOption[], raw: string): FilterOption | undefined {
  const value = raw.trim().toLowerCase();
  return options.find((option) => option.slug.pl === value || option.slug.en === value || option.value === value);
}

function parseBoolean(value: string): boolean | null {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1' || text === '' || text === 'tak' || text === 'yes') return true;
  if (text === 'false' || text === '0' || text === 'nie' || text === 'no') return false;
  return null;
}

function parseWholeNumber(value: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,9}\s*$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

/** Finds the canonical query name for a raw one: the config's localized names (both languages) or a fixed name. */
function paramKey(config: BoardConfig, raw: string): string | null {
  const name = raw.replace(/\[\]$/, '');
  for (const [key, names] of Object.entries(config.urlParams)) {
    if (names.pl === name || names.en === name) return key;
  }
  const fixed = ['keyword', 'titles', 'companies', 'skills', 'radius', 'sortBy', 'orderBy', 'from', 'showMap', 'city', CURRENCY_PARAM];
  return fixed.includes(name) ? name : null;
}

/** Parses the list page's path segments and query into filters. */
export function parseListUrl(segments: string[], query: RawQuery, config: BoardConfig): ParsedList {
  const filters = emptyFilters();
  const dropped: string[] = [];
  const unknownPath: string[] = [];
  const path = segments.map((segment) => safeDecode(segment).trim().toLowerCase()).filter(Boolean);

  let index = 0;
  if (path[0] !== undefined && !findCategory(config, path[0])) {
    if (path[0] !== ALL_LOCATIONS) {
      // A place's slug; whether the gazetteer knows it is the page's question (one API call).
      if (SLUG.test(path[0])) filters.city = path[0];
      else unknownPath.push(path[0]);
    }
    index = 1;
  }
  if (path[index] !== undefined) {
    const category = findCategory(config, path[index]);
    if (category) filters.category = category.slug;
    else unknownPath.push(path[index]);
    index += 1;
  }
  if (path[index] !== undefined) {
    const parent = filters.category ? findCategory(config, filters.category) : undefined;
    for (const item of splitList(path[index])) {
      if (parent && parent.children.some((child) => child.slug === item)) {
        if (!filters.subcategories.includes(item)) filters.subcategories.push(item);
      } else unknownPath.push(item);
    }
    index += 1;
  }
  for (const extra of path.slice(index)) unknownPath.push(extra);

  let sortBy: string | null = null;
  let orderBy: string | null = null;
  let cityFromQuery: string | null = null;
  for (const [rawName, value] of entries(query)) {
    const key = paramKey(config, rawName);
    if (!key) continue;
    const drop = () => dropped.push(rawName);
    switch (key) {
      case 'keyword':
        filters.keyword = sanitizePhrase(value) ?? filters.keyword;
        break;
      case 'titles':
      case 'companies':
      case 'skills': {
        const list = filters[key];
        for (const item of splitList(value)) {
          const phrase = sanitizePhrase(item);
          if (phrase && !list.includes(phrase)) list.push(phrase);
        }
        break;
      }
      case 'city': {
        // Search forms send a city name; the page redirects to the path form.
        const name = sanitizePhrase(value);
        if (name) cityFromQuery = name;
        break;
      }
      case 'radius': {
        if (!value.trim()) break;
        const radius = parseWholeNumber(value, 0, MAX_RADIUS_KM);
        if (radius === null) drop();
        else filters.radius = radius > 0 ? radius : null;
        break;
      }
      case 'sortBy':
        sortBy = value.trim();
        break;
      case 'orderBy':
        orderBy = value.trim().toUpperCase();
        break;
      case 'from': {
        const from = parseWholeNumber(value, 0, MAX_FROM);
        if (from === null) drop();
        else filters.from = from;
        break;
      }
      case 'showMap': {
        const flag = parseBoolean(value);
        if (flag === null) drop();
        else filters.showMap = flag;
        break;
      }
      case 'employmentTypes':
      case 'experienceLevels':
      case 'workingTimes':
      case 'remoteWorkOptions': {
        const options = config.filters[key];
        for (const item of splitList(value)) {
          const option = findOption(options, item);
          if (!option) dropped.push(`${rawName}=${item}`);
          else if (!filters[key].includes(option.value)) filters[key].push(option.value);
        }
        break;
      }
      case 'remote':
      case 'withSalary':
      case 'ukraineFriendly': {
        const flag = parseBoolean(value);
        if (flag === null) drop();
        else filters[key] = flag;
        break;
      }
      case 'salary': {
        const [lowText = '', highText = ''] = value.includes(',') ? value.split(',') : value.split('-');
        const low = lowText.trim() ? parseWholeNumber(lowText, 0, SALARY_RANGE_MAX) : null;
        const high = highText.trim() ? parseWholeNumber(highText, 0, SALARY_RANGE_MAX) : null;
        const malformed =
          (lowText.trim() && low === null) || (highText.trim() && high === null) || (low !== null && high !== null && low > high);
        if (malformed || (low === null && high === null)) drop();
        else {
          filters.salaryMin = low;
          filters.salaryMax = high;
        }
        break;
      }
      case 'currency': {
        // Only with the board's `currencyChange` flag, only its own currencies; the default is
        // written by leaving the name out, so an explicit default is dropped too (the address is
        // cleaned; the proxy has already stored the choice in the cookie).
        // The config's localized name (`waluta`) is read too, and rewritten as `currency`.
        const currency = parseCurrency(value, config);
        if (currency === null || currency === config.defaultCurrency || rawName !== CURRENCY_PARAM) drop();
        filters.currency = currency !== null && currency !== config.defaultCurrency ? currency : null;
        break;
      }
      default:
        break;
    }
  }

  if (sortBy !== null || orderBy !== null) {
    const match = config.filters.sort.find(
      (option) => option.sortBy === (sortBy ?? 'published') && option.orderBy === (orderBy ?? option.orderBy),
    );
    if (match) filters.sort = match.value;
    else dropped.push('sortBy');
  }
  if (cityFromQuery) filters.city = citySlug(config, cityFromQuery);
  if (!filters.city) filters.radius = null;
  return { filters, dropped, unknownPath };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Maps a typed city name ("Kraków", "Cracow", "krakow") to its slug. */
export function citySlug(config: BoardConfig, name: string): string | null {
  const folded = slugify(name);
  const city = config.topCities.find(
    (candidate) => candidate.slug === folded || slugify(candidate.name) === folded || (candidate.nameEn && slugify(candidate.nameEn) === folded),
  );
  const slug = city ? city.slug : folded;
  return slug && SLUG.test(slug) ? slug : null;
}

export { currencyChoosable, parseCurrency };

/** The address's own currency value (`currency`, or the config's localized name), valid or not; null when absent. */
export function urlCurrencyValue(query: RawQuery, config: BoardConfig): string | null {
  let found: string | null = null;
  for (const [rawName, value] of entries(query)) if (paramKey(config, rawName) === 'currency') found = value;
  return found;
}

/** The currency the list shows: the filters' own (from the URL or the cookie), else the board default. */
export function activeCurrency(filters: Pick<ListFilters, 'currency'>, config: BoardConfig): Currency {
  return filters.currency ?? config.defaultCurrency;
}

/**
 * The list address in another currency. The default is written explicitly (`currency=pln`), since
 * an address without the name falls back to the cookie: the proxy stores it, and the page drops it
 * and redirects to the clean address.
 */
export function currencyHref(filters: ListFilters, config: BoardConfig, locale: Locale, currency: Currency): string {
  const href = buildListHref(withFilters(filters, { currency: currency === config.defaultCurrency ? null : currency }), config, locale);
  if (currency !== config.defaultCurrency) return href;
  return `${href}${href.includes('?') ? '&' : '?'}${CURRENCY_PARAM}=${currency}`;
}

/** Display name of a city slug: top cities by locale, else the slug with capitals. */
export function cityName(config: BoardConfig, slug: string, locale: Locale): string {
  const city = config.topCities.find((candidate) => candidate.slug === slug);
  if (city) return locale === 'en' && city.nameEn ? city.nameEn : city.name;
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function optionSlug(options: FilterOption[], value: string, locale: Locale): string {
  return options.find((option) => option.value === value)?.slug[locale] ?? value;
}

/** Writes filters as a list URL (path and query) in the given locale. */
export function buildListHref(filters: ListFilters, config: BoardConfig, locale: Locale): string {
  const segments: string[] = [];
  if (filters.city) segments.push(filters.city);
  else if (!filters.category) segments.push(ALL_LOCATIONS);
  if (filters.category) {
    segments.push(filters.category);
    if (filters.subcategories.length) segments.push(filters.subcategories.join(','));
  }
  const params = new URLSearchParams();
  const name = (key: string) => config.urlParams[key]?.[locale] ?? key;
  if (filters.keyword) params.set(name('keyword'), filters.keyword);
  if (filters.titles.length) params.set('titles', filters.titles.join(','));
  if (filters.companies.length) params.set('companies', filters.companies.join(','));
  if (filters.skills.length) params.set('skills', filters.skills.join(','));
  if (filters.city && filters.radius) params.set(name('radius'), String(filters.radius));
  for (const key of LIST_FILTER_KEYS) {
    if (filters[key].length) params.set(name(key), filters[key].map((value) => optionSlug(config.filters[key], value, locale)).join(','));
  }
  if (filters.salaryMin !== null || filters.salaryMax !== null) {
    params.set(name('salary'), `${filters.salaryMin ?? ''},${filters.salaryMax ?? ''}`);
  }
  for (const key of BOOLEAN_FILTER_KEYS) if (filters[key]) params.set(name(key), 'true');
  if (filters.sort !== 'published') {
    const sort = config.filters.sort.find((option) => option.value === filters.sort);
    if (sort) {
      params.set('sortBy', sort.sortBy);
      params.set('orderBy', sort.orderBy);
    }
  }
  if (filters.currency && filters.currency !== config.defaultCurrency) params.set(CURRENCY_PARAM, filters.currency);
  if (filters.showMap) params.set('showMap', 'true');
  if (filters.from > 0) params.set('from', String(filters.from));
  const query = params.toString();
  return `/${segments.map(encodeURIComponent).join('/').replace(/%2C/g, ',')}${query ? `?${query}` : ''}`;
}

/** Returns a copy of filters with `changes` applied; any change resets the `from` offset unless given. */
export function withFilters(filters: ListFilters, changes: Partial<ListFilters>): ListFilters {
  return { ...filters, from: 0, ...changes };
}

/** Builds the API query (`/v2/user-panel/offers` and `/count`) for filters. */
export function toApiQuery(filters: ListFilters, config: BoardConfig, options: { perPage?: number } = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.append('keywords[]', filters.keyword);
  for (const title of filters.titles) params.append('titles[]', title);
  for (const company of filters.companies) params.append('companies[]', company);
  for (const skill of filters.skills) params.append('skills[]', skill);
  if (filters.city) {
    params.set('city', filters.city);
    if (filters.radius) params.set('cityRadiusKm', String(filters.radius));
  }
  const category = filters.category ? findCategory(config, filters.category) : undefined;
  if (category) {
    const children = category.children.filter((child) => filters.subcategories.includes(child.slug));
    for (const entry of children.length ? children : [category]) params.append('categories[]', String(entry.value));
  }
  for (const key of LIST_FILTER_KEYS) {
    const values = [...filters[key]];
    if (key === 'remoteWorkOptions' && filters.remote && !values.includes('remote')) values.push('remote');
    for (const value of values) params.append(`${key}[]`, value);
  }
  if (filters.withSalary) params.set('withSalary', 'true');
  if (filters.ukraineFriendly) params.set('ukraineFriendly', 'true');
  if (filters.salaryMin !== null && filters.salaryMin > 0) params.set('salaryMin', String(filters.salaryMin));
  if (filters.salaryMax !== null) params.set('salaryMax', String(filters.salaryMax));
  const sort = config.filters.sort.find((option) => option.value === filters.sort);
  if (sort) {
    params.set('sortBy', sort.sortBy);
    params.set('orderBy', sort.orderBy);
  }
  // Salary bounds are read, and converted amounts answered, in this currency (default: the board's).
  if (filters.currency && filters.currency !== config.defaultCurrency) params.set('currency', filters.currency);
  if (options.perPage !== undefined) {
    params.set('perPage', String(options.perPage));
    params.set('page', String(Math.floor(filters.from / options.perPage) + 1));
  }
  return params;
}

/** Counts active filters the way the "more filters" button does (arrays count each entry, salary 1). */
export function countActiveFilters(filters: ListFilters): number {
  let count = 0;
  for (const key of LIST_FILTER_KEYS) count += filters[key].length;
  if (filters.salaryMin !== null || filters.salaryMax !== null) count += 1;
  for (const key of BOOLEAN_FILTER_KEYS) if (filters[key]) count += 1;
  return count;
}

/** Index of the 100-offer page holding offset `from` (0-based; the spec's page number is this + 1). */
export function pageIndexOf(from: number, pageSize = PAGE_SIZE): number {
  return Math.max(0, Math.floor(from / pageSize));
}

/** The `by-cursor` API query of the `itemsCount` offers starting at offset `from`. */
export function toCursorQuery(filters: ListFilters, config: BoardConfig, from: number, itemsCount = PAGE_SIZE): URLSearchParams {
  const params = toApiQuery(filters, config);
  params.set('from', String(Math.max(0, Math.floor(from))));
  params.set('itemsCount', String(itemsCount));
  return params;
}

/** The same address with `from` set to an offset (or removed for 0); the hash is dropped. */
export function hrefWithFrom(href: string, from: number): string {
  const [pathAndQuery] = href.split('#');
  const [path, query = ''] = pathAndQuery.split('?');
  const params = new URLSearchParams(query);
  if (from > 0) params.set('from', String(Math.min(MAX_FROM, Math.floor(from))));
  else params.delete('from');
  const text = params.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

/**
 * Clamps a typed salary to the configured range and snaps it down to the step (spec: slider step
 * 500, values snap down). Empty or non-numeric input is null (no bound).
 */
export function clampSalary(value: string | number | null, salary: { min: number; max: number; step: number }): number | null {
  if (value === null) return null;
  const text = String(value).replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!text) return null;
  const number = Number(text);
  if (!Number.isFinite(number)) return null;
  const step = salary.step > 0 ? salary.step : 1;
  const clamped = Math.min(Math.max(number, salary.min), salary.max);
  return Math.floor(clamped / step) * step;
}

/** Orders a salary pair so the minimum comes first. */
export function orderedSalary(min: number | null, max: number | null): [number | null, number | null] {
  if (min !== null && max !== null && min > max) return [max, min];
  return [min, max];
}

