import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { apiWrite, writeRequest } from './api-write';
import { CSRF_HEADER, hasSessionCookie, isWriteMethod, readCookie, withCsrfHeader } from './csrf';

describe('readCookie', () => {
  it('finds a cookie among others, trimmed and decoded', () => {
    expect(readCookie('a=1; wakat_csrf=tok%3D1; b=2', 'wakat_csrf')).toBe('tok=1');
    expect(readCookie('wakat_csrf=abc', 'wakat_csrf')).toBe('abc');
    expect(readCookie(' x=1;wakat_csrf=abc ', 'wakat_csrf')).toBe('abc');
  });

  it('does not confuse names that share a prefix or suffix', () => {
    expect(readCookie('my_wakat_csrf=1; wakat_csrf_old=2', 'wakat_csrf')).toBeNull();
  });

  it('is null for a missing or empty cookie', () => {
    expect(readCookie('', 'wakat_csrf')).toBeNull();
    expect(readCookie(undefined, 'wakat_csrf')).toBeNull();
    expect(readCookie('wakat_csrf=', 'wakat_csrf')).toBeNull();
    expect(hasSessionCookie('wakat_csrf=')).toBe(false);
    expect(hasSessionCookie('wakat_csrf=x')).toBe(true);
  });

  it('keeps a value that is not valid percent-encoding', () => {
    expect(readCookie('wakat_csrf=%E0%A4%A', 'wakat_csrf')).toBe('%E0%A4%A');
  });
});

describe('withCsrfHeader', () => {
  it('adds the token to every write', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(withCsrfHeader(method, new Headers(), 'wakat_csrf=t1').get(CSRF_HEADER)).toBe('t1');
    }
  });

  it('leaves reads alone, and writes of guests (no cookie)', () => {
    expect(withCsrfHeader('GET', new Headers(), 'wakat_csrf=t1').has(CSRF_HEADER)).toBe(false);
    expect(withCsrfHeader('HEAD', new Headers(), 'wakat_csrf=t1').has(CSRF_HEADER)).toBe(false);
    expect(withCsrfHeader('POST', new Headers(), 'other=1').has(CSRF_HEADER)).toBe(false);
    expect(isWriteMethod('OPTIONS')).toBe(false);
  });
});

describe('writeRequest', () => {
  it('sends JSON with the CSRF header and the page cookies', () => {
    const { url, init } = writeRequest('PUT', '/v1/candidate/profile', { firstName: 'Ada' }, { board: 'it' }, 'wakat_csrf=tok');
    expect(url).toMatch(/\/api\/it\/v1\/candidate\/profile$/);
    const headers = init.headers as Headers;
    expect(init.method).toBe('PUT');
    expect(headers.get('x-csrf-token')).toBe('tok');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"firstName":"Ada"}');
    expect(init.credentials).toBe('same-origin');
  });

  it('lets the browser set the multipart content type of a FormData body', () => {
    const form = new FormData();
    form.set('name', 'Ada');
    const { init } = writeRequest('POST', '/v1/offers/x/applications', form, { headers: { 'Recaptcha-Token': '' }, board: 'it' }, 'wakat_csrf=tok');
    const headers = init.headers as Headers;
    expect(init.body).toBe(form);
    expect(headers.has('content-type')).toBe(false);
    expect(headers.get('recaptcha-token')).toBe('');
    expect(headers.get('x-csrf-token')).toBe('tok');
  });

  it('sends no body and no CSRF header for a guest without a body', () => {
    const { init } = writeRequest('DELETE', '/v1/candidate/favourites/g', undefined, { board: 'it' }, '');
    expect(init.body).toBeUndefined();
    expect((init.headers as Headers).has('x-csrf-token')).toBe(false);
  });
});

describe('apiWrite', () => {
  afterEach(() => vi.unstubAllGlobals());
  // A page of the board `it` (the browser names its board in <html data-board>).
  const browserPage = (cookie = '') => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { cookie, documentElement: { dataset: { board: 'it' } } });
  };

  it('reads the token from document.cookie and returns the JSON answer', async () => {
    browserPage('a=b; wakat_csrf=from-page');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ id: 'app-1' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiWrite('POST', '/v1/candidate/favourites', { jobAdvertisementId: 'g' })).resolves.toEqual({ id: 'app-1' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/it/v1/candidate/favourites');
    expect((fetchMock.mock.calls[0][1].headers as Headers).get('x-csrf-token')).toBe('from-page');
  });

  it('answers null for 204', async () => {
    browserPage();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(apiWrite('DELETE', '/v1/candidate/favourites/g')).resolves.toBeNull();
  });

  it("throws the API's {code, message, field} as an ApiError", async () => {
    browserPage();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'messageLength', message: 'too long', field: 'message' }, { status: 400 })));
    const error = await apiWrite('POST', '/v1/offers/x/applications', new FormData()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'messageLength', field: 'message' });
  });

  it('turns a refused CSRF check and a network failure into errors too', async () => {
    browserPage();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'csrf_failed', message: 'no', field: null }, { status: 403 })));
    await expect(apiWrite('POST', '/v1/candidate/logout')).rejects.toMatchObject({ status: 403, code: 'csrf_failed' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('failed to fetch'))));
    await expect(apiWrite('POST', '/v1/candidate/logout')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
