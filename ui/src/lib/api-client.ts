/**
 * The one HTTP client of the app. Server code calls the API directly (WAKAT_API_URL); browser code
 * calls the same-origin `/api/...` path, forwarded by `app/api/[...path]` when the call is on the
 * public allow-list (`public-api.ts`). Every non-2xx answer becomes a typed `ApiError` carrying the
 * API's stable `code` and optional `field`.
 */
import { env } from '@/config/env';

/** One field error of a whole-form answer (the offer form's `errors`). */
export interface FieldErrorDetail {
  field: string;
  code: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;
  /** Every field error, when the API checked a whole form (else empty). */
  readonly errors: FieldErrorDetail[];
  /** When the conflicting record was made (RFC 3339), e.g. the first application of `already_applied`. */
  readonly at: string | null;

  constructor(status: number, code: string, message: string, field: string | null = null, errors: FieldErrorDetail[] = [], at: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.at = at;
    this.errors = errors;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

/** Builds an `ApiError` from a status and a (possibly non-JSON) body. */
export function toApiError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const code = typeof record.code === 'string' ? record.code : `http_${status}`;
    const message = typeof record.message === 'string' ? record.message : `request failed with status ${status}`;
    const field = typeof record.field === 'string' ? record.field : null;
    const errors = Array.isArray(record.errors)
      ? record.errors.filter((entry): entry is FieldErrorDetail => Boolean(entry) && typeof entry.field === 'string' && typeof entry.code === 'string').map(({ field, code, message }) => ({ field, code, message: String(message ?? '') }))
      : [];
    const at = typeof record.at === 'string' ? record.at : null;
    return new ApiError(status, code, message, field, errors, at);
  }
  return new ApiError(status, status === 0 ? 'network_error' : `http_${status}`, `request failed with status ${status}`);
}

export type Query = URLSearchParams | Record<string, string | number | boolean | undefined>;

function queryString(query?: Query): string {
  if (!query) return '';
  const params =
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter(([, value]) => value !== undefined)
            .map(([key, value]) => [key, String(value)]),
        );
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The board of browser code: the page's `<html data-board>`, written by the root layout for the
 * board of the page's host (the `/api/*` forwarder forwards that board only).
 */
function pageBoard(): string {
  const slug = document.documentElement.dataset.board;
  if (!slug) throw new Error('the page names no board');
  return slug;
}

/**
 * Returns the absolute (server) or same-origin (browser) URL of a board's API path like
 * `/v1/offers/x`. Server code names the board (`requireBoard()` in `board-server.ts`); browser code
 * may leave it to the page.
 */
export function apiUrl(path: string, query?: Query, board?: string): string {
  if (typeof window === 'undefined') {
    if (!board) throw new Error(`the server call ${path} names no board`);
    return `${env.apiUrl}/api/${board}${path}${queryString(query)}`;
  }
  return `/api/${board ?? pageBoard()}${path}${queryString(query)}`;
}

export interface RequestOptions {
  /** The board's slug: required on the server, the page's board in the browser by default. */
  board?: string;
  locale?: string;
  /** Seconds the server may reuse the answer (config); default: never cached. */
  revalidate?: number;
  signal?: AbortSignal;
  /** Extra request headers (the server's session calls forward the visitor's session cookie). */
  headers?: Record<string, string>;
}

/** GETs a tenant API path and returns its JSON, or throws `ApiError`. */
export async function apiGet<T>(path: string, query?: Query, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit & { next?: { revalidate: number } } = {
    headers: { Accept: 'application/json', ...(options.locale ? { 'Accept-Language': options.locale } : {}), ...options.headers },
    signal: options.signal,
  };
  if (options.revalidate) init.next = { revalidate: options.revalidate };
  else init.cache = 'no-store';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query, options.board), init);
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'the API cannot be reached');
  }
  if (!response.ok) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    throw toApiError(response.status, body);
  }
  return (await response.json()) as T;
}
