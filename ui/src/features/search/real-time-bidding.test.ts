import { describe, expect, it } from 'vitest';
import { emptyFilters, withFilters } from './filters';
import { realTimeBiddingSlugs } from './real-time-bidding';

const offers = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug) => ({ slug }));
const on = { realTimeBidding: true };

describe('realTimeBidding (candidate-side §4)', () => {
  it('sends the first 5 slugs of the unfiltered list, sorted or in another currency', () => {
    expect(realTimeBiddingSlugs(on, emptyFilters(), offers)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(realTimeBiddingSlugs(on, withFilters(emptyFilters(), { sort: 'salaryDesc', currency: 'eur' }), offers)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(realTimeBiddingSlugs(on, { ...emptyFilters(), from: 200, showMap: true }, offers.slice(0, 2)), 'position and layout are no search').toEqual(['a', 'b']);
  });

  it('sends nothing for a filtered list, without the flag or without offers', () => {
    for (const changes of [{ keyword: 'java' }, { city: 'krakow' }, { category: 'backend' }, { remote: true }, { salaryMin: 10000 }, { experienceLevels: ['senior'] }]) {
      expect(realTimeBiddingSlugs(on, withFilters(emptyFilters(), changes), offers), JSON.stringify(changes)).toBeNull();
    }
    expect(realTimeBiddingSlugs({}, emptyFilters(), offers)).toBeNull();
    expect(realTimeBiddingSlugs(on, emptyFilters(), [])).toBeNull();
  });
});
