import { describe, expect, it } from 'vitest';
import { applicationsHref, applicationsView, nextStatuses, offersHref, offersQuery, offersView, percent, statisticsCsvHref } from './query';

describe('offers page addresses', () => {
  it('reads known values and drops the rest', () => {
    expect(offersView({ state: 'active', search: ' rust ', page: '2', from: '2026-11-01', to: 'bad' })).toEqual({
      state: 'active',
      search: 'rust',
      page: 2,
      from: '2026-11-01',
      to: undefined,
    });
    expect(offersView({ state: 'gone', page: '0' })).toEqual({ state: undefined, search: undefined, page: 1, from: undefined, to: undefined });
  });

  it('builds links and API queries', () => {
    expect(offersHref({ state: 'draft', page: 1 })).toBe('/employer/offers?state=draft');
    expect(offersHref({ search: 'a b', page: 3 })).toBe('/employer/offers?search=a+b&page=3');
    expect(offersQuery({ state: 'expired', page: 2 })).toEqual({ page: 2, pageSize: 20, state: 'expired' });
    expect(statisticsCsvHref('it', { from: '2026-11-01' })).toBe('/api/it/v2/employer-panel/offers/statistics?format=csv&from=2026-11-01');
  });
});

describe('applications page addresses', () => {
  it('reads the offer, a known status and the page', () => {
    expect(applicationsView({ offer: 'offer-1', status: 'interview' })).toEqual({ offer: 'offer-1', status: 'interview', page: 1 });
    expect(applicationsView({ status: 'maybe', page: 'x' })).toEqual({ offer: undefined, status: undefined, page: 1 });
    expect(applicationsHref({ status: 'new', page: 2 })).toBe('/employer/applications?status=new&page=2');
  });
});

describe('status moves', () => {
  it('go forward, reject from anywhere but hired, and reopen a rejection', () => {
    expect(nextStatuses('new')).toEqual(['seen', 'in_review', 'interview', 'offer', 'hired', 'rejected']);
    expect(nextStatuses('interview')).toEqual(['seen', 'in_review', 'offer', 'hired', 'rejected']);
    expect(nextStatuses('hired')).toEqual(['seen', 'in_review', 'interview', 'offer', 'rejected']);
    expect(nextStatuses('rejected')).toEqual(['seen', 'in_review', 'interview', 'offer', 'hired']);
  });
});

describe('percent', () => {
  it('shows a rate or a dash', () => {
    expect(percent(0.25, 'en')).toBe('25%');
    expect(percent(null, 'pl')).toBe('–');
  });
});
