import { describe, expect, it } from 'vitest';
import { createNonce, hubSocketOrigin, originsOf, pageContentSecurityPolicy, servedOverHttps, STATIC_SECURITY_HEADERS } from './security-headers';

const directives = (policy: string) => new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

describe('pageContentSecurityPolicy', () => {
  it('allows scripts only with the nonce, never inline or eval', () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: 'abc123' }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('gives MapLibre blob: workers, data:/blob: images and its remote origins', () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: 'n', mapOrigins: ['https://tiles.example.com'] }));
    expect(policy.get('worker-src')).toContain('blob:');
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(['data:', 'blob:', 'https://tiles.example.com']));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://tiles.example.com']);
  });

  it('lets banner images come from the configured image origins, and nothing else from them', () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: 'n', imageOrigins: ['https://cdn.example.com'] }));
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
  });

  it('lets a captcha widget frame and call its provider', () => {
    const policy = directives(pageContentSecurityPolicy({ nonce: 'n', captchaOrigins: ['https://challenges.cloudflare.com'] }));
    expect(policy.get('frame-src')).toEqual(['https://challenges.cloudflare.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-n'", "'strict-dynamic'"]);
  });

  it('keeps inline styles without a style nonce (a nonce would switch unsafe-inline off)', () => {
    const styles = directives(pageContentSecurityPolicy({ nonce: 'n' })).get('style-src') ?? [];
    expect(styles).toContain("'unsafe-inline'");
    expect(styles.some((source) => source.startsWith("'nonce-"))).toBe(false);
  });

  it('adds eval and websockets in development only, upgrade-insecure-requests over HTTPS only', () => {
    const dev = directives(pageContentSecurityPolicy({ nonce: 'n', dev: true }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('connect-src')).toContain('ws:');
    expect(pageContentSecurityPolicy({ nonce: 'n', https: true })).toMatch(/; upgrade-insecure-requests$/);
  });
});

describe('hubSocketOrigin', () => {
  it('allows the page\'s own WebSocket origin, wss over HTTPS', () => {
    expect(hubSocketOrigin('it.localhost:3100', false)).toBe('ws://it.localhost:3100');
    expect(hubSocketOrigin('Wakat.PL', true)).toBe('wss://wakat.pl');
    expect(hubSocketOrigin('[::1]:3000', false)).toBe('ws://[::1]:3000');
    const policy = directives(pageContentSecurityPolicy({ nonce: 'n', socketOrigin: hubSocketOrigin('wakat.pl', true) }));
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://wakat.pl']);
  });

  it('writes nothing for a host that could smuggle a directive or another origin', () => {
    for (const host of ["evil.example; script-src *", 'a b', 'x.example/path', 'user@host', '', null, 'host:99999999']) expect(hubSocketOrigin(host, false), String(host)).toBeNull();
  });
});

describe('createNonce', () => {
  it('is base64 of 16 random bytes, different every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('originsOf', () => {
  it('keeps the origins of absolute URLs, lists included, and ignores the rest', () => {
    expect(originsOf(['https://tiles.example.com/styles/light.json?key=1', undefined, '/map/style.json', 'http://a.test:8080/x, https://b.test  https://a.test', 'not a url'])).toEqual([
      'https://tiles.example.com',
      'http://a.test:8080',
      'https://b.test',
      'https://a.test',
    ]);
  });
});

describe('servedOverHttps', () => {
  it('trusts an https public origin or a forwarded proto of https', () => {
    expect(servedOverHttps('https://praca.example', null)).toBe(true);
    expect(servedOverHttps('http://127.0.0.1:3000', 'https')).toBe(true);
    expect(servedOverHttps('http://127.0.0.1:3000', 'https, http')).toBe(true);
    expect(servedOverHttps('http://127.0.0.1:3000', 'http')).toBe(false);
    expect(servedOverHttps(undefined, undefined)).toBe(false);
  });
});

describe('STATIC_SECURITY_HEADERS', () => {
  it('has the headers every answer carries', () => {
    const headers = Object.fromEntries(STATIC_SECURITY_HEADERS.map(({ key, value }) => [key, value]));
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(headers['Permissions-Policy']).toContain('microphone=()');
    expect(headers['Permissions-Policy']).toContain('geolocation=()');
  });
});
