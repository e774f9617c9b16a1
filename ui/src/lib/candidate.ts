/**
 * Types of the candidate account calls (`/api/{tenant}/v1/candidate/*`), shared by the features:
 * aliases of the generated schemas where the OpenAPI document describes them.
 */
import type { Currency, Offer, Schemas, Served } from './types';

export type ExperienceLevel = 'junior' | 'mid' | 'senior' | 'expert' | 'c_level';
export const EXPERIENCE_LEVELS: readonly ExperienceLevel[] = ['junior', 'mid', 'senior', 'expert', 'c_level'];
export const PREFERENCE_CURRENCIES: readonly Currency[] = ['pln', 'eur', 'usd', 'gbp', 'chf'];

/** A stored CV (`DocumentDto`; the document types `type` as a string). */
export type CandidateDocument = Omit<Served<Schemas['DocumentDto']>, 'type'> & { type: 'cv' };

/** The candidate's job preferences: the document types them as any object (hand-written here). */

export interface Preferences {
  skills: string[];
  experienceLevels: ExperienceLevel[];
  /** City slugs (`GET /v2/user-panel/cities`). */
  cities: string[];
  remote: boolean;
  salaryMin: number | null;
  currency: Currency;
}

/** The logged-in candidate (`CandidateDto`): `message` is the default apply message, `applicationDocs` the stored CVs, newest last. */
export type Candidate = Omit<Served<Schemas['CandidateDto']>, 'applicationDocs' | 'preferences'> & { applicationDocs: CandidateDocument[]; preferences: Preferences };

/** Answer of login and confirm (`SessionDto`; the cookies come with it). */
export type SessionAnswer = Omit<Served<Schemas['SessionDto']>, 'candidate'> & { candidate: Candidate };

// Hand-written below: the candidate lists (favourites, applications, matched offers) have no
// response schema in the OpenAPI document.

/** Items per page of the candidate lists (favourites, history). */
export const CANDIDATE_PAGE_SIZE = 20;

/** A page of a candidate list (`favourites`, `applications`, `matched-offers`). */
export interface CandidatePage<T> {
  data: T[];
  meta: { hasNextPage: boolean; pageNumber: number };
}

export interface FavouriteItem {
  jobAdvertisementId: string;
  addedAt: string;
  /** Null when the offer is gone. */
  offer: Offer | null;
}

export interface ApplicationItem {
  id: string;
  kind: 'form' | 'one_click' | 'external';
  jobAdvertisementId: string;
  slug: string;
  appliedAt: string;
  offer: Offer | null;
  offerActive: boolean;
  /** The employer's status of a form or one-click application (null for external applies). */
  status?: 'new' | 'seen' | 'in_review' | 'interview' | 'offer' | 'hired' | 'rejected' | null;
  /** Every change of that status, oldest first. */
  statusHistory?: { status: string; at: string }[];
}

export interface MatchedOffer {
  offer: Offer;
  matchPercent: number;
  /** The spec's card field: the conversation with this offer's employer (`/?chat={id}`), when there is one. */
  conversationLink?: string | null;
  matched: { kind: string; label: string }[];
  missed: { kind: string; label: string }[];
}

export const EMPTY_PREFERENCES: Preferences = { skills: [], experienceLevels: [], cities: [], remote: false, salaryMin: null, currency: 'pln' };

/** The name to greet a candidate with: first and last name, else the e-mail. */
export function displayName(candidate: Pick<Candidate, 'firstName' | 'lastName' | 'email'>): string {
  return `${candidate.firstName} ${candidate.lastName}`.trim() || candidate.email;
}
