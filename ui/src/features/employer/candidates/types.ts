/**
 * "Candidates for this offer" as the API serves them (issue 25; the OpenAPI document `ui/openapi.json` has their schemas):
 * `GET /v2/employer-panel/offers/{slug}/candidates` and the conversation request an employer sends
 * (`POST /v2/employer-panel/chat/conversation-requests`). Hand-written from the contract; the API
 * may add fields, never rename them.
 */

/** The six things a passive candidate is matched on, in the weights table's order. */
export type Criterion = 'categories' | 'seniority' | 'skills' | 'place' | 'salary' | 'contractTypes';
export const CRITERIA: readonly Criterion[] = ['skills', 'categories', 'seniority', 'place', 'salary', 'contractTypes'];

/** A conversation request's life: waiting for the candidate, then accepted, declined or expired (14 days). */
export type { InviteStatus as RequestStatus } from '@/lib/chat/types';
import type { InviteStatus as RequestStatus } from '@/lib/chat/types';
export const REQUEST_STATUSES: readonly RequestStatus[] = ['received', 'accepted', 'declined', 'expired'];

/** A passive candidate as employers see them: no name, e-mail or CV until they accept. */
export interface AnonymousCandidate {
  /** The reference a request is sent to (random, not the account's id). */
  candidateRef: string;
  /** Seniorities accepted (`junior`, `mid`, …). */
  experienceLevels: string[];
  skills: string[];
  /** Gazetteer city slugs. */
  cities: string[];
  remote: boolean;
  /** The lowest salary considered, per `salaryUnit`, in `currency`; null when undisclosed. */
  salaryMin: number | null;
  currency: string | null;
  /** `month`, `hour`, `day`, `year`. */
  salaryUnit: string;
  /** Category values of the board's tree. */
  categories: number[];
  /** Employment kinds (`b2b`, `permanent`, …). */
  contractTypes: string[];
}

/** How far one criterion is met (`percent`, 0–100) and what matched. */
export interface CriterionScore {
  criterion: Criterion;
  percent: number;
  matched: string[];
  /** What the criterion weighs in the total (not in the contract: shown when the API sends it). */
  weight?: number;
}

export interface MatchScore {
  /** 0–100, rounded down. */
  percent: number;
  criteria: CriterionScore[];
}

/** The company's request to this candidate about this offer, if it sent one. */
export interface RequestSummary {
  id: string;
  status: RequestStatus;
  /** Set once the candidate accepted. */
  conversationId: string | null;
}

export interface CandidateMatch {
  candidate: AnonymousCandidate;
  score: MatchScore;
  request: RequestSummary | null;
}

/** The ranked list, best match first, with the company's daily allowance of requests. */
export interface OfferCandidates {
  items: CandidateMatch[];
  dailyLimit: number;
  sentToday: number;
}

/** What `POST /v2/employer-panel/chat/conversation-requests` answers (201): the chat's own type. */
export type { SentRequest } from '@/lib/chat/types';

export interface ConversationRequestInput {
  offerSlug: string;
  candidateRef: string;
  message: string;
}
