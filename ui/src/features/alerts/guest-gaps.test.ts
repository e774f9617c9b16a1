import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { copySearches } from './copy-local-searches';
import { newOffersSince, parseStore, serializeStore, type LocalSearch } from './local-store';

const search = (id: string, filters: LocalSearch['filters'] = { categories: ['java'] } as LocalSearch['filters']): LocalSearch => ({
  id,
  searchUrl: `/all-locations?keyword=${id}`,
  name: id,
  filters,
  createdAt: '2026-11-20T10:00:00.000Z',
  readAt: null,
  alert: null,
});

describe('a guest alert keeps what the browser needs', () => {
  it('stores the unsubscribe code and the reading time through a round trip', () => {
    const stored: LocalSearch = {
      ...search('a'),
      readAt: '2026-11-25T08:00:00.000Z',
      alert: { email: 'ola@example.pl', frequency: 'everyDay', status: 'active', jobFilterId: 'f1', candidateId: 'c1', unsubscribeCode: 'code-1' },
    };
    const { searches, migrated } = parseStore(serializeStore([stored]));
    expect(migrated).toBe(false);
    expect(searches[0]).toEqual(stored);
  });

  it('reads older entries without them', () => {
    const old = JSON.stringify({ state: { jobAlerts: [{ id: 'x', searchUrl: '/krakow', name: 'K', createdAt: '2026-01-01T00:00:00.000Z', alert: { email: 'a@b.pl', status: 'active' } }] }, version: 1 });
    const [read] = parseStore(old).searches;
    expect(read.readAt).toBeNull();
    expect(read.alert?.unsubscribeCode).toBeNull();
  });

  it('counts new offers from the last reading, else from the saving', () => {
    expect(newOffersSince(search('a'))).toBe(Date.parse('2026-11-20T10:00:00.000Z') / 1000);
    expect(newOffersSince({ createdAt: '2026-11-20T10:00:00.000Z', readAt: '2026-11-26T12:30:00.000Z' })).toBe(Date.parse('2026-11-26T12:30:00.000Z') / 1000);
    expect(newOffersSince({ createdAt: 'garbage', readAt: null })).toBe(0);
  });
});

describe('copying the browser searches into the account', () => {
  it('takes saved and already-present searches out, keeps failures, stops at the limit', async () => {
    const answers: Record<string, () => Promise<unknown>> = {
      saved: async () => ({ jobFilterId: '1' }),
      present: async () => Promise.reject(new ApiError(409, 'job_filter_exists', 'Job filter already exists')),
      broken: async () => Promise.reject(new ApiError(500, 'internal', 'boom')),
      full: async () => Promise.reject(new ApiError(422, 'job_alert_limit', 'limit')),
      after: async () => ({ jobFilterId: '2' }),
    };
    const tried: string[] = [];
    const done = await copySearches(
      [search('saved'), search('present'), search('noFilters', null), search('broken'), search('full'), search('after')],
      (one) => {
        tried.push(one.id);
        return answers[one.id]();
      },
    );
    expect(done).toEqual(['saved', 'present']);
    expect(tried).toEqual(['saved', 'present', 'broken', 'full']);
  });
});
