/**
 * The session's CSRF token (candidate accounts). The API sets two cookies on login: `wakat_session`
 * (HttpOnly) and `wakat_csrf` (readable by the page). Every POST, PUT, PATCH and DELETE made while
 * a session cookie travels must repeat the token in `X-CSRF-Token`, else the API answers 403
 * `csrf_failed` — whatever the endpoint, public writes included. Pure: unit-tested.
 */

export const SESSION_COOKIE = 'wakat_session';
export const CSRF_COOKIE = 'wakat_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';
/**
 * Employer sessions (`features/employer/session/session.ts`): the web app keeps the API's bearer token in the
 * HttpOnly `wakat_employer` cookie and pairs it with a readable `wakat_employer_csrf` cookie,
 * which employer writes repeat in `X-CSRF-Token` (checked by the app's forwarder, since the API
 * itself sees only the bearer header).
 */
export const EMPLOYER_SESSION_COOKIE = 'wakat_employer';
export const EMPLOYER_CSRF_COOKIE = 'wakat_employer_csrf';

/** The value of cookie `name` in a `document.cookie` / `Cookie` header string, or null. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Whether a method changes state (and so needs the CSRF header while logged in). */
export function isWriteMethod(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * Adds `X-CSRF-Token` to the headers of a write when the page has a CSRF cookie: the candidate
 * session's (`wakat_csrf`) by default, the employer session's for employer calls.
 */
export function withCsrfHeader(method: string, headers: Headers, cookieHeader: string | null | undefined, csrfCookie: string = CSRF_COOKIE): Headers {
  if (!isWriteMethod(method)) return headers;
  const token = readCookie(cookieHeader, csrfCookie);
  if (token) headers.set(CSRF_HEADER, token);
  return headers;
}

/** Whether the page seems logged in (the readable half of the session cookies is there). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, CSRF_COOKIE) !== null;
}
