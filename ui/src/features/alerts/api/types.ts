/** The shapes of the saved-search calls (no React, no SWR: server pages read them too). */
import type { AlertFilters } from '../filters';
import type { Frequency } from '../local-store';

export interface JobAlertState {
  status: string;
  frequency: Frequency;
}

/** A saved search of a candidate (spec §3 "Job filter"). */
export interface JobFilter {
  id: string;
  searchUrl: string;
  filters: AlertFilters;
  filterName: string;
  /** Offers published since the search was last read. */
  count: number;
  jobAlert: JobAlertState | null;
  /** The signed address of the search's Atom feed, when the API gives one. */
  feedUrl?: string | null;
}

/** Under `/v1/candidate…`-free paths, so the session's forget-all clears it by this key. */
export const JOB_FILTERS_KEY = '/job-filters';

/** The API answers a list as an array or as `{data: [...]}`; both read the same. */
export function jobFilterList(answer: unknown): JobFilter[] {
  const list = Array.isArray(answer) ? answer : answer && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data) ? (answer as { data: unknown[] }).data : [];
  return list.filter((item): item is JobFilter => Boolean(item) && typeof item === 'object' && typeof (item as JobFilter).id === 'string');
}

