import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, formatRequestLine, handleWithLog, requestContext, requestIdOf, trackApiCalls } from './request-log.mjs';

const API = 'http://127.0.0.1:8080';

function fakeFetch(status = 200) {
  const seen: { url: string; headers: Headers }[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    if (String(input).includes('down')) throw new TypeError('fetch failed');
    return new Response('{}', { status });
  }) as typeof fetch;
  return { impl, seen };
}

function fakeExchange(url: string, headers: Record<string, string> = {}, peer = '198.51.100.7') {
  const req = { method: 'GET', url, headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
  const res = Object.assign(new EventEmitter(), { statusCode: 200, writableFinished: false, headers: {} as Record<string, string> });
  (res as unknown as { setHeader: (k: string, v: string) => void }).setHeader = (key, value) => {
    res.headers[key] = value;
  };
  return { req, res: res as unknown as ServerResponse & typeof res };
}

describe('trackApiCalls', () => {
  it('records calls to the API made inside a request context, with the request id', async () => {
    const { impl, seen } = fakeFetch(404);
    const tracked = trackApiCalls(API, impl);
    const record = { id: 'req-1', calls: [] };
    await requestContext.run(record, async () => {
      await tracked(`${API}/api/it/v1/offers/x?lang=en`);
      await tracked('https://elsewhere.example/a');
      await expect(tracked(`${API}/api/it/down`, { method: 'post' })).rejects.toThrow('fetch failed');
    });
    expect(record.calls.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['GET', '/api/it/v1/offers/x', 404],
      ['POST', '/api/it/down', 0],
    ]);
    expect(seen[0].headers.get('x-request-id')).toBe('req-1');
    expect(seen[1].headers.has('x-request-id')).toBe(false);
  });

  it('sends the visitor the page is rendered for as x-forwarded-for (the API limits per client)', async () => {
    const { impl, seen } = fakeFetch();
    const tracked = trackApiCalls(API, impl);
    await requestContext.run({ id: 'req-2', calls: [], client: '203.0.113.9' }, async () => {
      await tracked(`${API}/api/it/v2/user-panel/offers`);
      await tracked(`${API}/api/it/v1/views`, { method: 'POST', headers: { 'x-forwarded-for': '198.51.100.1' } });
    });
    expect(seen[0].headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(seen[1].headers.get('x-forwarded-for')).toBe('198.51.100.1');
  });

  it('passes calls outside a request through untouched', async () => {
    const { impl, seen } = fakeFetch();
    await trackApiCalls(API, impl)(`${API}/api/it/v2/user-panel/configuration`, { headers: { accept: 'application/json' } });
    expect(seen[0].headers.has('x-request-id')).toBe(false);
  });
});

describe('handleWithLog', () => {
  it('writes one line per request when the answer is finished, with the API calls made for it', async () => {
    const { impl } = fakeFetch();
    const tracked = trackApiCalls(API, impl);
    const lines: string[] = [];
    const { req, res } = fakeExchange('/krakow?keyword=java', { 'x-forwarded-for': '203.0.113.1' });
    await handleWithLog(
      req,
      res,
      async () => {
        await tracked(`${API}/api/it/v2/user-panel/offers?keyword=java`);
        await tracked(`${API}/api/it/v2/user-panel/configuration`);
        res.statusCode = 200;
        res.writableFinished = true;
      },
      { write: (text) => lines.push(text) },
    );
    expect(lines).toEqual([]);
    res.emit('close');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ method: 'GET', path: '/krakow', status: 200, apiCalls: 2 });
    expect(line.id).toBe(req.headers['x-request-id']);
    expect(res.headers['x-request-id']).toBe(line.id);
    expect(line.api[0]).toMatch(/^GET \/api\/it\/v2\/user-panel\/offers 200 [\d.]+ms$/);
    expect(typeof line.ms).toBe('number');
    expect(line.aborted).toBeUndefined();
    // The browser's own x-forwarded-for is not believed.
    expect(req.headers['x-forwarded-for']).toBe('198.51.100.7');
  });

  it("folds Next's internal re-request (a proxied rewrite) into the outer line", async () => {
    const { impl } = fakeFetch(404);
    const tracked = trackApiCalls(API, impl);
    const lines: string[] = [];
    const write = (text: string) => lines.push(text);
    const outer = fakeExchange('/job-offer/gone');
    await handleWithLog(
      outer.req,
      outer.res,
      async () => {
        await tracked(`${API}/api/it/v2/user-panel/offers/active-slug/gone`);
        // Next proxies the rewrite to its own server with every header of the request.
        const inner = fakeExchange('/_not-found', outer.req.headers as Record<string, string>, '127.0.0.1');
        await handleWithLog(inner.req, inner.res, () => tracked(`${API}/api/it/v2/user-panel/configuration`), { write });
        inner.res.emit('close');
        outer.res.statusCode = 404;
        outer.res.writableFinished = true;
      },
      { write },
    );
    outer.res.emit('close');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ path: '/job-offer/gone', status: 404, apiCalls: 2 });
    // A forged marker is just a header.
    const forged = fakeExchange('/', { 'x-wakat-hop': 'guess:1' });
    handleWithLog(forged.req, forged.res, () => undefined, { write });
    forged.res.emit('close');
    expect(lines).toHaveLength(2);
  });

  it('marks answers the client did not wait for', () => {
    const lines: string[] = [];
    const { req, res } = fakeExchange('/');
    handleWithLog(req, res, () => undefined, { write: (text) => lines.push(text) });
    res.emit('close');
    expect(JSON.parse(lines[0]).aborted).toBe(true);
  });
});

describe('requestIdOf and clientAddressOf', () => {
  it('keeps a sane incoming request id, replaces anything else', () => {
    expect(requestIdOf('lb-123:abc')).toBe('lb-123:abc');
    expect(requestIdOf('bad id\n')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('believes x-forwarded-for only behind a trusted proxy, and then its last entry', () => {
    expect(clientAddressOf('1.1.1.1, 10.0.0.2', '127.0.0.1', false)).toBe('127.0.0.1');
    expect(clientAddressOf('1.1.1.1, 10.0.0.2', '127.0.0.1', true)).toBe('10.0.0.2');
    expect(clientAddressOf(undefined, '127.0.0.1', true)).toBe('127.0.0.1');
  });
});

describe('formatRequestLine', () => {
  it('is one line of JSON', () => {
    const text = formatRequestLine({ id: 'a', method: 'GET', path: '/x', status: 404, ms: 1.234, calls: [{ method: 'GET', path: '/api/it/v1/offers/x', status: 404, ms: 0.5 }] });
    expect(text).not.toContain('\n');
    expect(JSON.parse(text)).toMatchObject({ status: 404, ms: 1.2, apiCalls: 1, api: ['GET /api/it/v1/offers/x 404 0.5ms'] });
  });
});
