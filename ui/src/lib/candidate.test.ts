import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths, safeReturnPath } from '@/config/paths';
import { ApiError } from './api-client';
import { batches, favouritesQuery, isFavourite } from './favourites';
import { errorKey, placeServerError } from './form-errors';
import { isCandidateKey } from './session';

describe('favourites lookups', () => {
  it('ask for at most 25 offers at a time, each once', () => {
    const ids = Array.from({ length: 60 }, (_, index) => `g${index}`);
    const split = batches([...ids, 'g0', 'g1']);
    expect(split.map((batch) => batch.length)).toEqual([25, 25, 10]);
    expect(split.flat()).toEqual(ids);
  });

  it('send the ids as a bracket array', () => {
    expect(favouritesQuery(1, 2, ['a', 'b']).toString()).toBe('page=1&pageSize=2&jobAdvertisementsIds%5B%5D=a&jobAdvertisementsIds%5B%5D=b');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('batch the hearts of one moment into one call and answer each', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { cookie: '', documentElement: { dataset: { board: 'it' } } });
    const fetchMock = vi.fn(async (url: string) => {
      expect(new URL(url, 'http://page.test').searchParams.getAll('jobAdvertisementsIds[]').sort()).toEqual(['a', 'b', 'c']);
      return Response.json({ data: [{ jobAdvertisementId: 'b', addedAt: '2026-01-01T00:00:00Z', offer: null }], meta: { hasNextPage: false, pageNumber: 1 } });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(Promise.all([isFavourite('a'), isFavourite('b'), isFavourite('c'), isFavourite('b')])).resolves.toEqual([false, true, false, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('server errors on forms', () => {
  const fields = { email: 'email', password: 'password', future_consent_accepted: 'futureConsent' } as const;

  it('go to the field the server names', () => {
    expect(placeServerError(new ApiError(400, 'invalidEmail', 'bad', 'email'), fields)).toEqual({ field: 'email', code: 'invalidEmail', status: 400 });
    expect(placeServerError(new ApiError(400, 'invalid_boolean', 'bad', 'future_consent_accepted'), fields).field).toBe('futureConsent');
  });

  it('go to the form when the field is unknown or absent', () => {
    expect(placeServerError(new ApiError(401, 'invalid_credentials', 'no'), fields)).toEqual({ field: null, code: 'invalid_credentials', status: 401 });
    expect(placeServerError(new ApiError(400, 'x', 'no', 'toString'), fields).field).toBeNull();
    expect(placeServerError(new TypeError('offline'), fields)).toEqual({ field: null, code: 'network_error', status: 0 });
  });

  it('read their code through an i18n key, with a fallback', () => {
    expect(errorKey('applyForm.errors', 'messageLength', 'errors.sthWentWrong')).toBe('applyForm.errors.messageLength');
    expect(errorKey('applyForm.errors', 'offer_inactive', 'errors.sthWentWrong')).toBe('errors.sthWentWrong');
    expect(errorKey('account.errors', 'password_too_short', 'account.errors.generic')).toBe('account.errors.password_too_short');
  });
});

describe('session cache', () => {
  it('knows which answers belong to the candidate', () => {
    expect(isCandidateKey('/v1/candidate/me')).toBe(true);
    expect(isCandidateKey('/v1/candidate/favourites/count')).toBe(true);
    expect(isCandidateKey(['favourite', 'g1'])).toBe(true);
    expect(isCandidateKey(['applied', 'g1'])).toBe(true);
    expect(isCandidateKey(['/v1/candidate/applications', '{}', 1, 20])).toBe(true);
    expect(isCandidateKey('/v2/user-panel/offers/count?x=1')).toBe(false);
  });
});

describe('return paths after login', () => {
  it('follow paths of this app only', () => {
    expect(safeReturnPath('/job-offer/x?from=3')).toBe('/job-offer/x?from=3');
    expect(safeReturnPath('//evil.example/x')).toBe('/account');
    expect(safeReturnPath('/\\evil.example')).toBe('/account');
    expect(safeReturnPath('https://evil.example')).toBe('/account');
    expect(safeReturnPath('/account/login?next=/x')).toBe('/account');
    expect(safeReturnPath(null)).toBe('/account');
  });

  it('carry the offer to favourite', () => {
    expect(paths.login({ next: '/krakow', favoriteOfferId: 'g1' })).toBe('/account/login?next=%2Fkrakow&favoriteOfferId=g1');
    expect(paths.register()).toBe('/account/register');
  });
});
