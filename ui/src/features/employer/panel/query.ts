/**
 * The panel pages' addresses: query parameters in, API queries and links out. Pure, so the pages
 * stay thin and these rules are unit-tested (`query.test.ts`).
 */
import { APPLICATION_STATUSES, PANEL_STATES, type ApplicationStatus, type PanelState } from './types';

export const PANEL_PAGE_SIZE = 20;

type Params = Record<string, string | string[] | undefined>;

function one(params: Params, name: string): string | undefined {
  const value = params[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the offers page shows: state tab, title search, page, statistics range. */
export interface OffersView {
  state?: PanelState;
  search?: string;
  page: number;
  from?: string;
  to?: string;
}

/** Reads the offers page's address; unknown values fall back to the defaults. */
export function offersView(params: Params): OffersView {
  const state = one(params, 'state');
  const page = Number(one(params, 'page') ?? '1');
  const from = one(params, 'from');
  const to = one(params, 'to');
  return {
    state: PANEL_STATES.includes(state as PanelState) ? (state as PanelState) : undefined,
    search: one(params, 'search')?.slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
  };
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The offers page's address of a view (page 1 is left out). */
export function offersHref(view: OffersView): string {
  return withQuery('/employer/offers', { state: view.state, search: view.search, page: view.page > 1 ? view.page : undefined, from: view.from, to: view.to });
}

/** The API query of the offers list. */
export function offersQuery(view: OffersView): Record<string, string | number> {
  const query: Record<string, string | number> = { page: view.page, pageSize: PANEL_PAGE_SIZE };
  if (view.state) query.state = view.state;
  if (view.search) query.search = view.search;
  return query;
}

/** The API query of the statistics (the server's default range without dates). */
export function statisticsQuery(view: Pick<OffersView, 'from' | 'to'>): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.from) query.from = view.from;
  if (view.to) query.to = view.to;
  return query;
}

/** The CSV of the same figures, through the app's forwarder (the session cookie adds the token). */
export function statisticsCsvHref(board: string, view: Pick<OffersView, 'from' | 'to'>): string {
  return withQuery(`/api/${board}/v2/employer-panel/offers/statistics`, { format: 'csv', ...statisticsQuery(view) });
}

/** What the applications page shows. */
export interface ApplicationsView {
  offer?: string;
  status?: ApplicationStatus;
  page: number;
}

export function applicationsView(params: Params): ApplicationsView {
  const status = one(params, 'status');
  const page = Number(one(params, 'page') ?? '1');
  return {
    offer: one(params, 'offer'),
    status: APPLICATION_STATUSES.includes(status as ApplicationStatus) ? (status as ApplicationStatus) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function applicationsHref(view: ApplicationsView): string {
  return withQuery('/employer/applications', { offer: view.offer, status: view.status, page: view.page > 1 ? view.page : undefined });
}

export function applicationsQuery(view: ApplicationsView): Record<string, string | number> {
  const query: Record<string, string | number> = { page: view.page, pageSize: PANEL_PAGE_SIZE };
  if (view.offer) query.offer = view.offer;
  if (view.status) query.status = view.status;
  return query;
}

/** A conversion as a percentage with one decimal ("–" without views). */
export function percent(rate: number | null, locale: string): string {
  if (rate === null) return '–';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/**
 * The statuses an application may move to from `from` (the API's rule, ARCHITECTURE.md): any other
 * but `new`, forward or back; the history keeps every change.
 */
export function nextStatuses(from: ApplicationStatus): ApplicationStatus[] {
  return APPLICATION_STATUSES.filter((status) => status !== from && status !== 'new');
}
