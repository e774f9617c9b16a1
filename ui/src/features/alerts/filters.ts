/**
 * Saved searches are the list's own filters (`ListFilters`), sent to the API as the spec's filters
 * object (section 3: `categories`, `localization`, `salary`, `search`, …) together with the list
 * address they came from (`searchUrl`). This module converts between the two without loss, builds
 * the canonical address of a saved search and its default name (the search's tags). Pure.
 */
import { buildListHref, cityName, emptyFilters, LIST_FILTER_KEYS, withFilters, type ListFilters } from '@/features/search/filters';
import { formatNumber } from '@/lib/format';
import type { BoardConfig, Locale } from '@/lib/types';
import type { Translator } from '@/i18n/translate';

/** The spec's filters object (section 3 "Filters object"). */
export interface AlertFilters {
  /** The category slug, or the chosen subcategories' slugs. */
  categories: string[];
  localization: { city: string | null; radius: number | null };
  salary: { from: number | null; to: number | null; currency: string };
  employmentTypes: string[];
  experiences: string[];
  workingTimes: string[];
  remoteWorkOptions: string[];
  /** Open to candidates from Ukraine (`ukraineFriendly` of the list). */
  friendlyOffer: boolean;
  remote: boolean;
  withSalary: boolean;
  search: { keywords: string[]; companyNames: string[]; skills: string[]; jobTitles: string[] };
}

/** Spec §5: the alert name is at most 999 characters. */
export const NAME_MAX = 999;

/** What a saved search keeps of the list's state: no offset, map or sort (the spec's filters have none). */
export function savedPart(filters: ListFilters): ListFilters {
  return withFilters(filters, { from: 0, showMap: false, sort: 'published' });
}

/** The list's filters as the spec's filters object. */
export function toAlertFilters(filters: ListFilters, config: BoardConfig): AlertFilters {
  return {
    categories: filters.category ? (filters.subcategories.length ? [...filters.subcategories] : [filters.category]) : [],
    localization: { city: filters.city, radius: filters.city ? filters.radius : null },
    salary: { from: filters.salaryMin, to: filters.salaryMax, currency: filters.currency ?? config.defaultCurrency },
    employmentTypes: [...filters.employmentTypes],
    experiences: [...filters.experienceLevels],
    workingTimes: [...filters.workingTimes],
    remoteWorkOptions: [...filters.remoteWorkOptions],
    friendlyOffer: filters.ukraineFriendly,
    remote: filters.remote,
    withSalary: filters.withSalary,
    search: { keywords: filters.keyword ? [filters.keyword] : [], companyNames: [...filters.companies], skills: [...filters.skills], jobTitles: [...filters.titles] },
  };
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : []);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The spec's filters object (as stored, possibly partial) back as list filters. Unknown categories
 * and options are dropped; the currency falls back to the board's default ("pln when none or
 * default", spec §5).
 */
export function fromAlertFilters(raw: Partial<AlertFilters> | null | undefined, config: BoardConfig): ListFilters {
  const filters = emptyFilters();
  if (!raw || typeof raw !== 'object') return filters;
  for (const slug of list(raw.categories)) {
    const top = config.categories.find((category) => category.slug === slug);
    if (top) {
      if (!filters.category) filters.category = top.slug;
      continue;
    }
    const parent = config.categories.find((category) => (!filters.category || category.slug === filters.category) && category.children.some((child) => child.slug === slug));
    if (parent) {
      filters.category = parent.slug;
      if (!filters.subcategories.includes(slug)) filters.subcategories.push(slug);
    }
  }
  const city = raw.localization?.city;
  filters.city = typeof city === 'string' && city ? city : null;
  filters.radius = filters.city ? numberOrNull(raw.localization?.radius) : null;
  filters.salaryMin = numberOrNull(raw.salary?.from);
  filters.salaryMax = numberOrNull(raw.salary?.to);
  const currency = typeof raw.salary?.currency === 'string' ? raw.salary.currency.toLowerCase() : '';
  filters.currency = currency && currency !== 'default' && currency !== config.defaultCurrency && (config.currencies as string[]).includes(currency) ? (currency as ListFilters['currency']) : null;
  const pick = (key: (typeof LIST_FILTER_KEYS)[number], values: unknown) => list(values).filter((value) => config.filters[key].some((option) => option.value === value));
  filters.employmentTypes = pick('employmentTypes', raw.employmentTypes);
  filters.experienceLevels = pick('experienceLevels', raw.experiences);
  filters.workingTimes = pick('workingTimes', raw.workingTimes);
  filters.remoteWorkOptions = pick('remoteWorkOptions', raw.remoteWorkOptions);
  filters.ukraineFriendly = raw.friendlyOffer === true;
  filters.remote = raw.remote === true;
  // The API answers the remote switch as the remote work option too; the list keeps it apart.
  if (filters.remote) filters.remoteWorkOptions = filters.remoteWorkOptions.filter((option) => option !== 'remote');
  filters.withSalary = raw.withSalary === true;
  const keywords = list(raw.search?.keywords);
  filters.keyword = keywords.length ? keywords.join(' ') : null;
  filters.companies = list(raw.search?.companyNames);
  filters.skills = list(raw.search?.skills);
  filters.titles = list(raw.search?.jobTitles);
  return filters;
}

