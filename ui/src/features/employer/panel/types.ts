/**
 * Answers of the employer panel's offers, statistics and applications (ARCHITECTURE.md, issue 12):
 * aliases of the generated schemas (`src/lib/api-schema.d.ts`).
 */
import type { Schemas, Served } from '@/lib/types';

export type PanelState = 'draft' | 'active' | 'finished' | 'expired';
export const PANEL_STATES: PanelState[] = ['active', 'draft', 'finished', 'expired'];

export type ApplicationStatus = 'new' | 'seen' | 'in_review' | 'interview' | 'offer' | 'hired' | 'rejected';
export const APPLICATION_STATUSES: ApplicationStatus[] = ['new', 'seen', 'in_review', 'interview', 'offer', 'hired', 'rejected'];

/** Views, applications and redirects with their rates (`applicationRate`: per view; null without views). */
export type Counts = Served<Schemas['CountsDto']>;

export type PageMeta = Served<Schemas['PagingMeta']>;

/** The document types the states and statuses as strings; here they are narrowed to the known ones. */
type WithState<T> = Omit<T, 'state'> & { state: PanelState };

export type PanelOffer = WithState<Served<Schemas['PanelOfferDto']>>;

export type PanelOffers = Omit<Served<Schemas['PanelOffersDto']>, 'data'> & { data: PanelOffer[] };

/** A day's figures (`date`: YYYY-MM-DD, UTC). */
export type DayFigures = Served<Schemas['DayDto']>;

export type Statistics = Omit<Served<Schemas['StatisticsDto']>, 'offers'> & { offers: WithState<Served<Schemas['OfferStatisticsDto']>>[] };

export type PanelApplication = Omit<Served<Schemas['PanelApplicationDto']>, 'status' | 'statusHistory'> & {
  status: ApplicationStatus;
  statusHistory: { status: ApplicationStatus; at: string }[];
};

export type PanelApplications = Omit<Served<Schemas['PanelApplicationsDto']>, 'data'> & { data: PanelApplication[] };
