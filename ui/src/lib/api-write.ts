/**
 * The one helper for browser writes to the API (`POST`/`PUT`/`PATCH`/`DELETE` through the app's
 * `/api/*` forwarder): JSON or multipart bodies, the session's `X-CSRF-Token` (see `csrf.ts`) and
 * the API's `{code, message, field}` errors as a typed `ApiError`. Every write of the app goes
 * through here, so none can forget the CSRF header.
 */
import { apiUrl, toApiError, type Query } from './api-client';
import { CSRF_COOKIE, EMPLOYER_CSRF_COOKIE, withCsrfHeader } from './csrf';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface WriteOptions {
  /** Extra request headers (e.g. `Recaptcha-Token`, `Version`). */
  headers?: Record<string, string>;
  query?: Query;
  signal?: AbortSignal;
  /** Lets the request outlive the page (view tracking). */
  keepalive?: boolean;
  /** The board; in the browser the page's own by default. */
  board?: string;
  /** Whose CSRF token the write repeats: the candidate session's (default) or the employer's. */
  session?: 'candidate' | 'employer';
}

/** The cookies the page can read (none outside a browser). */
function pageCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/** Builds the `fetch` arguments of a write; pure apart from reading the page's cookies. */
export function writeRequest(method: WriteMethod, path: string, body: unknown, options: WriteOptions = {}, cookies = pageCookies()): { url: string; init: RequestInit } {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    // The browser writes the multipart boundary itself.
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  withCsrfHeader(method, headers, cookies, options.session === 'employer' ? EMPLOYER_CSRF_COOKIE : CSRF_COOKIE);
  return {
    url: apiUrl(path, options.query, options.board),
    init: { method, headers, body: payload, credentials: 'same-origin', cache: 'no-store', signal: options.signal, keepalive: options.keepalive },
  };
}

/**
 * Sends a write and returns its JSON answer (null for 204 or an empty body), or throws `ApiError`
 * (`network_error` when the app cannot be reached).
 */
export async function apiWrite<T = unknown>(method: WriteMethod, path: string, body?: unknown, options: WriteOptions = {}): Promise<T | null> {
  const { url, init } = writeRequest(method, path, body, options);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw toApiError(0, null);
  }
  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) throw toApiError(response.status, json);
  return json as T | null;
}