/** The address a saved search opens (and its identity: two searches are the same when these are). */
export function searchUrlOf(filters: ListFilters, config: BoardConfig, locale: Locale): string {
  return buildListHref(savedPart(filters), config, locale);
}

/**
 * The identity of a search, whatever the language of its address: its filters in Polish names,
 * with the remote switch counted as the remote work option (the API stores them as one).
 */
export function searchKey(filters: ListFilters, config: BoardConfig): string {
  const remote = filters.remote || filters.remoteWorkOptions.includes('remote');
  const options = filters.remoteWorkOptions.filter((option) => option !== 'remote');
  return buildListHref(savedPart({ ...filters, remote, remoteWorkOptions: remote ? [...options, 'remote'].sort() : options }), config, 'pl');
}

/** The tags of a search (its chips without sort and currency): what it looks for, in order. */
export function searchTags(filters: ListFilters, config: BoardConfig, locale: Locale, t: Translator): string[] {
  const tags: string[] = [];
  if (filters.keyword) tags.push(filters.keyword);
  tags.push(...filters.titles, ...filters.companies, ...filters.skills);
  if (filters.city) tags.push(cityName(config, filters.city, locale) + (filters.radius ? ` +${filters.radius} km` : ''));
  const category = config.categories.find((entry) => entry.slug === filters.category);
  if (category) {
    const children = category.children.filter((child) => filters.subcategories.includes(child.slug));
    if (children.length) tags.push(...children.map((child) => child.label[locale]));
    else tags.push(category.label[locale]);
  }
  for (const key of LIST_FILTER_KEYS) {
    for (const value of filters[key]) tags.push(config.filters[key].find((option) => option.value === value)?.label[locale] ?? value);
  }
  if (filters.salaryMin !== null || filters.salaryMax !== null) {
    const currency = (filters.currency ?? config.defaultCurrency).toUpperCase();
    tags.push(`${filters.salaryMin !== null ? formatNumber(filters.salaryMin) : '0'} - ${filters.salaryMax !== null ? formatNumber(filters.salaryMax) : '∞'} ${currency}`);
  }
  if (filters.remote) tags.push(t('list.remote'));
  if (filters.withSalary) tags.push(t('list.withSalary'));
  if (filters.ukraineFriendly) tags.push(t('list.ukraine'));
  return tags;
}

/** Characters a name may hold (spec §5): letters, digits, Polish letters, space and , & # ( ) / + - */
export const NAME_ALLOWED = /^[A-Za-z0-9ĄąĆćĘęŁłŃńÓóŚśŹźŻż ,&#()/+-]*$/;
const NAME_DISALLOWED = /[^A-Za-z0-9ĄąĆćĘęŁłŃńÓóŚśŹźŻż ,&#()/+-]+/g;

/** A tag as a name part: characters the name may not hold become spaces (`node.js` → `node js`). */
export function nameSafe(tag: string): string {
  return tag.replace(/\u00a0/g, ' ').replace(NAME_DISALLOWED, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The default name: the tags joined by commas, cut by whole tags to 999 characters in total (a
 * single longer tag is cut itself, so the name is never empty while there is a tag).
 */
export function defaultName(tags: readonly string[], fallback: string, max = NAME_MAX): string {
  let name = '';
  for (const raw of tags) {
    const tag = nameSafe(raw);
    if (!tag) continue;
    const next = name ? `${name}, ${tag}` : tag;
    if ([...next].length > max) {
      if (!name) name = [...tag].slice(0, max).join('').trim();
      break;
    }
    name = next;
  }
  return name || nameSafe(fallback);
}
