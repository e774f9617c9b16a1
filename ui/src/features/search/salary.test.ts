import { describe, expect, it } from 'vitest';
import { COUNT_MAX_DEFAULT, formatSalaryText, normaliseSalary, parseSalaryText, salaryBounds, salaryCountParams, salaryFilter, snapSalary } from './salary';

const IT = salaryBounds({ min: 0, max: 100_000, step: 500 });

describe('salary slider rules', () => {
  it('uses the spec defaults for missing bounds (0 to 100, step 500)', () => {
    expect(salaryBounds(undefined)).toEqual({ min: 0, max: 100, step: 500 });
    expect(salaryBounds({ min: 0, max: 50_000, step: 0 })).toEqual({ min: 0, max: 50_000, step: 500 });
    expect(salaryBounds({ min: 0, max: 50_000, step: 250 })).toEqual({ min: 0, max: 50_000, step: 250 });
  });

  it('clamps to the bounds and snaps down to the step', () => {
    expect(snapSalary(12_345, IT)).toBe(12_000);
    expect(snapSalary(12_999.99, IT)).toBe(12_500);
    expect(snapSalary(250_000, IT)).toBe(100_000);
    expect(snapSalary(-5, IT)).toBe(0);
    expect(snapSalary(1_000, salaryBounds({ min: 100, max: 5_000, step: 300 }))).toBe(1_000);
    expect(snapSalary(1_050, salaryBounds({ min: 100, max: 5_000, step: 300 }))).toBe(1_000);
    expect(snapSalary(10.555, salaryBounds({ min: 0, max: 100, step: 0.25 }))).toBe(10.5);
  });

  it('shows thousands separated by a space and at most 2 decimals, and reads them back', () => {
    expect(formatSalaryText(12_500)).toBe('12 500');
    expect(formatSalaryText(1_234_567.891)).toBe('1 234 567,89');
    expect(formatSalaryText(1_234.5)).toBe('1 234,5');
    expect(formatSalaryText(null)).toBe('');
    expect(parseSalaryText('12 500')).toBe(12_500);
    expect(parseSalaryText('12\u00a0500,5')).toBe(12_500.5);
    expect(parseSalaryText('')).toBeNull();
    expect(parseSalaryText('dużo')).toBeNull();
  });

  it('puts the minimum first; the bounds themselves are no bound', () => {
    expect(normaliseSalary(20_000, 10_000, IT)).toEqual([10_000, 20_000]);
    expect(normaliseSalary(0, 100_000, IT)).toEqual([null, null]);
    expect(normaliseSalary(12_345, 250_000, IT)).toEqual([12_000, null]);
    expect(normaliseSalary(10_000, 20_000, IT, true)).toEqual([10_000, null]);
  });

  it('is a filter only with a minimum above 0', () => {
    expect(salaryFilter(10_000, 20_000)).toEqual({ salaryMin: 10_000, salaryMax: 20_000 });
    expect(salaryFilter(null, 20_000)).toEqual({ salaryMin: null, salaryMax: null });
  });

  it('sends salaryMin and salaryMax in the count only when the minimum is above 0, the maximum defaulting to 500 000 (capped by the board)', () => {
    expect(salaryCountParams(null, 20_000, IT)).toEqual({});
    expect(salaryCountParams(0, 20_000, IT)).toEqual({});
    expect(salaryCountParams(10_000, 20_000, IT)).toEqual({ salaryMin: '10000', salaryMax: '20000' });
    expect(salaryCountParams(10_000, null, IT)).toEqual({ salaryMin: '10000', salaryMax: '100000' });
    expect(salaryCountParams(10_000, null, salaryBounds({ min: 0, max: 1_000_000, step: 500 }))).toEqual({ salaryMin: '10000', salaryMax: String(COUNT_MAX_DEFAULT) });
  });
});
