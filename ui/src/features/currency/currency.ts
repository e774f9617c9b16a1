/**
 * The chosen currency (flag `currencyChange`): the list address's `currency` wins, else the
 * `wakat-currency` cookie (one year, written by the proxy whenever an address carries `currency`,
 * and by the chooser in the browser), else the board's `defaultCurrency`.
 */
import { parseCurrency } from '@/lib/board-currency';
import type { BoardConfig, Currency } from '@/lib/types';

export const CURRENCY_COOKIE = 'wakat-currency';
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** Every currency the API knows; the board's own list narrows it (see `parseCurrency`). */
export const API_CURRENCIES: readonly Currency[] = ['pln', 'eur', 'usd', 'gbp', 'chf'];

export function isApiCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (API_CURRENCIES as readonly string[]).includes(value);
}

type QueryValue = string | string[] | undefined | null;

function last(value: QueryValue): string | null {
  if (Array.isArray(value)) return value.length ? value[value.length - 1] : null;
  return value ?? null;
}

/** The currency to show: a valid URL value, else a valid cookie value, else the default (always the default when the board has no choice). */
export function resolveCurrency(urlValue: QueryValue, cookieValue: string | null | undefined, config: BoardConfig): Currency {
  return parseCurrency(last(urlValue), config) ?? parseCurrency(cookieValue, config) ?? config.defaultCurrency;
}

/** The `document.cookie` assignment that remembers a currency. */
export function currencyCookie(currency: Currency): string {
  return `${CURRENCY_COOKIE}=${currency}; path=/; max-age=${CURRENCY_COOKIE_MAX_AGE}; samesite=lax`;
}

/** The value the proxy stores for an address's `currency` (any API currency; the pages check the board's list), or null. */
export function currencyToRemember(search: URLSearchParams): Currency | null {
  const values = search.getAll('currency');
  const value = values.length ? values[values.length - 1].trim().toLowerCase() : null;
  return isApiCurrency(value) ? value : null;
}

/**
 * Whether a request is the router's or the browser's prefetch, which must not write the cookie (the
 * visitor has not gone there). Next 16 marks its prefetches with `next-router-prefetch` set to 1, 2
 * or 3 depending on the fetch strategy, segment prefetches also with `next-router-segment-prefetch`;
 * browsers use `purpose` / `sec-purpose: prefetch`.
 */
export function isPrefetch(headers: Pick<Headers, 'get'>): boolean {
  const purpose = `${headers.get('purpose') ?? ''} ${headers.get('sec-purpose') ?? ''}`;
  return headers.get('next-router-prefetch') !== null || headers.get('next-router-segment-prefetch') !== null || /\bprefetch\b/.test(purpose);
}
