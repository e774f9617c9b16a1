import { describe, expect, it } from 'vitest';
import { API_ANSWER_CSP, downstreamResponseHeaders, readLimitedBody, upstreamRequestHeaders } from './api-forward';

function stream(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
}

describe('upstreamRequestHeaders', () => {
  it('passes language, cookies, client address and request id; never authorization or hop-by-hop headers', () => {
    const headers = upstreamRequestHeaders(
      new Headers({
        accept: 'application/json',
        'accept-language': 'en',
        cookie: 'session=abc',
        'x-forwarded-for': '203.0.113.9',
        'x-request-id': 'r1',
        authorization: 'Bearer internal-token',
        connection: 'keep-alive',
        'accept-encoding': 'gzip, br',
        'x-internal-token': 'secret',
        host: 'evil.example',
      }),
    );
    expect(Object.fromEntries(headers)).toEqual({
      accept: 'application/json',
      'accept-language': 'en',
      cookie: 'session=abc',
      'x-forwarded-for': '203.0.113.9',
      'x-request-id': 'r1',
      'accept-encoding': 'identity',
    });
  });

  it('passes the session CSRF token, the captcha token and the API version of candidate writes', () => {
    const headers = upstreamRequestHeaders(
      new Headers({ 'content-type': 'multipart/form-data; boundary=x', cookie: 'wakat_session=s; wakat_csrf=c', 'X-CSRF-Token': 'c', 'Recaptcha-Token': '', Version: '2' }),
    );
    expect(headers.get('x-csrf-token')).toBe('c');
    expect(headers.get('recaptcha-token')).toBe('');
    expect(headers.get('version')).toBe('2');
    expect(headers.get('cookie')).toBe('wakat_session=s; wakat_csrf=c');
    expect(headers.get('content-type')).toBe('multipart/form-data; boundary=x');
  });
});

describe('downstreamResponseHeaders', () => {
  it('keeps type, caching, cookies and rate-limit answers; drops encoding and length', () => {
    const upstream = new Headers({
      'content-type': 'application/json',
      'cache-control': 'public, max-age=60',
      etag: '"x"',
      'retry-after': '5',
      'content-encoding': 'gzip',
      'content-length': '10',
      server: 'actix',
    });
    upstream.append('set-cookie', 'a=1; Path=/; HttpOnly');
    upstream.append('set-cookie', 'b=2; Path=/');
    const headers = downstreamResponseHeaders(upstream);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(headers.get('etag')).toBe('"x"');
    expect(headers.get('retry-after')).toBe('5');
    expect(headers.getSetCookie()).toEqual(['a=1; Path=/; HttpOnly', 'b=2; Path=/']);
    expect(headers.has('content-encoding')).toBe(false);
    expect(headers.has('content-length')).toBe(false);
    expect(headers.has('server')).toBe(false);
    expect(headers.get('content-security-policy')).toBe(API_ANSWER_CSP);
  });

  it("keeps the API's own content security policy", () => {
    expect(downstreamResponseHeaders(new Headers({ 'content-security-policy': "default-src 'none'" })).get('content-security-policy')).toBe("default-src 'none'");
  });
});

describe('readLimitedBody', () => {
  it('reads bodies up to the limit and refuses longer ones', async () => {
    expect(new TextDecoder().decode((await readLimitedBody(stream('{"offer', 'Slug":"a"}'), 64))!)).toBe('{"offerSlug":"a"}');
    expect(await readLimitedBody(stream('0123456789', '0123456789'), 15)).toBeNull();
    expect(await readLimitedBody(null, 10)).toEqual(new Uint8Array(0));
  });
});
