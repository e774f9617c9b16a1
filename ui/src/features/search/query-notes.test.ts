import { describe, expect, it } from 'vitest';
import { emptyFilters } from '@/features/search/filters';
import { chipFilters, didYouMeanFilters, type SearchNotes } from './query-notes';
import { hasSearchText } from './components/offers-list';

const notes = (changes: Partial<SearchNotes> = {}): SearchNotes => ({ noResults: false, chips: [], corrections: [], synonyms: [], didYouMean: null, ...changes });
const chip = (filter: string, value: string) => ({ kind: 'city' as const, label: value, typed: value, filter, value, applied: false });

describe('query chips', () => {
  it('turn a city word into the city filter, dropping the radius and the offset', () => {
    const filters = { ...emptyFilters(), keyword: 'java warsaw', radius: 30, from: 200 };
    expect(chipFilters(filters, chip('city', 'warszawa'))).toMatchObject({ city: 'warszawa', radius: null, from: 0, keyword: 'java warsaw' });
  });

  it('add a workplace or seniority value once', () => {
    const filters = { ...emptyFilters(), remoteWorkOptions: ['hybrid'] };
    expect(chipFilters(filters, chip('workplaceType', 'remote'))?.remoteWorkOptions).toEqual(['hybrid', 'remote']);
    expect(chipFilters({ ...filters, remoteWorkOptions: ['remote'] }, chip('workplaceType', 'remote'))).toBeNull();
    expect(chipFilters(emptyFilters(), chip('experienceLevels', 'senior'))?.experienceLevels).toEqual(['senior']);
    expect(chipFilters(emptyFilters(), chip('unknown', 'x'))).toBeNull();
  });

  it('add a contract once and set a typed salary bound', () => {
    expect(chipFilters(emptyFilters(), chip('employmentTypes', 'b2b'))?.employmentTypes).toEqual(['b2b']);
    expect(chipFilters({ ...emptyFilters(), employmentTypes: ['b2b'] }, chip('employmentTypes', 'b2b'))).toBeNull();
    const filters = { ...emptyFilters(), keyword: '15k b2b', from: 100 };
    expect(chipFilters(filters, chip('salaryMin', '15000'))).toMatchObject({ salaryMin: 15000, from: 0, keyword: '15k b2b' });
    expect(chipFilters(emptyFilters(), chip('salaryMax', '30000'))?.salaryMax).toBe(30000);
    expect(chipFilters({ ...emptyFilters(), salaryMin: 15000 }, chip('salaryMin', '15000'))).toBeNull();
    expect(chipFilters(emptyFilters(), chip('salaryMin', 'abc'))).toBeNull();
  });

  it('did you mean replaces the keyword', () => {
    const filters = { ...emptyFilters(), keyword: 'pyhtonn' };
    expect(didYouMeanFilters(filters, notes())).toBeNull();
    expect(didYouMeanFilters(filters, notes({ didYouMean: { keywords: ['python'], query: 'python', count: 3 } }))?.keyword).toBe('python');
  });
});

describe('hasSearchText', () => {
  it('is true only for text queries', () => {
    expect(hasSearchText('keywords%5B%5D=java&sortBy=published')).toBe(true);
    expect(hasSearchText('skills[]=rust')).toBe(true);
    expect(hasSearchText('city=krakow&keywords[]=%20')).toBe(false);
    expect(hasSearchText('')).toBe(false);
  });
});
