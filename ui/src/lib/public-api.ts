/**
 * The public API as the web app forwards it: an allow-list of the calls browsers may make through
 * `/api/*` on the app's own origin. Everything else — the internal write API
 * (`/api/{tenant}/internal/*`), unknown paths, other boards, wrong methods — is answered by the app
 * itself and never reaches the API (which sees the app as a loopback peer).
 *
 * Pure: no I/O, so the matching rules (and the traversal tricks they refuse) are unit-tested.
 * Adding a public call is one line in `PUBLIC_ROUTES`.
 */

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

/** A JSON body of a few fields. */
const SMALL_JSON = 4 * 1024;
/** A 5,000,000-byte attachment plus the multipart framing and the form's other fields. */
export const UPLOAD_BYTES = 5_000_000 + 64 * 1024;

const read = (pattern: string): PublicRoute => ({ pattern, methods: ['GET', 'HEAD'], maxBodyBytes: 0 });
const write = (method: HttpMethod, pattern: string, maxBodyBytes: number): PublicRoute => ({ pattern, methods: [method], maxBodyBytes });
/** An employer call: the employer session's bearer token is added (see `PublicRoute.session`). */
const employerRead = (pattern: string): PublicRoute => ({ pattern, methods: ['GET', 'HEAD'], maxBodyBytes: 0, session: 'employer' });
const employerWrite = (method: HttpMethod, pattern: string, maxBodyBytes: number): PublicRoute => ({ pattern, methods: [method], maxBodyBytes, session: 'employer' });

