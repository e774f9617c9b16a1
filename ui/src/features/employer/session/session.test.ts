import { describe, expect, it } from 'vitest';
import { employerRequestHeaders } from '@/lib/api-forward';
import { writeRequest } from '@/lib/api-write';
import { matchPublicApi, PUBLIC_ROUTES } from '@/lib/public-api';
import { activeNavLink, EMPLOYER_NAV } from '../nav';
import { employerPaths, isPublicEmployerPath, safeEmployerReturn } from '../paths';
import { MAX_SESSION_SECONDS, newCsrfValue, sessionCookies } from './session';
import pl from '@messages/employer.pl.json';
import en from '@messages/employer.en.json';
import { messages } from '@/i18n/translate';

describe('sessionCookies', () => {
  it('keeps the token HttpOnly and the CSRF value readable, both strict, for the token lifetime', () => {
    const [token, csrf] = sessionCookies({ access_token: 'tok', expires_in: 3600.7 }, 'c5f', false);
    expect(token).toEqual({ name: 'wakat_employer', value: 'tok', options: { path: '/', httpOnly: true, sameSite: 'strict', secure: false, maxAge: 3600 } });
    expect(csrf).toEqual({ name: 'wakat_employer_csrf', value: 'c5f', options: { path: '/', httpOnly: false, sameSite: 'strict', secure: false, maxAge: 3600 } });
  });

  it('is Secure over HTTPS and never outlives 30 days', () => {
    const cookies = sessionCookies({ access_token: 'tok', expires_in: 10 * MAX_SESSION_SECONDS }, 'x', true);
    expect(cookies.every((cookie) => cookie.options.secure && cookie.options.maxAge === MAX_SESSION_SECONDS)).toBe(true);
    expect(sessionCookies({ access_token: 'tok', expires_in: -5 }, 'x', true)[0].options.maxAge).toBe(0);
  });

  it('draws a new 256-bit CSRF value each time', () => {
    const first = newCsrfValue();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(newCsrfValue()).not.toBe(first);
  });
});

describe('employerRequestHeaders', () => {
  const incoming = (extra: Record<string, string>) => new Headers({ accept: 'application/json', 'x-forwarded-for': '203.0.113.9', ...extra });

  it('turns the session cookie into a bearer header and sends no cookie or CSRF header', () => {
    const result = employerRequestHeaders('GET', incoming({ cookie: 'wakat_session=cand; wakat_employer=emp-token; wakat_csrf=c', 'x-csrf-token': 'c' }));
    expect('headers' in result && Object.fromEntries(result.headers)).toEqual({
      accept: 'application/json',
      'x-forwarded-for': '203.0.113.9',
      'accept-encoding': 'identity',
      authorization: 'Bearer emp-token',
    });
  });

  it('forwards a guest without authorization, and ignores a bearer header sent by the browser', () => {
    const result = employerRequestHeaders('POST', incoming({ authorization: 'Bearer forged', cookie: 'wakat_session=cand' }));
    expect('headers' in result && result.headers.get('authorization')).toBeNull();
  });

  it('lets a write through only with the employer CSRF token repeated', () => {
    const cookie = 'wakat_employer=emp-token; wakat_employer_csrf=abc123';
    expect(employerRequestHeaders('PATCH', incoming({ cookie }))).toEqual({ refused: 'csrf_failed' });
    expect(employerRequestHeaders('PATCH', incoming({ cookie, 'x-csrf-token': 'abc124' }))).toEqual({ refused: 'csrf_failed' });
    expect(employerRequestHeaders('DELETE', incoming({ cookie: 'wakat_employer=emp-token', 'x-csrf-token': '' }))).toEqual({ refused: 'csrf_failed' });
    const accepted = employerRequestHeaders('POST', incoming({ cookie, 'x-csrf-token': 'abc123' }));
    expect('headers' in accepted && accepted.headers.get('authorization')).toBe('Bearer emp-token');
    expect('headers' in accepted && accepted.headers.get('x-csrf-token')).toBeNull();
  });

  it('needs no CSRF token for reads', () => {
    const result = employerRequestHeaders('GET', incoming({ cookie: 'wakat_employer=emp-token' }));
    expect('headers' in result).toBe(true);
  });
});

