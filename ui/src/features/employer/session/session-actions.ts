'use server';
/**
 * The server actions that open and end an employer session. They call the API from the app's
 * server and keep the access token in the HttpOnly cookie, so it never reaches page code. (Next
 * refuses server actions whose `Origin` is not the page's host: their CSRF protection.)
 * Each answers `{ ok: true, … }` or the API's error as `{ ok: false, status, code, field }`.
 */
import { cookies } from 'next/headers';
import { ApiError, apiUrl, toApiError } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import { employerToken, requestIsHttps } from './server';
import { EMPLOYER_CSRF_COOKIE, EMPLOYER_SESSION_COOKIE, newCsrfValue, sessionCookies, type AccessTokenAnswer } from './session';

export type ActionResult<T = object> = ({ ok: true } & T) | { ok: false; status: number; code: string; field: string | null; message: string };

function failure(error: unknown): ActionResult<never> {
  const api = error instanceof ApiError ? error : new ApiError(0, 'network_error', 'the API cannot be reached');
  return { ok: false, status: api.status, code: api.code, field: api.field, message: api.message };
}

async function send<T>(method: 'POST' | 'PATCH', path: string, body: unknown, locale?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, undefined, await boardSlug()), {
      method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(locale ? { 'Accept-Language': locale } : {}) },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'the API cannot be reached');
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, json);
  return json as T;
}

async function openSession(answer: AccessTokenAnswer): Promise<void> {
  const store = await cookies();
  for (const cookie of sessionCookies(answer, newCsrfValue(), await requestIsHttps())) store.set(cookie.name, cookie.value, cookie.options);
}

/** Logs in with e-mail and password (the OAuth 2 password grant). */
export async function logInEmployer(input: { email: string; password: string }): Promise<ActionResult<{ emailConfirmed: boolean }>> {
  try {
    const answer = await send<AccessTokenAnswer>('POST', '/v1/oauth/token', { grant_type: 'password', username: input.email.trim(), password: input.password });
    await openSession(answer);
    return { ok: true, emailConfirmed: answer.email_confirmed };
  } catch (error) {
    return failure(error);
  }
}

/** Opens the mailed confirmation link (setting the password when given) and logs in. */
export async function confirmEmployer(input: { token: string; password?: string; passwordConfirmation?: string }): Promise<ActionResult> {
  try {
    const body = input.password ? { token: input.token, password: input.password, password_confirmation: input.passwordConfirmation ?? '' } : { token: input.token };
    await openSession(await send<AccessTokenAnswer>('PATCH', '/v1/users/confirm', body));
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

/** Ends the session at the API (`POST /v1/oauth/revoke`) and deletes both cookies. */
export async function logOutEmployer(): Promise<ActionResult> {
  const token = await employerToken();
  const store = await cookies();
  store.delete(EMPLOYER_SESSION_COOKIE);
  store.delete(EMPLOYER_CSRF_COOKIE);
  if (!token) return { ok: true };
  try {
    await send('POST', '/v1/oauth/revoke', { token });
    return { ok: true };
  } catch (error) {
    // The cookies are gone either way; the token stays valid only until it expires.
    return failure(error);
  }
}