/** Every call a browser may make through the web app (README.md's API table, candidate side). */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  read('/v2/user-panel/offers'),
  read('/v2/user-panel/offers/by-cursor'),
  read('/v2/user-panel/offers/count'),
  read('/v2/user-panel/offers/count/categories'),
  read('/v2/user-panel/offers/count/categories/{categoryId}'),
  read('/v2/user-panel/offers/all-boards/count'),
  read('/v2/user-panel/offers/popular'),
  read('/v2/user-panel/offers/suggest'),
  read('/v2/user-panel/offers/clusters'),
  read('/v2/user-panel/offers/markers'),
  read('/v2/user-panel/offers/active-slug/{slug}'),
  read('/v2/user-panel/offer-lookalikes/{slug}'),
  // The public detail, and with `?token=` the employer's view of its offer (the API tells them
  // apart by the token; the bearer header is added only when an employer is logged in).
  employerRead('/v1/offers/{slug}'),
  read('/v2/user-panel/configuration'),
  read('/v2/user-panel/cities'),
  read('/v2/testimonials'),
  read('/v2/user-panel/brand-stories/company/list'),
  read('/v2/user-panel/brand-stories/company/{slug}/short-info'),
  read('/v1/terms/{name}'),
  read('/v1/logos/{file}'),
  read('/v1/images/cover/{file}'),
  read('/v2/user-panel/offers/by-ids'),
  // Public writes: the API validates the body and rate-limits per client.
  write('POST', '/v1/views', 4 * 1024),
  // Search analytics (issue 13): the list position an offer was opened from.
  write('POST', '/v1/search-clicks', SMALL_JSON),
  // Applying (issue 9): the form with its attachment, and the external apply's redirect record.
  write('POST', '/v1/offers/{slug}/applications', UPLOAD_BYTES),
  write('POST', '/v2/user-panel/offers/{slug}/track-redirects', SMALL_JSON),
  // Candidate accounts (issue 9). Reads and writes carry the session cookie; writes made with it
  // need the session's X-CSRF-Token, which the API checks.
  write('POST', '/v1/candidate/register', SMALL_JSON),
  write('POST', '/v1/candidate/confirm', SMALL_JSON),
  write('POST', '/v1/candidate/login', SMALL_JSON),
  write('POST', '/v1/candidate/logout', SMALL_JSON),
  read('/v1/candidate/me'),
  write('POST', '/v1/candidate/password-reset', SMALL_JSON),
  write('POST', '/v1/candidate/password-reset/confirm', SMALL_JSON),
  write('PUT', '/v1/candidate/password', SMALL_JSON),
  write('POST', '/v1/candidate/email', SMALL_JSON),
  write('POST', '/v1/candidate/email/confirm', SMALL_JSON),
  write('PUT', '/v1/candidate/profile', 64 * 1024),
  write('POST', '/v1/candidate/documents', UPLOAD_BYTES),
  write('PUT', '/v1/candidate/documents/{id}', UPLOAD_BYTES),
  write('DELETE', '/v1/candidate/documents/{id}', SMALL_JSON),
  write('POST', '/v1/candidate/documents/{id}/link', SMALL_JSON),
  read('/v1/candidate/documents/{id}/download'),
  read('/v1/candidate/export'),
  write('DELETE', '/v1/candidate/account', SMALL_JSON),
  read('/v1/candidate/favourites/count'),
  read('/v1/candidate/favourites'),
  write('POST', '/v1/candidate/favourites', SMALL_JSON),
  write('DELETE', '/v1/candidate/favourites/{jobAdvertisementId}', SMALL_JSON),
  read('/v1/candidate/applications'),
  read('/v1/candidate/matched-offers'),
  write('POST', '/v1/candidate/redirects/{redirectId}/confirm', SMALL_JSON),
  write('DELETE', '/v1/candidate/redirects/{redirectId}', SMALL_JSON),
  // Saved searches and job alerts (issue 10). A saved search holds a name of up to 999 characters
  // and the filters object, hence 16 KB.
  read('/job-filters'),
  write('POST', '/job-filters', 16 * 1024),
  write('DELETE', '/job-filters/{id}', SMALL_JSON),
  write('POST', '/job-filters/{id}/read-filtered-offers', SMALL_JSON),
  write('POST', '/job-alerts', 16 * 1024),
  write('DELETE', '/job-filters/{id}/job-alert', SMALL_JSON),
  write('PATCH', '/job-filters/{id}/job-alert/frequency', SMALL_JSON),
  write('POST', '/guests/job-alerts', 16 * 1024),
  write('PUT', '/guests/job-alerts/activation', SMALL_JSON),
  write('DELETE', '/guests/job-alerts/{candidateId}/{jobFilterId}', SMALL_JSON),
  // The digests' one-click unsubscribe (RFC 8058: a POST of `List-Unsubscribe=One-Click`, no
  // login) and the signed Atom feeds of saved searches and list addresses (feed readers, no login).
  write('POST', '/job-alerts/unsubscribe', SMALL_JSON),
  read('/feeds/offers.atom'),
  read('/feeds/link'),
  // Employers (issue 11). Sign-up and the mailed links need no session; logging in and
  // confirming answer an access token, so they run in the app's server actions
  // (`lib/employer/session-actions.ts`) and are not forwarded: the token never reaches page code.
  write('POST', '/v1/users/sign_up', SMALL_JSON),
  write('PATCH', '/v1/users/regenerate_confirmation_token', SMALL_JSON),
  // What an invitation's link invites to (the company and role), shown before accepting it.
  write('POST', '/v1/users/invitation', SMALL_JSON),
  write('POST', '/v1/users/password', SMALL_JSON),
  write('PATCH', '/v1/users/password', SMALL_JSON),
  read('/v2/offer-plans'),
  read('/v1/offers/form-inputs-data'),
  read('/v1/offers/form-inputs-data/skills'),
  read('/v1/company-logos/{hash}'),
  employerRead('/v1/oauth/token/info'),
  employerWrite('POST', '/v1/offers/initiate', SMALL_JSON),
  // The form: its JSON (a description with one inline JPEG of up to 5 MB) or multipart with a logo.
  employerWrite('PATCH', '/v1/offers/{slug}', 2 * UPLOAD_BYTES),
  employerWrite('DELETE', '/v1/offers/{slug}', SMALL_JSON),
  employerWrite('POST', '/v1/offers/{slug}/logo', UPLOAD_BYTES),
  employerWrite('POST', '/v1/offers/{slug}/edit-token', SMALL_JSON),
  employerWrite('POST', '/v1/offers/{slug}/publish-with-code', SMALL_JSON),
  employerWrite('POST', '/v1/offers/{slug}/extend-with-code', SMALL_JSON),
  employerRead('/v1/offers/{slug}/verify-code/{code}'),
  employerWrite('POST', '/v1/offers/{slug}/finish-recruitment', SMALL_JSON),
  employerWrite('POST', '/v1/offers/{slug}/duplicate', SMALL_JSON),
  employerWrite('POST', '/v1/offers/{slug}/refresh', SMALL_JSON),
  employerRead('/v2/employer-panel/codes'),
  employerRead('/v2/employer-panel/offers/end/{slug}'),
  // The employer panel's own data (issue 12, panel-company).
  employerRead('/v2/employer-panel/profiles/me'),
  employerWrite('PATCH', '/v1/profiles/me', SMALL_JSON),
  employerRead('/v2/employer-panel/users'),
  employerWrite('POST', '/v1/users', SMALL_JSON),
  employerWrite('PATCH', '/v2/employer-panel/users/{id}', SMALL_JSON),
  employerWrite('DELETE', '/v2/employer-panel/users/{id}', SMALL_JSON),
  employerRead('/v1/company'),
  employerWrite('POST', '/v1/company/company_data', UPLOAD_BYTES),
  employerWrite('PATCH', '/v2/employer-panel/company/billing-data', SMALL_JSON),
  employerWrite('PATCH', '/v2/employer-panel/company/clauses', 64 * 1024),
  employerRead('/v2/employer-panel/brand-stories/technologies'),
  employerRead('/v2/employer-panel/brand-stories/data/{slug}'),
  employerRead('/v2/employer-panel/brand-stories/status/{slug}'),
  employerWrite('PUT', '/v2/employer-panel/brand-stories/{slug}', 8 * UPLOAD_BYTES),
  employerWrite('POST', '/v1/payments', SMALL_JSON),
  employerRead('/v1/payments/{id}/status'),
  // The sandbox payment provider's pages (HTML with pay / fail / cancel forms; development boards).
  { pattern: '/v1/payments/sandbox/{id}', methods: ['GET', 'HEAD'], maxBodyBytes: 0, session: 'cookieless' },
  { pattern: '/v1/payments/sandbox/{id}/{action}', methods: ['POST'], maxBodyBytes: SMALL_JSON, session: 'cookieless' },
  // A guest's saved search lives in the browser: its tile asks how many offers are new.
  read('/guests/job-filters/new-offers'),
  // Employer panel: offers, statistics (JSON and CSV), applications and their CVs (issue 12).
  employerRead('/v2/employer-panel/offers'),
  employerRead('/v2/employer-panel/offers/statistics'),
  employerRead('/v2/employer-panel/applications'),
  employerWrite('PATCH', '/v2/employer-panel/applications/{id}/status', SMALL_JSON),
  employerWrite('DELETE', '/v2/employer-panel/applications/{id}', SMALL_JSON),
  employerRead('/v1/offers/{slug}/applications/{id}/download'),
];

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
