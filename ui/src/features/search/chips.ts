/** The active-filter chips of the list page: a label and the address without that filter. */
import { buildListHref, cityName, currencyHref, LIST_FILTER_KEYS, withFilters, type ListFilters } from '@/features/search/filters';
import { formatNumber } from '@/lib/format';
import type { BoardConfig, Locale } from '@/lib/types';
import type { Translator } from '@/i18n/translate';

export interface Chip {
  id: string;
  label: string;
  href: string;
}

export function activeChips(filters: ListFilters, config: BoardConfig, locale: Locale, t: Translator): Chip[] {
  const chips: Chip[] = [];
  const href = (changes: Partial<ListFilters>) => buildListHref(withFilters(filters, changes), config, locale);
  if (filters.keyword) chips.push({ id: 'keyword', label: t('chip.keyword', { value: filters.keyword }), href: href({ keyword: null }) });
  for (const key of ['titles', 'companies', 'skills'] as const) {
    for (const value of filters[key]) {
      chips.push({ id: `${key}:${value}`, label: value, href: href({ [key]: filters[key].filter((item) => item !== value) }) });
    }
  }
  if (filters.city) chips.push({ id: 'city', label: cityName(config, filters.city, locale), href: href({ city: null, radius: null }) });
  if (filters.city && filters.radius) chips.push({ id: 'radius', label: t('chip.radius', { value: filters.radius }), href: href({ radius: null }) });
  const category = config.categories.find((entry) => entry.slug === filters.category);
  if (category) {
    if (filters.subcategories.length) {
      for (const slug of filters.subcategories) {
        const child = category.children.find((entry) => entry.slug === slug);
        chips.push({ id: `sub:${slug}`, label: child?.label[locale] ?? slug, href: href({ subcategories: filters.subcategories.filter((item) => item !== slug) }) });
      }
    } else {
      chips.push({ id: 'category', label: category.label[locale], href: href({ category: null, subcategories: [] }) });
    }
  }
  for (const key of LIST_FILTER_KEYS) {
    for (const value of filters[key]) {
      const option = config.filters[key].find((entry) => entry.value === value);
      chips.push({ id: `${key}:${value}`, label: option?.label[locale] ?? value, href: href({ [key]: filters[key].filter((item) => item !== value) }) });
    }
  }
  if (filters.salaryMin !== null || filters.salaryMax !== null) {
    const value = `${filters.salaryMin !== null ? formatNumber(filters.salaryMin) : '0'}–${filters.salaryMax !== null ? formatNumber(filters.salaryMax) : '∞'}`;
    chips.push({ id: 'salary', label: t('chip.salary', { value }), href: href({ salaryMin: null, salaryMax: null }) });
  }
  if (filters.remote) chips.push({ id: 'remote', label: t('list.remote'), href: href({ remote: false }) });
  if (filters.withSalary) chips.push({ id: 'withSalary', label: t('list.withSalary'), href: href({ withSalary: false }) });
  if (filters.ukraineFriendly) chips.push({ id: 'ukraineFriendly', label: t('list.ukraine'), href: href({ ukraineFriendly: false }) });
  if (filters.currency && filters.currency !== config.defaultCurrency) {
    // Removing it goes back to the default explicitly (an address without it would use the cookie).
    chips.push({ id: 'currency', label: t('chip.currency', { value: filters.currency.toUpperCase() }), href: currencyHref(filters, config, locale, config.defaultCurrency) });
  }
  if (filters.sort !== 'published') {
    const sort = config.filters.sort.find((entry) => entry.value === filters.sort);
    chips.push({ id: 'sort', label: t('chip.sort', { value: sort?.label[locale] ?? filters.sort }), href: href({ sort: 'published' }) });
  }
  return chips;
}
