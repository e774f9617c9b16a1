/**
 * The employer session on the server (server components, route handlers, server actions): the
 * `wakat_employer` cookie's token as `Authorization: Bearer` on direct API calls. The current
 * employer is asked once per request (`GET /v1/oauth/token/info`); visitors without the cookie
 * cost no API call.
 */
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { ApiError, apiGet, apiUrl, toApiError, type Query } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import { servedOverHttps } from '@/lib/security-headers';
import { employerPaths } from '../paths';
import { EMPLOYER_SESSION_COOKIE, type Employer } from './session';

/** The request's employer token, or null. */
export async function employerToken(): Promise<string | null> {
  return (await cookies()).get(EMPLOYER_SESSION_COOKIE)?.value || null;
}

/** Whether this request came over HTTPS (the session cookies are then Secure). */
export async function requestIsHttps(): Promise<boolean> {
  return servedOverHttps(process.env.WAKAT_SITE_URL, (await headers()).get('x-forwarded-proto'));
}

async function bearer(): Promise<Record<string, string>> {
  const token = await employerToken();
  if (!token) throw new ApiError(401, 'unauthorized', 'log in as an employer first');
  return { authorization: `Bearer ${token}` };
}

/** The logged-in employer of this request, or null (no cookie, an ended session, or the API down). */
export const getEmployer = cache(async (): Promise<Employer | null> => {
  const token = await employerToken();
  if (!token) return null;
  try {
    return await apiGet<Employer>('/v1/oauth/token/info', undefined, { headers: { authorization: `Bearer ${token}` }, board: await boardSlug() });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) console.error('employer login check failed', error instanceof ApiError ? error.code : error);
    return null;
  }
});

/** The employer, or a redirect to the employer login that comes back to `returnTo`. */
export async function requireEmployer(returnTo: string): Promise<Employer> {
  const employer = await getEmployer();
  if (!employer) redirect(employerPaths.login(returnTo));
  return employer;
}

/** GETs an employer API path (e.g. `/v2/employer-panel/codes`) with the session; throws `ApiError` (401 without one). */
export async function employerServerGet<T>(path: string, query?: Query, locale?: string): Promise<T> {
  return apiGet<T>(path, query, { headers: await bearer(), locale, board: await boardSlug() });
}

/**
 * Sends an employer write from the server (server actions): JSON body, bearer token; returns the
 * JSON answer (null for 204) or throws `ApiError`. Browser code uses `employerWrite` instead.
 */
export async function employerServerWrite<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, query?: Query): Promise<T | null> {
  const init: RequestInit = {
    method,
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(await bearer()) },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  };
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query, await boardSlug()), init);
  } catch {
    throw new ApiError(0, 'network_error', 'the API cannot be reached');
  }
  const text = response.status === 204 ? '' : await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) throw toApiError(response.status, json);
  return json as T | null;
}
