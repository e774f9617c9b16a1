import { describe, expect, it } from 'vitest';
import { formatNumber, formatSalary, headlineEmploymentType, isNewOffer, locationLabel, NBSP } from './format';
import type { EmploymentType } from './types';

const entry = (over: Partial<EmploymentType> = {}): EmploymentType => ({
  type: 'permanent', from: 21500, to: 24700, currency: 'pln', unit: 'month', gross: true, label: 'Umowa o pracę',
  fromEur: 5143.54, toEur: 5909.09, fromPln: 21500, toPln: 24700, ...over,
});

describe('formatNumber', () => {
  it('groups thousands with a space (Finnish formatting)', () => {
    expect(formatNumber(12345)).toBe(`12${NBSP}345`);
    expect(formatNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(12345).replace(/\s/g, ' ')).toBe('12 345');
  });

  it('keeps at most the given decimals with a comma', () => {
    expect(formatNumber(1234.567, 2)).toBe(`1${NBSP}234,57`);
    expect(formatNumber(1234.5, 2)).toBe(`1${NBSP}234,5`);
    expect(formatNumber(1234.001, 2)).toBe(`1${NBSP}234`);
    expect(formatNumber(-12345)).toBe(`-12${NBSP}345`);
  });
});

describe('formatSalary', () => {
  it('formats a range in the offer currency and unit', () => {
    expect(formatSalary(entry(), 'pl')).toBe(`21${NBSP}500–24${NBSP}700${NBSP}PLN/mies.`);
    expect(formatSalary(entry(), 'en')).toBe(`21${NBSP}500–24${NBSP}700${NBSP}PLN/month`);
  });

  it('uses converted amounts in a chosen currency', () => {
    expect(formatSalary(entry(), 'en', 'eur')).toBe(`5${NBSP}144–5${NBSP}909${NBSP}EUR/month`);
  });

  it('handles hourly rates, open ranges and no salary', () => {
    expect(formatSalary(entry({ from: 150, to: 150, unit: 'hour' }), 'pl')).toBe(`150${NBSP}PLN/godz.`);
    expect(formatSalary(entry({ to: null }), 'pl')).toBe(`od 21${NBSP}500${NBSP}PLN/mies.`);
    expect(formatSalary(entry({ from: null }), 'en')).toBe(`up to 24${NBSP}700${NBSP}PLN/month`);
    expect(formatSalary(entry({ from: null, to: null }), 'en')).toBeNull();
    expect(formatSalary(entry({ unit: 'year' }), 'en', undefined, { unit: false })).toBe(`21${NBSP}500–24${NBSP}700${NBSP}PLN`);
  });
});

describe('headlineEmploymentType', () => {
  it('picks the entry with the highest salary', () => {
    const b2b = entry({ type: 'b2b', from: 25000, to: 30000, toPln: 30000 });
    expect(headlineEmploymentType({ employmentTypes: [entry(), b2b] })?.type).toBe('b2b');
    expect(headlineEmploymentType({ employmentTypes: [] })).toBeNull();
  });
});

describe('locationLabel', () => {
  const location = (city: string) => ({ slug: city, city, street: null, latitude: 0, longitude: 0 });
  it("adds '+N more' for other locations", () => {
    expect(locationLabel({ city: 'Kraków', multilocation: [location('Kraków')] }, 'en')).toBe('Kraków');
    expect(locationLabel({ city: 'Kraków', multilocation: [location('Kraków'), location('Gdańsk'), location('Łódź')] }, 'en')).toBe('Kraków +2 more');
    expect(locationLabel({ city: 'Kraków', multilocation: [location('Kraków'), location('Gdańsk')] }, 'pl')).toBe('Kraków +1 więcej');
  });
});

describe('isNewOffer', () => {
  it('is new for 3 days', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isNewOffer('2026-11-22T12:00:00Z', now)).toBe(true);
    expect(isNewOffer('2026-11-22T11:59:59Z', now)).toBe(false);
    expect(isNewOffer('garbage', now)).toBe(false);
  });
});
