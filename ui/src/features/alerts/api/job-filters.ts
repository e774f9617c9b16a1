/**
 * The saved-search and alert calls (spec §7), every write through `apiWrite` (CSRF):
 * logged in — `GET|POST /job-filters`, `DELETE /job-filters/{id}`,
 * `POST /job-filters/{id}/read-filtered-offers`, `POST /job-alerts`,
 * `DELETE /job-filters/{id}/job-alert`, `PATCH /job-filters/{id}/job-alert/frequency`;
 * guests — `POST /guests/job-alerts`, `PUT /guests/job-alerts/activation`,
 * `DELETE /guests/job-alerts/{candidateId}/{jobFilterId}`, `GET /guests/job-filters/new-offers` (a guest tile's count).
 * `useJobFilters()` is the SWR hook of the candidate's list (the header badge and the page share it).
 */
import useSWR, { mutate } from 'swr';
import { apiGet } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-write';
import { forgetOnUnauthorized } from '@/lib/session';
import type { AlertFilters } from '../filters';
import type { Frequency } from '../local-store';
import { JOB_FILTERS_KEY, jobFilterList, type JobFilter } from './types';

export { JOB_FILTERS_KEY, jobFilterList, type JobAlertState, type JobFilter } from './types';

export async function getJobFilters(): Promise<JobFilter[]> {
  return jobFilterList(await apiGet<unknown>(JOB_FILTERS_KEY));
}

const QUIET = { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false, onError: forgetOnUnauthorized } as const;

/** The candidate's saved searches (null key for guests: no request). */
export function useJobFilters(enabled: boolean) {
  return useSWR<JobFilter[]>(enabled ? JOB_FILTERS_KEY : null, getJobFilters, QUIET);
}

export const refreshJobFilters = () => mutate(JOB_FILTERS_KEY);

/** Spec header badge: the sum of the new-offer counts. */
export function newOffersTotal(filters: readonly JobFilter[] | undefined): number {
  return (filters ?? []).reduce((sum, filter) => sum + (Number.isFinite(filter.count) && filter.count > 0 ? filter.count : 0), 0);
}

const path = (id: string) => `${JOB_FILTERS_KEY}/${encodeURIComponent(id)}`;

export async function createJobFilter(body: { searchUrl: string; name: string; filters: AlertFilters }): Promise<string> {
  const answer = await apiWrite<{ jobFilterId: string }>('POST', JOB_FILTERS_KEY, body);
  if (!answer?.jobFilterId) throw new Error('no jobFilterId in the answer');
  return answer.jobFilterId;
}

export const deleteJobFilter = (id: string) => apiWrite('DELETE', path(id));
export const readFilteredOffers = (id: string) => apiWrite('POST', `${path(id)}/read-filtered-offers`);
export const enableJobAlert = (body: { jobFilterId: string; frequency: Frequency; name: string }) => apiWrite('POST', '/job-alerts', body);
export const disableJobAlert = (id: string) => apiWrite('DELETE', `${path(id)}/job-alert`);
export const changeFrequency = (id: string, frequency: Frequency) => apiWrite('PATCH', `${path(id)}/job-alert/frequency`, { frequency });

export interface GuestAlertBody {
  email: string;
  frequency: Frequency;
  name: string;
  filters: AlertFilters;
  createCandidate: boolean;
  marketingAgreement: boolean;
  searchUrl: string;
}

/** What a guest's registration answers (ids when the API gives them, to find the alert in this browser later). */
export interface GuestAlertAnswer {
  jobFilterId?: string;
  candidateId?: string;
}

export async function registerGuestAlert(body: GuestAlertBody): Promise<GuestAlertAnswer> {
  return (await apiWrite<GuestAlertAnswer>('POST', '/guests/job-alerts', body)) ?? {};
}

export const activateGuestAlert = (code: string, jobFilterId: string) =>
  apiWrite<{ jobFilterId?: string; candidateId?: string; unsubscribeCode?: string }>('PUT', '/guests/job-alerts/activation', { code, jobFilterId });

/** New offers of a guest's search (its API query) published after `since` (unix seconds). */
export async function guestNewOffers(apiQuery: string, since: number): Promise<number> {
  const query = new URLSearchParams(apiQuery);
  query.set('since', String(since));
  const answer = await apiGet<{ count?: number }>('/guests/job-filters/new-offers', query);
  return typeof answer?.count === 'number' ? answer.count : 0;
}

export const unsubscribeGuestAlert = (candidateId: string, jobFilterId: string, code?: string) =>
  apiWrite('DELETE', `/guests/job-alerts/${encodeURIComponent(candidateId)}/${encodeURIComponent(jobFilterId)}`, undefined, code ? { query: { code } } : {});
