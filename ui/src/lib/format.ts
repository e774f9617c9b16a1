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

function capitalized(currency: Currency): Capitalize<Currency> {
  return (currency.charAt(0).toUpperCase() + currency.slice(1).toLowerCase()) as Capitalize<Currency>;
}

/** The salary bounds of an employment type in a currency: the original ones or the API's converted `fromEur`/`toEur`. */
export function salaryBounds(entry: EmploymentType, currency?: Currency): { from: number | null; to: number | null; currency: string } {
  if (!currency || currency === entry.currency) return { from: entry.from, to: entry.to, currency: entry.currency };
  const from = entry[`from${capitalized(currency)}`];
  const to = entry[`to${capitalized(currency)}`];
  const converted = { from: typeof from === 'number' ? from : null, to: typeof to === 'number' ? to : null, currency };
  // An entry without converted amounts keeps its own currency rather than losing its salary.
  if (converted.from === null && converted.to === null && (entry.from !== null || entry.to !== null)) return { from: entry.from, to: entry.to, currency: entry.currency };
  return converted;
}

/** The pay unit after an amount: "/ mies.", "/ godz.", "/ dzień", "/ rok" (pl) or "/ month", "/ hour", "/ day", "/ year" (en). */
export function payUnitLabel(unit: string, locale: Locale): string {
  return `/${NBSP}${UNITS[locale][unit] ?? unit}`;
}

/**
 * Formats a salary range: "21 500–24 700 PLN / mies." (pl) or "21 500–24 700 PLN / month" (en);
 * `unit: false` leaves the unit out (boards without the `payUnitDisplay` flag).
 * Only a lower bound gives "od 10 000 PLN / mies." / "from …", only an upper one "do …" / "up to …".
 * Returns null when the entry has no salary.
 */
export function formatSalary(entry: EmploymentType, locale: Locale, currency?: Currency, options: { unit?: boolean } = {}): string | null {
  const bounds = salaryBounds(entry, currency);
  const suffix = `${NBSP}${bounds.currency.toUpperCase()}${options.unit === false ? '' : `${NBSP}${payUnitLabel(entry.unit, locale)}`}`;
  const { from, to } = bounds;
  if (from === null && to === null) return null;
  if (from !== null && to !== null) {
    if (Math.round(from) === Math.round(to)) return `${formatNumber(from)}${suffix}`;
    return `${formatNumber(from)}–${formatNumber(to)}${suffix}`;
  }
  if (from !== null) return `${locale === 'pl' ? 'od' : 'from'} ${formatNumber(from)}${suffix}`;
  return `${locale === 'pl' ? 'do' : 'up to'} ${formatNumber(to as number)}${suffix}`;
}

/** How a page shows salaries: the chosen currency, whether the unit shows, whether employment types go largest salary first. */
export interface SalaryDisplay {
  currency?: Currency;
  /** Flag `payUnitDisplay`. */
  unit: boolean;
  /** Flag `sortEmploymentTypesBySalary`. */
  sortBySalary: boolean;
}

/** The board's salary display for a chosen currency (from its feature flags). */
export function salaryDisplayOf(flags: Record<string, boolean>, currency?: Currency): SalaryDisplay {
  return { currency, unit: flags.payUnitDisplay === true, sortBySalary: flags.sortEmploymentTypesBySalary === true };
}

/** Hours and days in a month, for comparing salaries of different units (168 h, as the API does; 21 working days). */
const PER_MONTH: Record<string, number> = { hour: 168, day: 21, month: 1, year: 1 / 12 };

/** An entry's top salary (the upper bound, else the lower one) per month in PLN; null without a salary. */
export function monthlyTopPln(entry: EmploymentType): number | null {
  const amount = [entry.toPln, entry.fromPln].find((value) => typeof value === 'number') as number | undefined;
  const own = entry.currency === 'pln' ? (entry.to ?? entry.from) : null;
  const value = amount ?? own;
  if (value === null || value === undefined) return null;
  return value * (PER_MONTH[entry.unit] ?? 1);
}

/**
 * Employment types in display order: largest monthly salary first when `bySalary` (ties and entries
 * without a salary keep their order, the latter last), else the offer's own order.
 */
export function orderEmploymentTypes(types: EmploymentType[], bySalary: boolean): EmploymentType[] {
  if (!bySalary) return [...types];
  return types
    .map((entry, index) => ({ entry, index, top: monthlyTopPln(entry) }))
    .sort((a, b) => (a.top === null ? (b.top === null ? a.index - b.index : 1) : b.top === null ? -1 : b.top - a.top || a.index - b.index))
    .map((item) => item.entry);
}

/** The employment type a card shows: the first with a salary in display order, else the first. */
export function cardEmploymentType(offer: Pick<Offer, 'employmentTypes'>, bySalary: boolean): EmploymentType | null {
  const ordered = orderEmploymentTypes(offer.employmentTypes, bySalary);
  return ordered.find((entry) => entry.from !== null || entry.to !== null) ?? ordered[0] ?? null;
}

/** The employment type a card shows: the one with the highest salary (PLN-normalised), else the first. */
export function headlineEmploymentType(offer: Pick<Offer, 'employmentTypes'>): EmploymentType | null {
  return cardEmploymentType(offer, true);
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
