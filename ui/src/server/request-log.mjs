/**
 * One log line per request of the web app, with the API calls made while answering it.
 *
 * Plain JavaScript for `server.mjs` (run by Node, not bundled by Next). The custom server opens an
 * AsyncLocalStorage context per request; `trackApiCalls` wraps the global `fetch` before Next
 * patches it, so every call that really goes to the API (Next's data-cache hits and deduplicated
 * fetches never reach it) is recorded in the context of the request that made it — from pages,
 * the proxy and the `/api/*` forwarder alike.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Shared through a global symbol so a second copy of this module still finds the same store. */
const STORE_KEY = Symbol.for('wakat.requestLog');
/** @type {AsyncLocalStorage<RequestRecord>} */
export const requestContext = (globalThis[STORE_KEY] ??= new AsyncLocalStorage());

/**
 * @typedef {{ method: string, path: string, status: number, ms: number }} ApiCall
 * @typedef {{ id: string, calls: ApiCall[], client?: string }} RequestRecord
 */

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's request id when it is a sane token (a load balancer's), else a fresh one. */
export function requestIdOf(incoming) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return typeof value === 'string' && REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * The client's address: the socket peer, or — when the app sits behind a reverse proxy that says
 * so (`trustProxy`) — the last `x-forwarded-for` entry, the address that proxy saw. A browser's
 * own `x-forwarded-for` is never believed otherwise.
 */
export function clientAddressOf(forwardedFor, peer, trustProxy) {
  if (trustProxy && typeof forwardedFor === 'string') {
    const last = forwardedFor.split(',').map((part) => part.trim()).filter(Boolean).pop();
    if (last) return last;
  }
  return peer ?? '';
}

function parseUrl(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

const round = (ms) => Math.round(ms * 10) / 10;

/**
 * Wraps `fetchImpl` so calls to the API are timed, tagged with the request id and recorded.
 * `apiUrl`: the API's URL, or a function returning it (read at each call).
 */
export function trackApiCalls(apiUrl, fetchImpl) {
  const apiOrigin = () => parseUrl(typeof apiUrl === 'function' ? apiUrl() : apiUrl)?.origin;
  return async function trackedFetch(input, init) {
    const record = requestContext.getStore();
    const url = record ? parseUrl(input instanceof Request ? input.url : String(input)) : null;
    if (!record || !url || url.origin !== apiOrigin()) return fetchImpl(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has('x-request-id')) headers.set('x-request-id', record.id);
    // The API limits requests per client: the pages' own calls count for the visitor they render
    // for, not for the web app's address (one shared bucket for everybody).
    if (record.client && !headers.has('x-forwarded-for')) headers.set('x-forwarded-for', record.client);
    const started = performance.now();
    try {
      const response = await fetchImpl(input, { ...init, headers });
      record.calls.push({ method, path: url.pathname, status: response.status, ms: round(performance.now() - started) });
      return response;
    } catch (error) {
      // 0: no answer (refused, timed out, aborted).
      record.calls.push({ method, path: url.pathname, status: 0, ms: round(performance.now() - started) });
      throw error;
    }
  };
}

/** The log line of a finished request: one JSON object, API calls as compact `METHOD path status ms` strings. */
export function formatRequestLine({ id, method, path, status, ms, aborted, calls }) {
  const line = {
    time: new Date().toISOString(),
    id,
    method,
    path,
    status,
    ms: round(ms),
    ...(aborted ? { aborted: true } : {}),
    apiCalls: calls.length,
    api: calls.map((call) => `${call.method} ${call.path} ${call.status} ${call.ms}ms`),
  };
  return JSON.stringify(line);
}

/**
 * Next answers some middleware rewrites (the unknown offer → `/_not-found`) by proxying the request
 * to its own server: the request comes back in with every header. The marker below, unknown outside
 * this process, lets that inner hop join the outer request's record instead of logging a line (and
 * resolving the client address) of its own.
 */
const HOP_HEADER = 'x-wakat-hop';
const hopSecret = randomUUID();
let hopCounter = 0;
/** @type {Map<string, RequestRecord>} */
const inFlight = new Map();

/**
 * Runs `handle(req, res)` inside a fresh request context and writes the line when the answer is
 * finished (or the client went away). Sets `x-request-id` on the request (forwarded to the API)
 * and on the answer, and `x-forwarded-for` to the resolved client address.
 */
export function handleWithLog(req, res, handle, { trustProxy = false, write = (text) => process.stdout.write(`${text}\n`) } = {}) {
  const hop = req.headers[HOP_HEADER];
  const outer = typeof hop === 'string' && hop.startsWith(`${hopSecret}:`) ? inFlight.get(hop) : undefined;
  if (outer) return requestContext.run(outer, () => handle(req, res));

  const started = performance.now();
  const id = requestIdOf(req.headers['x-request-id']);
  const hopKey = `${hopSecret}:${++hopCounter}`;
  req.headers['x-request-id'] = id;
  req.headers[HOP_HEADER] = hopKey;
  req.headers['x-forwarded-for'] = clientAddressOf(req.headers['x-forwarded-for'], req.socket.remoteAddress, trustProxy);
  res.setHeader('x-request-id', id);
  /** @type {RequestRecord} */
  const record = { id, calls: [], client: req.headers['x-forwarded-for'] };
  inFlight.set(hopKey, record);
  // Next itself puts ten 'close' listeners on a response it proxies; this is one more, not a leak.
  res.setMaxListeners(res.getMaxListeners() + 1);
  res.once('close', () => {
    inFlight.delete(hopKey);
    const path = (req.url ?? '/').split('?')[0];
    write(formatRequestLine({ id, method: req.method ?? 'GET', path, status: res.statusCode, ms: performance.now() - started, aborted: !res.writableFinished, calls: record.calls }));
  });
  return requestContext.run(record, () => handle(req, res));
}
