'use client';
/**
 * Employer calls from browser code. Reads and writes go to the same-origin `/api/{board}/…`; the
 * forwarder adds the session's bearer token for the routes `public-api.ts` marks `employer`
 * (add yours there), and writes carry the employer CSRF token (`apiWrite`'s `session: 'employer'`).
 * `useEmployer()` is the logged-in employer, seeded by the panel layout.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { ApiError, apiGet, type Query } from '@/lib/api-client';
import { apiWrite, type WriteMethod, type WriteOptions } from '@/lib/api-write';
import type { Employer } from './session';

/** GETs an employer API path through the forwarder; throws `ApiError`. */
export function employerGet<T>(path: string, query?: Query, options: { signal?: AbortSignal; locale?: string } = {}): Promise<T> {
  return apiGet<T>(path, query, options);
}

/** Sends an employer write (JSON or `FormData`) with the employer CSRF token; throws `ApiError`. */
export function employerWrite<T = unknown>(method: WriteMethod, path: string, body?: unknown, options: Omit<WriteOptions, 'session'> = {}): Promise<T | null> {
  return apiWrite<T>(method, path, body, { ...options, session: 'employer' });
}

/** SWR on an employer GET path (null: no request). Not refetched on focus. */
export function useEmployerApi<T>(path: string | null, config: SWRConfiguration<T, ApiError> = {}): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(path, (key: string) => employerGet<T>(key), { revalidateOnFocus: false, ...config });
}

const EmployerContext = createContext<Employer | null>(null);

/** Gives client components the logged-in employer (the panel layout renders it). */
export function EmployerProvider({ employer, children }: { employer: Employer | null; children: ReactNode }) {
  return createElement(EmployerContext.Provider, { value: employer }, children);
}

/** The logged-in employer, or null outside the panel (the public employer pages). */
export function useEmployer(): Employer | null {
  return useContext(EmployerContext);
}
