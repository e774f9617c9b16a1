/**
 * The employer session of the web app, the parts that are pure (unit-tested): the cookies that
 * hold it and the shapes of the API's answers.
 *
 * The API authenticates employers with a bearer token (`POST /v1/oauth/token`, 30 days). The web
 * app keeps it out of page code: the HttpOnly, SameSite=Strict `wakat_employer` cookie (Secure
 * over HTTPS) is set by a server action, read by server components (`server.ts`) and turned into
 * `Authorization: Bearer` by the `/api/*` forwarder for the routes marked `employer`
 * (`public-api.ts`). Its partner `wakat_employer_csrf` is readable: browser writes repeat it in
 * `X-CSRF-Token` (`apiWrite(…, { session: 'employer' })`) and the forwarder compares the two.
 */
import { EMPLOYER_CSRF_COOKIE, EMPLOYER_SESSION_COOKIE } from '@/lib/csrf';

export { EMPLOYER_CSRF_COOKIE, EMPLOYER_SESSION_COOKIE };

/** `POST /v1/oauth/token` and `PATCH /v1/users/confirm`. */
export interface AccessTokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  /** Seconds. */
  expires_in: number;
  created_at: number;
  email_confirmed: boolean;
}

/** `GET /v1/oauth/token/info`: the logged-in employer user and their company. */
export interface Employer {
  resource_owner_id: string;
  email: string;
  name: string;
  email_confirmed: boolean;
  /** Seconds until the session ends. */
  expires_in: number;
  company: { id: string; name: string };
  /** Owner or recruiter: recruiters do not manage users or billing (absent from older APIs: owner). */
  role?: 'owner' | 'recruiter';
}

/** Options of a cookie as `cookies().set` takes them. */
export interface CookieOptions {
  path: string;
  httpOnly: boolean;
  sameSite: 'strict';
  secure: boolean;
  maxAge: number;
}

/** The longest a session cookie lives, whatever the API says (the API's sessions last 30 days). */
export const MAX_SESSION_SECONDS = 30 * 24 * 60 * 60;

/**
 * The two cookies of a new session: the token (HttpOnly) and the CSRF value (readable), both
 * SameSite=Strict, Secure over HTTPS, living as long as the token.
 */
export function sessionCookies(answer: Pick<AccessTokenAnswer, 'access_token' | 'expires_in'>, csrfValue: string, https: boolean): { name: string; value: string; options: CookieOptions }[] {
  const maxAge = Math.max(0, Math.min(Math.floor(answer.expires_in), MAX_SESSION_SECONDS));
  const base = { path: '/', sameSite: 'strict' as const, secure: https, maxAge };
  return [
    { name: EMPLOYER_SESSION_COOKIE, value: answer.access_token, options: { ...base, httpOnly: true } },
    { name: EMPLOYER_CSRF_COOKIE, value: csrfValue, options: { ...base, httpOnly: false } },
  ];
}

/** A fresh CSRF value: 32 random bytes as hex. */
export function newCsrfValue(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
