'use client';
/**
 * The candidate session in the browser: `useSession()` is an SWR hook on `GET /v1/candidate/me`
 * (the login check), seeded by the server's answer for this request (`SessionProvider`), never
 * refetched on focus, on reconnect or on mount. Guests without the session cookies cost no request.
 * Login, logout and profile changes write the new value with `setCandidate`.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import useSWR, { mutate as globalMutate } from 'swr';
import { ApiError, apiGet } from './api-client';
import type { Candidate } from './candidate';
import { hasSessionCookie } from './csrf';

export const SESSION_KEY = '/v1/candidate/me';

/** What the board offers to candidates (its feature flags). */
export interface SessionFeatures {
  /** `candidatePortalLogin`: accounts exist on this board. */
  login: boolean;
  /** `favouritesButton`. */
  favourites: boolean;
  /** `applicationHistory`. */
  history: boolean;
  /** `matchedForYou`. */
  matched: boolean;
  /** `candidateChat`: employers may find passive candidates and talk with them. */
  chat?: boolean;
}

interface SessionContextValue {
  candidate: Candidate | null;
  features: SessionFeatures;
}

const NO_FEATURES: SessionFeatures = { login: false, favourites: false, history: false, matched: false };
const SessionContext = createContext<SessionContextValue>({ candidate: null, features: NO_FEATURES });

export function SessionProvider({ candidate, features, children }: { candidate: Candidate | null; features: SessionFeatures; children: ReactNode }) {
  const value = useMemo(() => ({ candidate, features }), [candidate, features]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The login check: the candidate, or null for a guest (401). */
export async function fetchSession(): Promise<Candidate | null> {
  if (typeof document !== 'undefined' && !hasSessionCookie(document.cookie)) return null;
  try {
    return await apiGet<Candidate>(SESSION_KEY);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

const SESSION_SWR = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, shouldRetryOnError: false } as const;

/** Writes the session everywhere it is shown (null after logout or account deletion). */
export function setSessionCandidate(candidate: Candidate | null): Promise<unknown> {
  return globalMutate(SESSION_KEY, candidate, { revalidate: false });
}

export function useFeatures(): SessionFeatures {
  return useContext(SessionContext).features;
}

export function useSession() {
  const { candidate: initial, features } = useContext(SessionContext);
  const { data, isLoading, mutate } = useSWR<Candidate | null>(features.login ? SESSION_KEY : null, fetchSession, { ...SESSION_SWR, fallbackData: initial });
  const candidate = features.login ? (data ?? null) : null;
  const refresh = useCallback(() => mutate(), [mutate]);
  return { candidate, loggedIn: candidate !== null, loading: isLoading, features, refresh, setCandidate: setSessionCandidate };
}

/** Whether an SWR key holds the candidate's own data (cleared on logout and account deletion). */
export function isCandidateKey(key: unknown): boolean {
  const first = Array.isArray(key) ? key[0] : key;
  return typeof first === 'string' && (first.startsWith('/v1/candidate') || first === 'favourite' || first === 'applied' || first.startsWith('/job-filters'));
}

/** Forgets the candidate: the session and every cached answer about their account. */
export async function forgetCandidate(): Promise<void> {
  await setSessionCandidate(null);
  await globalMutate(isCandidateKey, undefined, { revalidate: false });
}

/** SWR `onError` of the candidate's calls: a 401 means the session ended elsewhere (password reset, expiry). */
export function forgetOnUnauthorized(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) void forgetCandidate();
}
