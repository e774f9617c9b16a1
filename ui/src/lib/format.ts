/** Number, salary and location labels. Numbers use Finnish formatting: a (non-breaking) space groups thousands. */
import type { Currency, EmploymentType, Locale, Offer } from './types';

/** Non-breaking space, so "12 345" never wraps. */
export const NBSP = '\u00a0';

/** Formats like fi-FI: `12345.5` → `12 345,5` (at most `maxDecimals` decimals, grouping by a non-breaking space). */
export function formatNumber(value: number, maxDecimals = 0): string {
  if (!Number.isFinite(value)) return '';
  const factor = 10 ** maxDecimals;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const [whole, fraction] = rounded.toFixed(maxDecimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  const trimmedFraction = fraction?.replace(/0+$/, '');
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  return `${sign}${grouped}${trimmedFraction ? `,${trimmedFraction}` : ''}`;
}

const UNITS: Record<Locale, Record<string, string>> = {
  pl: { hour: 'godz.', day: 'dzień', month: 'mies.', year: 'rok' },
  en: { hour: 'hour', day: 'day', month: 'month', year: 'year' },
};

function capitalized(currency: string): string {
  return currency.charAt(0).toUpperCase() + currency.slice(1).toLowerCase();
}

/** The salary bounds of an employment type in a currency: the original ones or the API's converted `fromEur`/`toEur`. */
export function salaryBounds(entry: EmploymentType, currency?: Currency): { from: number | null; to: number | null; currency: string } {
  if (!currency || currency === entry.currency) return { from: entry.from, to: entry.to, currency: entry.currency };
  const from = entry[`from${capitalized(currency)}`];
  const to = entry[`to${capitalized(currency)}`];
  return {
    from: typeof from === 'number' ? from : null,
    to: typeof to === 'number' ? to : null,
    currency,
  };
}

/**
 * Formats a salary range: "21 500–24 700 PLN/mies." (pl) or "21 500–24 700 PLN/month" (en).
 * Only a lower bound gives "od 10 000 PLN/mies." / "from …", only an upper one "do …" / "up to …".
 * Returns null when the entry has no salary.
 */
export function formatSalary(entry: EmploymentType, locale: Locale, currency?: Currency, options: { unit?: boolean } = {}): string | null {
  const bounds = salaryBounds(entry, currency);
  const suffix = `${NBSP}${bounds.currency.toUpperCase()}${options.unit === false ? '' : `/${UNITS[locale][entry.unit] ?? entry.unit}`}`;
  const { from, to } = bounds;
  if (from === null && to === null) return null;
  if (from !== null && to !== null) {
    if (Math.round(from) === Math.round(to)) return `${formatNumber(from)}${suffix}`;
    return `${formatNumber(from)}–${formatNumber(to)}${suffix}`;
  }
  if (from !== null) return `${locale === 'pl' ? 'od' : 'from'} ${formatNumber(from)}${suffix}`;
  return `${locale === 'pl' ? 'do' : 'up to'} ${formatNumber(to as number)}${suffix}`;
}

/** The employment type a card shows: the one with the highest salary (PLN-normalised), else the first. */
export function headlineEmploymentType(offer: Pick<Offer, 'employmentTypes'>): EmploymentType | null {
  const withSalary = offer.employmentTypes.filter((entry) => entry.from !== null || entry.to !== null);
  if (!withSalary.length) return offer.employmentTypes[0] ?? null;
  const top = (entry: EmploymentType) => Number(entry.toPln ?? entry.fromPln ?? entry.to ?? entry.from ?? 0);
  return [...withSalary].sort((a, b) => top(b) - top(a))[0];
}

/** "Kraków" or "Kraków +2 more" / "Kraków +2 więcej" for an offer with other locations. */
export function locationLabel(offer: Pick<Offer, 'city' | 'multilocation'>, locale: Locale): string {
  const others = Math.max(0, offer.multilocation.length - 1);
  if (!others) return offer.city;
  return `${offer.city} +${others} ${locale === 'pl' ? 'więcej' : 'more'}`;
}

/** Whether an offer counts as new: published 3 days ago or less. */
export function isNewOffer(publishedAt: string, now: Date = new Date()): boolean {
  const published = Date.parse(publishedAt);
  if (Number.isNaN(published)) return false;
  return now.getTime() - published <= 3 * 24 * 60 * 60 * 1000;
}

/** A date as "25.11.2026" (pl) or "25 Nov 2026" (en). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}
