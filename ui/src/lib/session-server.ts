/**
 * The candidate session on the server: pages read the visitor's `wakat_session` cookie and ask the
 * API who it is (`GET /v1/candidate/me`, the login check), once per request. Visitors without the
 * cookie cost no API call.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { paths } from '@/config/paths';
import { ApiError, apiGet, type Query } from './api-client';
import { boardSlug } from './board-server';
import type { Candidate } from './candidate';
import { SESSION_COOKIE } from './csrf';

async function sessionHeaders(): Promise<Record<string, string> | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? { cookie: `${SESSION_COOKIE}=${token}` } : null;
}

/** The logged-in candidate of this request, or null (no cookie, an ended session, or the API down). */
export const getCandidate = cache(async (): Promise<Candidate | null> => {
  const headers = await sessionHeaders();
  if (!headers) return null;
  try {
    return await apiGet<Candidate>('/v1/candidate/me', undefined, { headers, board: await boardSlug() });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) console.error('login check failed', error.code);
    return null;
  }
});

/** GETs a candidate-only API path with the visitor's session; throws `ApiError` (401 without one). */
export async function sessionGet<T>(path: string, query?: Query, locale?: string): Promise<T> {
  const headers = await sessionHeaders();
  if (!headers) throw new ApiError(401, 'unauthorized', 'log in first');
  return apiGet<T>(path, query, { headers, locale, board: await boardSlug() });
}

/** The candidate, or a redirect to the login page that comes back to `returnTo` afterwards. */
export async function requireCandidate(returnTo: string): Promise<Candidate> {
  const candidate = await getCandidate();
  if (!candidate) redirect(paths.login({ next: returnTo }));
  return candidate;
}
