/** The shapes of the saved-search calls (no React, no SWR: server pages read them too). */
import type { AlertFilters } from '../filters';
import type { Frequency } from '../local-store';
import type { Schemas, Served } from '@/lib/types';

/** A saved search's alert (`JobAlertDto`), its frequency narrowed to the ones the web app offers. */
export type JobAlertState = Omit<Schemas['JobAlertDto'], 'frequency'> & { frequency: Frequency };

/**
 * A saved search of a candidate (spec §3 "Job filter"; `JobFilterDto`): `count` is the offers
 * published since the search was last read, `feedUrl` the signed address of its Atom feed. The
 * document types `filters` as any object; here they are the alert's filters.
 */
export type JobFilter = Omit<Served<Schemas['JobFilterDto']>, 'filters' | 'jobAlert'> & { filters: AlertFilters; jobAlert: JobAlertState | null };

/** Under `/v1/candidate…`-free paths, so the session's forget-all clears it by this key. */
export const JOB_FILTERS_KEY = '/job-filters';

/** The API answers a list as an array or as `{data: [...]}`; both read the same. */
export function jobFilterList(answer: unknown): JobFilter[] {
  const list = Array.isArray(answer) ? answer : answer && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data) ? (answer as { data: unknown[] }).data : [];
  return list.filter((item): item is JobFilter => Boolean(item) && typeof item === 'object' && typeof (item as JobFilter).id === 'string');
}

