import { describe, expect, it } from 'vitest';
import { cardEmploymentType, formatNumber, formatSalary, headlineEmploymentType, isNewOffer, locationLabel, monthlyTopPln, NBSP, orderEmploymentTypes, payUnitLabel, salaryDisplayOf } from './format';
import type { EmploymentType } from './types';

const entry = (over: Partial<EmploymentType> = {}): EmploymentType => ({
  type: 'permanent', from: 21500, to: 24700, currency: 'pln', unit: 'month', gross: true, label: 'Umowa o pracę',
  fromEur: 5143.54, toEur: 5909.09, fromPln: 21500, toPln: 24700, fromUsd: 5402.01, toUsd: 6206.03, fromGbp: 4282.87, toGbp: 4920.32, fromChf: 4831.46, toChf: 5550.56, ...over,
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

const S = NBSP;

describe('formatSalary', () => {
  it('formats a range in the offer currency and unit', () => {
    expect(formatSalary(entry(), 'pl')).toBe(`21${S}500–24${S}700${S}PLN${S}/${S}mies.`);
    expect(formatSalary(entry(), 'en')).toBe(`21${S}500–24${S}700${S}PLN${S}/${S}month`);
  });

  it('uses converted amounts in each chosen currency', () => {
    expect(formatSalary(entry(), 'en', 'eur')).toBe(`5${S}144–5${S}909${S}EUR${S}/${S}month`);
    expect(formatSalary(entry(), 'pl', 'usd')).toBe(`5${S}402–6${S}206${S}USD${S}/${S}mies.`);
    expect(formatSalary(entry(), 'pl', 'gbp')).toBe(`4${S}283–4${S}920${S}GBP${S}/${S}mies.`);
    expect(formatSalary(entry(), 'en', 'chf', { unit: false })).toBe(`4${S}831–5${S}551${S}CHF`);
    expect(formatSalary(entry(), 'en', 'pln', { unit: false })).toBe(`21${S}500–24${S}700${S}PLN`);
    // An EUR offer shown in PLN uses its converted PLN amounts.
    expect(formatSalary(entry({ currency: 'eur', from: 5000, to: 6000, fromPln: 21300, toPln: 25560 }), 'pl', 'pln')).toBe(`21${S}300–25${S}560${S}PLN${S}/${S}mies.`);
  });

  it('keeps the own currency when converted amounts are missing', () => {
    expect(formatSalary(entry({ fromEur: null, toEur: null }), 'en', 'eur', { unit: false })).toBe(`21${S}500–24${S}700${S}PLN`);
  });

  it('shows every unit in both languages', () => {
    expect(['hour', 'day', 'month', 'year'].map((unit) => payUnitLabel(unit, 'pl'))).toEqual([`/${S}godz.`, `/${S}dzień`, `/${S}mies.`, `/${S}rok`]);
    expect(['hour', 'day', 'month', 'year'].map((unit) => payUnitLabel(unit, 'en'))).toEqual([`/${S}hour`, `/${S}day`, `/${S}month`, `/${S}year`]);
    expect(formatSalary(entry({ from: 150, to: 150, unit: 'hour', fromEur: 35.9, toEur: 35.9 }), 'en', 'eur')).toBe(`36${S}EUR${S}/${S}hour`);
    expect(formatSalary(entry({ unit: 'day' }), 'pl')).toBe(`21${S}500–24${S}700${S}PLN${S}/${S}dzień`);
  });

  it('handles hourly rates, open ranges and no salary', () => {
    expect(formatSalary(entry({ from: 150, to: 150, unit: 'hour' }), 'pl')).toBe(`150${S}PLN${S}/${S}godz.`);
    expect(formatSalary(entry({ to: null }), 'pl')).toBe(`od 21${S}500${S}PLN${S}/${S}mies.`);
    expect(formatSalary(entry({ from: null }), 'en')).toBe(`up to 24${S}700${S}PLN${S}/${S}month`);
    expect(formatSalary(entry({ from: null, to: null }), 'en')).toBeNull();
    expect(formatSalary(entry({ unit: 'year' }), 'en', undefined, { unit: false })).toBe(`21${S}500–24${S}700${S}PLN`);
  });
});

describe('salaryDisplayOf', () => {
  it('reads the payUnitDisplay and sortEmploymentTypesBySalary flags', () => {
    expect(salaryDisplayOf({ payUnitDisplay: true, sortEmploymentTypesBySalary: true }, 'eur')).toEqual({ currency: 'eur', unit: true, sortBySalary: true });
    expect(salaryDisplayOf({})).toEqual({ currency: undefined, unit: false, sortBySalary: false });
  });
});

describe('orderEmploymentTypes', () => {
  const permanent = entry();
  const b2b = entry({ type: 'b2b', from: 25000, to: 30000, fromPln: 25000, toPln: 30000 });
  const hourly = entry({ type: 'mandate_contract', from: 200, to: 200, unit: 'hour', fromPln: 200, toPln: 200 }); // 33 600 a month
  const none = entry({ type: 'internship', from: null, to: null, fromPln: null, toPln: null, fromEur: null, toEur: null });

  it('puts the largest monthly salary first when the flag is on', () => {
    expect(orderEmploymentTypes([none, permanent, b2b, hourly], true).map((item) => item.type)).toEqual(['mandate_contract', 'b2b', 'permanent', 'internship']);
    expect(monthlyTopPln(hourly)).toBe(33600);
    expect(monthlyTopPln(entry({ unit: 'year', toPln: 120000 }))).toBe(10000);
    expect(monthlyTopPln(none)).toBeNull();
  });

  it("keeps the offer's own order when the flag is off", () => {
    expect(orderEmploymentTypes([none, permanent, b2b], false).map((item) => item.type)).toEqual(['internship', 'permanent', 'b2b']);
  });

  it('keeps the order of equal salaries', () => {
    const twin = entry({ type: 'b2b' });
    expect(orderEmploymentTypes([permanent, twin], true).map((item) => item.type)).toEqual(['permanent', 'b2b']);
  });

  it('cards show the first entry with a salary in that order', () => {
    expect(cardEmploymentType({ employmentTypes: [none, permanent, b2b] }, true)?.type).toBe('b2b');
    expect(cardEmploymentType({ employmentTypes: [none, permanent, b2b] }, false)?.type).toBe('permanent');
    expect(cardEmploymentType({ employmentTypes: [none] }, true)?.type).toBe('internship');
    expect(cardEmploymentType({ employmentTypes: [] }, false)).toBeNull();
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
