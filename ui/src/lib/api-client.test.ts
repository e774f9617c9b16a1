import { describe, expect, it } from 'vitest';
import { ApiError, apiUrl, toApiError } from './api-client';

describe('toApiError', () => {
  it('keeps the API code, message and field', () => {
    const error = toApiError(400, { code: 'invalid_experience_level', message: "'bad' is not known", field: 'experienceLevels' });
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.message, error.field]).toEqual([400, 'invalid_experience_level', "'bad' is not known", 'experienceLevels']);
    expect(error.isNotFound).toBe(false);
  });

  it('falls back for bodies that are not API errors', () => {
    const error = toApiError(502, null);
    expect([error.code, error.field]).toEqual(['http_502', null]);
    expect(toApiError(404, { code: 'offer_not_found', message: 'x', field: null }).isNotFound).toBe(true);
  });
});

describe('apiUrl', () => {
  it('builds server URLs under the board the server code names', () => {
    // The origin comes from WAKAT_API_URL (scripts/test points it at its own API port).
    const origin = (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
    expect(apiUrl('/v1/offers/a', { perPage: 1, skip: undefined }, 'work')).toBe(`${origin}/api/work/v1/offers/a?perPage=1`);
  });

  it('refuses a server call that names no board (the board is per request)', () => {
    expect(() => apiUrl('/v1/offers/a')).toThrow(/names no board/);
  });
});
