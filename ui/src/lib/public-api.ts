/**
 * The public API as the web app forwards it: an allow-list of the calls browsers may make through
 * `/api/*` on the app's own origin. Everything else — the internal write API
 * (`/api/{tenant}/internal/*`), unknown paths, other boards, wrong methods — is answered by the app
 * itself and never reaches the API (which sees the app as a loopback peer).
 *
 * Pure: no I/O, so the matching rules (and the traversal tricks they refuse) are unit-tested.
 * Adding a public call is one line in the API's route table (see `PUBLIC_ROUTES`).
 */
import { GENERATED_PUBLIC_ROUTES } from './public-routes.generated';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface PublicRoute {
  /** Path below `/api/{tenant}`; `{name}` is one path segment (a slug, file or id). */
  readonly pattern: string;
  /** Methods forwarded. GET routes answer HEAD too. */
  readonly methods: readonly HttpMethod[];
  /** Largest request body forwarded, in bytes (writes only). */
  readonly maxBodyBytes: number;
  /**
   * `employer`: an employer call. The forwarder sends the `wakat_employer` cookie's token as
   * `Authorization: Bearer`, sends no cookies, and lets a write through only with the employer
   * session's CSRF token (`api-forward.ts`).
   */
  readonly session?: 'employer' | 'cookieless';
}

/** A 5,000,000-byte attachment plus the multipart framing and the form's other fields. */
export const UPLOAD_BYTES = 5_000_000 + 64 * 1024;

/**
 * Every call a browser may make through the web app. Generated from the API's route table
 * (`crates/wakat-server/src/routes/table.rs`, where each route says whether and how it is
 * forwarded), so a new endpoint is added in one place.
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = GENERATED_PUBLIC_ROUTES;

export type ApiRouteMatch =
  /** Forward `upstreamPath` (exactly the path that was checked) with the request's query. */
  | { kind: 'forward'; route: PublicRoute; upstreamPath: string }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: HttpMethod[] };

// A raw (still percent-encoded) path segment: RFC 3986 pchar, nothing else.
const RAW_SEGMENT = /^(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})+$/;
// A decoded parameter must stay one plain segment: no separators, no control characters.
const UNSAFE_DECODED = /[/\\\u0000-\u001f\u007f]/;

/** Decodes a parameter segment, or null when it could smuggle a separator or a dot segment. */
function safeParameter(raw: string): string | null {
  if (!RAW_SEGMENT.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded === '' || decoded === '.' || decoded === '..' || UNSAFE_DECODED.test(decoded)) return null;
  return decoded;
}

function segmentsMatch(pattern: readonly string[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, index) => (part.startsWith('{') ? safeParameter(segments[index]) !== null : part === segments[index]));
}

const COMPILED = PUBLIC_ROUTES.map((route) => ({ route, parts: route.pattern.split('/').slice(1) }));

/**
 * Decides what happens to a request for `rawPath` (the path as received, still percent-encoded,
 * without the query) on the app's `/api/*`. Only the board(s) in `tenants` are forwarded.
 *
 * The path is matched segment by segment against the raw text, so `..`, `%2e%2e`, `%2F`, `\`,
 * double or trailing slashes and differently-cased literals never match a route.
 */
export function matchPublicApi(method: string, rawPath: string, tenants: readonly string[]): ApiRouteMatch {
  const segments = rawPath.split('/');
  // ['', 'api', tenant, ...rest]: at least one segment after the tenant.
  if (segments.length < 4 || segments[0] !== '' || segments[1] !== 'api' || !tenants.includes(segments[2])) return { kind: 'not_found' };
  const rest = segments.slice(3);
  const candidates = COMPILED.filter(({ parts }) => segmentsMatch(parts, rest));
  if (candidates.length === 0) return { kind: 'not_found' };
  const verb = method.toUpperCase();
  const chosen = candidates.find(({ route }) => route.methods.includes(verb as HttpMethod));
  if (!chosen) {
    const allow = [...new Set(candidates.flatMap(({ route }) => route.methods))];
    return { kind: 'method_not_allowed', allow };
  }
  return { kind: 'forward', route: chosen.route, upstreamPath: rawPath };
}

/** The JSON error body of the API (`{code, message, field}`), for answers the app gives itself. */
export function apiErrorBody(code: string, message: string): { code: string; message: string; field: null } {
  return { code, message, field: null };
}
