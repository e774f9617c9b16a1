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