describe('employer routes of the forwarder', () => {
  const match = (method: string, path: string) => matchPublicApi(method, path, ['it']);

  it('marks the session calls employer and forwards the public ones without it', () => {
    const forwarded = (method: string, path: string) => {
      const result = match(method, path);
      return result.kind === 'forward' ? (result.route.session ?? 'public') : result.kind;
    };
    expect(forwarded('GET', '/api/it/v1/oauth/token/info')).toBe('employer');
    expect(forwarded('POST', '/api/it/v1/offers/initiate')).toBe('employer');
    expect(forwarded('PATCH', '/api/it/v1/offers/offer-0123456789abcdef')).toBe('employer');
    expect(forwarded('GET', '/api/it/v1/offers/offer-0123456789abcdef')).toBe('employer');
    expect(forwarded('GET', '/api/it/v1/payments/p1/status')).toBe('employer');
    expect(forwarded('POST', '/api/it/v1/users/sign_up')).toBe('public');
    expect(forwarded('GET', '/api/it/v2/offer-plans')).toBe('public');
  });

  it('never forwards the calls that answer an access token (server actions make them)', () => {
    expect(match('POST', '/api/it/v1/oauth/token').kind).toBe('not_found');
    expect(match('PATCH', '/api/it/v1/users/confirm').kind).toBe('not_found');
    expect(match('POST', '/api/it/v1/oauth/revoke').kind).toBe('not_found');
    expect(PUBLIC_ROUTES.some((route) => route.pattern.includes('/internal/'))).toBe(false);
  });
});

describe('employer writes from the browser', () => {
  it('repeat the employer CSRF cookie, not the candidate one', () => {
    const cookies = 'wakat_csrf=cand; wakat_employer_csrf=emp';
    const employer = writeRequest('POST', '/v1/offers/initiate', { pricing_plan: 'pro' }, { board: 'it', session: 'employer' }, cookies);
    expect(new Headers(employer.init.headers).get('x-csrf-token')).toBe('emp');
    const candidate = writeRequest('POST', '/v1/candidate/logout', undefined, { board: 'it' }, cookies);
    expect(new Headers(candidate.init.headers).get('x-csrf-token')).toBe('cand');
  });
});

describe('employer paths', () => {
  it('knows the public pages, whatever the trailing slash', () => {
    for (const path of ['/employer/login', '/employer/sign-up/', '/employer/confirm', '/employer/password', '/employer/payments/return']) expect(isPublicEmployerPath(path)).toBe(true);
    for (const path of ['/employer', '/employer/offers', '/employer/login/x', '/employer/codes']) expect(isPublicEmployerPath(path)).toBe(false);
  });

  it('returns after login only to panel pages of this app', () => {
    expect(safeEmployerReturn('/employer/offers/new?x=1')).toBe('/employer/offers/new?x=1');
    expect(safeEmployerReturn('/employer')).toBe('/employer');
    for (const next of [null, '', '//evil.example/employer', 'https://evil.example', '/employerx', '/account', '/employer/login', '/employer\\..', '/employer/\u0000']) {
      expect(safeEmployerReturn(next)).toBe('/employer/offers');
    }
  });

  it('builds the links of the mails and the offer pages', () => {
    expect(employerPaths.confirm('a b')).toBe('/employer/confirm?token=a+b');
    expect(employerPaths.offerForm('offer-1', 'edit')).toBe('/employer/offers/offer-1/form?variant=edit');
    expect(employerPaths.login('/employer/codes')).toBe('/employer/login?next=%2Femployer%2Fcodes');
  });
});

describe('panel navigation', () => {
  it('lists every panel page once, with labels in both languages', () => {
    expect(EMPLOYER_NAV.map((link) => link.href)).toEqual([
      '/employer/offers',
      '/employer/offers/new',
      '/employer/applications',
      '/employer/chat',
      '/employer/profile',
      '/employer/company',
      '/employer/billing',
      '/employer/clauses',
      '/employer/users',
      '/employer/brand-story',
      '/employer/codes',
    ]);
    // Labels may live in any catalogue (the chat's are in the core one).
    for (const link of EMPLOYER_NAV) {
      expect(messages.pl).toHaveProperty([link.label]);
      expect(messages.en).toHaveProperty([link.label]);
    }
  });

  it('marks the most specific link of the page', () => {
    expect(activeNavLink('/employer/offers/new')).toBe('new-offer');
    expect(activeNavLink('/employer/offers/offer-1/form')).toBe('offers');
    expect(activeNavLink('/employer/users')).toBe('users');
    expect(activeNavLink('/employer/usersx')).toBeNull();
  });

  it('has the same message keys in Polish and English', () => {
    expect(Object.keys(pl).sort()).toEqual(Object.keys(en).sort());
  });
});
