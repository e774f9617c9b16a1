/** Answers of the employer panel's offers, statistics and applications (ARCHITECTURE.md, issue 12). */

export type PanelState = 'draft' | 'active' | 'finished' | 'expired';
export const PANEL_STATES: PanelState[] = ['active', 'draft', 'finished', 'expired'];

export type ApplicationStatus = 'new' | 'seen' | 'in_review' | 'interview' | 'offer' | 'hired' | 'rejected';
export const APPLICATION_STATUSES: ApplicationStatus[] = ['new', 'seen', 'in_review', 'interview', 'offer', 'hired', 'rejected'];

export interface Counts {
  views: number;
  applications: number;
  redirects: number;
  /** Applications per view; null without views. */
  applicationRate: number | null;
  redirectRate: number | null;
}

export interface PageMeta {
  hasNextPage: boolean;
  pageNumber: number;
  pageSize: number;
  total: number;
}

export interface PanelOffer {
  slug: string;
  title: string;
  state: PanelState;
  plan: string;
  publishedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
  counts: Counts;
}

export interface PanelOffers {
  data: PanelOffer[];
  meta: PageMeta;
  states: Record<PanelState, number>;
}

export interface DayFigures extends Counts {
  /** YYYY-MM-DD (UTC). */
  date: string;
}

export interface Statistics {
  from: string;
  to: string;
  totals: Counts;
  days: DayFigures[];
  offers: { slug: string; title: string; state: PanelState; totals: Counts; days: DayFigures[] }[];
}

export interface PanelApplication {
  id: string;
  offerSlug: string;
  offerTitle: string;
  source: string;
  appliedAt: string;
  status: ApplicationStatus;
  statusHistory: { status: ApplicationStatus; at: string }[];
  name: string | null;
  email: string | null;
  message: string | null;
  futureConsent: boolean;
  customConsent: boolean;
  cv: { fileName: string; size: number; mime: string; downloadUrl: string } | null;
}

export interface PanelApplications {
  data: PanelApplication[];
  meta: PageMeta;
}
