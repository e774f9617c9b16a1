/**
 * Forwards the browser's same-origin `/api/*` calls to the API, for the calls the allow-list in
 * `public-api.ts` names and nothing else. Answers stream back unchanged in status and body; headers
 * pass through explicit lists both ways, so nothing the API should not see (a browser's
 * `Authorization` header, hop-by-hop headers) crosses, and the session cookies (`cookie`/`set-cookie`) do.
 * Employer calls get the employer session's bearer token instead of the cookies.
 */
import { env } from '@/config/env';
import { boardDirectory } from './board-directory';
import { CSRF_HEADER, EMPLOYER_CSRF_COOKIE, EMPLOYER_SESSION_COOKIE, isWriteMethod, readCookie } from './csrf';
import { apiErrorBody, matchPublicApi } from './public-api';

/** The API is on the same host or network; an answer slower than this is an outage. */
const UPSTREAM_TIMEOUT_MS = 15_000;

/** Request headers handed to the API. `x-forwarded-for` is the client as the app's server resolved it. */
const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'cookie',
  'if-none-match',
  'if-modified-since',
  'user-agent',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  // Candidate sessions and applying: the session's CSRF token on writes, the captcha token of
  // applications and redirects, and the version header of `track-redirects`.
  'x-csrf-token',
  'recaptcha-token',
  'version',
];

/** Answer headers handed back to the browser (content-encoding/length are the app server's business). */
const RESPONSE_HEADERS = [
  'content-type',
  'content-language',
  'content-disposition',
  'content-security-policy',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
  'location',
  'allow',
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
];

/**
 * Forwarded answers are JSON, images and the terms' HTML pages: none of them runs a script. The
 * API's own policy wins when it sends one.
 */
export const API_ANSWER_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

function errorAnswer(status: number, code: string, message: string, extra: Record<string, string> = {}): Response {
  return Response.json(apiErrorBody(code, message), { status, headers: { 'cache-control': 'no-store', 'content-security-policy': API_ANSWER_CSP, ...extra } });
}

/** The headers sent to the API for a browser request. */
export function upstreamRequestHeaders(incoming: Headers): Headers {
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value !== null) headers.set(name, value);
  }
  // The app compresses its own answers; a compressed upstream body would only be unpacked by fetch.
  headers.set('accept-encoding', 'identity');
  return headers;
}

/** The headers of the answer sent back to the browser. */
export function downstreamResponseHeaders(upstream: Headers): Headers {
  const headers = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = upstream.get(name);
    if (value !== null) headers.set(name, value);
  }
  for (const cookie of upstream.getSetCookie()) headers.append('set-cookie', cookie);
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', API_ANSWER_CSP);
  return headers;
}

/** Compares two strings in time that depends only on their lengths. */
function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * The headers of an employer call (`PublicRoute.session === 'employer'`): the common list without
 * cookies or a CSRF header (the candidate session never reaches employer calls, and the API asks a
 * candidate's CSRF token of any write a candidate cookie travels with), plus the employer
 * session's bearer token. A write made with the employer cookie must repeat the readable
 * `wakat_employer_csrf` cookie in `X-CSRF-Token` (the double-submit check the API cannot do, as
 * it sees only the bearer): else `csrf_failed`. Pure: unit-tested.
 */
export function employerRequestHeaders(method: string, incoming: Headers): { headers: Headers } | { refused: 'csrf_failed' } {
  const headers = upstreamRequestHeaders(incoming);
  headers.delete('cookie');
  headers.delete('x-csrf-token');
  const cookieHeader = incoming.get('cookie');
  const token = readCookie(cookieHeader, EMPLOYER_SESSION_COOKIE);
  if (!token) return { headers };
  if (isWriteMethod(method)) {
    const expected = readCookie(cookieHeader, EMPLOYER_CSRF_COOKIE);
    const sent = incoming.get(CSRF_HEADER);
    if (!expected || !sent || !sameSecret(expected, sent)) return { refused: 'csrf_failed' };
  }
  headers.set('authorization', `Bearer ${token}`);
  return { headers };
}

/** Reads at most `limit` bytes of a body; null when it is longer. */
export async function readLimitedBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/** The route handler of `/api/[...path]`, for every method. */
export async function forwardToApi(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // Only the board of the request's host: a page of one board never calls another's API.
  let board;
  try {
    board = await boardDirectory.resolve(request.headers.get('host'));
  } catch {
    return errorAnswer(502, 'api_unreachable', 'the API cannot be reached');
  }
  if (!board) return errorAnswer(404, 'unknown_board', 'no board is served on this host');
  const match = matchPublicApi(request.method, url.pathname, [board.slug]);
  if (match.kind === 'not_found') return errorAnswer(404, 'not_found', 'no such endpoint');
  if (match.kind === 'method_not_allowed') return errorAnswer(405, 'method_not_allowed', `use ${match.allow.join(', ')}`, { allow: match.allow.join(', ') });

  const isHead = request.method.toUpperCase() === 'HEAD';
  let requestHeaders = upstreamRequestHeaders(request.headers);
  if (match.route.session === 'employer') {
    const employer = employerRequestHeaders(request.method, request.headers);
    if ('refused' in employer) return errorAnswer(403, employer.refused, 'the CSRF token is missing or wrong');
    requestHeaders = employer.headers;
  }
  let body: Uint8Array | undefined;
  if (match.route.maxBodyBytes > 0) {
    const declared = Number(request.headers.get('content-length') ?? 0);
    const read = declared > match.route.maxBodyBytes ? null : await readLimitedBody(request.body, match.route.maxBodyBytes);
    if (read === null) return errorAnswer(413, 'payload_too_large', `the body may have at most ${match.route.maxBodyBytes} bytes`);
    body = read;
  }

  let upstream: Response;
  try {
    upstream = await fetch(`${env.apiUrl}${match.upstreamPath}${url.search}`, {
      // The API routes GET only; HEAD is answered here from a GET without its body.
      method: isHead ? 'GET' : request.method.toUpperCase(),
      headers: requestHeaders,
      body: body as BodyInit | undefined,
      redirect: 'manual',
      cache: 'no-store',
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'TimeoutError') return errorAnswer(504, 'api_timeout', 'the API did not answer in time');
    return errorAnswer(502, 'api_unreachable', 'the API cannot be reached');
  }
  const headers = downstreamResponseHeaders(upstream.headers);
  const bodyless = isHead || upstream.status === 204 || upstream.status === 304;
  if (bodyless) await upstream.body?.cancel();
  return new Response(bodyless ? null : upstream.body, { status: upstream.status, headers });
}
