import { describe, expect, it } from 'vitest';
import fixture from '@/testing/fixtures/config.json';
import type { BoardConfig } from '@/lib/types';
import { CURRENCY_COOKIE, currencyCookie, currencyToRemember, isApiCurrency, isPrefetch, resolveCurrency } from './currency';

const config = fixture as unknown as BoardConfig;
const noChoice = { ...config, featureFlags: { ...config.featureFlags, currencyChange: false } } as BoardConfig;

describe('resolveCurrency (URL over cookie over default)', () => {
  it('prefers a valid URL value over the cookie', () => {
    expect(resolveCurrency('eur', 'usd', config)).toBe('eur');
    expect(resolveCurrency('PLN', 'usd', config)).toBe('pln');
    expect(resolveCurrency(['gbp', 'chf'], 'usd', config)).toBe('chf');
  });

  it('falls back to the cookie, then the default', () => {
    expect(resolveCurrency(undefined, 'usd', config)).toBe('usd');
    expect(resolveCurrency('xyz', 'usd', config)).toBe('usd');
    expect(resolveCurrency(null, 'xyz', config)).toBe('pln');
    expect(resolveCurrency(null, undefined, config)).toBe('pln');
  });

  it('ignores both without the currencyChange flag or outside the board list', () => {
    expect(resolveCurrency('eur', 'usd', noChoice)).toBe('pln');
    expect(resolveCurrency(undefined, 'usd', { ...config, currencies: ['pln', 'eur'] } as BoardConfig)).toBe('pln');
  });
});

describe('the currency cookie', () => {
  it('lasts a year', () => {
    expect(currencyCookie('eur')).toBe(`${CURRENCY_COOKIE}=eur; path=/; max-age=31536000; samesite=lax`);
  });

  it('is remembered from an address only for API currencies', () => {
    expect(currencyToRemember(new URLSearchParams('currency=EUR'))).toBe('eur');
    expect(currencyToRemember(new URLSearchParams('currency=pln'))).toBe('pln');
    expect(currencyToRemember(new URLSearchParams('currency=xyz'))).toBeNull();
    expect(currencyToRemember(new URLSearchParams('keyword=java'))).toBeNull();
    expect(isApiCurrency('chf') && !isApiCurrency('CHF')).toBe(true);
  });
});

describe('isPrefetch', () => {
  it('knows every prefetch of the router and the browser, and nothing else', () => {
    for (const value of ['1', '2', '3']) expect(isPrefetch(new Headers({ 'next-router-prefetch': value }))).toBe(true);
    expect(isPrefetch(new Headers({ 'next-router-segment-prefetch': '/_tree' }))).toBe(true);
    expect(isPrefetch(new Headers({ purpose: 'prefetch' }))).toBe(true);
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isPrefetch(new Headers({ rsc: '1' }))).toBe(false);
    expect(isPrefetch(new Headers())).toBe(false);
  });
});
