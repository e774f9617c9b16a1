/**
 * The chat's views as the API and the hub answer them (issue 25's chat contract). Times
 * are Unix seconds. Hand-written: the hub's events have no OpenAPI schema, and the web app is
 * built to the contract while the API lands; the API may add fields, never rename them.
 */
import type { Preferences } from '@/lib/candidate';

/** Whose chat calls a page makes: the candidate's (session cookie) or the employer's (bearer). */
export type ChatSide = 'candidate' | 'employer';

/** Who wrote a message. */
export type Sender = 'candidate' | 'company';

export interface MessageView {
  conversationId: string;
  seq: number;
  sender: Sender;
  /** From the reader's point of view. */
  mine: boolean;
  /** Null: erased (the candidate deleted their account), shown as a tombstone. */
  text: string | null;
  sentAt: number;
  clientMessageId: string | null;
}

export interface ConversationView {
  id: string;
  offerId: string;
  offerTitle: string;
  offerSlug: string | null;
  employer: { name: string; avatarUrl: string | null };
  /** What the candidate chose to share when accepting. */
  candidate: { ref: string; name: string | null; email: string | null; hasCv: boolean };
  status: 'open' | 'closed';
  closedBy: Sender | null;
  openedAt: number;
  lastMessageAt: number;
  lastSeq: number;
  /** The caller's unread messages. */
  unread: number;
  /** The caller's read mark. */
  readSeq: number;
  /** The other side's read mark ("seen"). */
  otherReadSeq: number;
  lastMessage: MessageView | null;
}

export type InviteStatus = 'received' | 'accepted' | 'declined' | 'expired';

/** A conversation request as the candidate sees it (the spec's chat invite fields). */
export interface Invite {
  status: InviteStatus;
  sentAt: number;
  employer: { name: string; avatarUrl: string | null };
  jobAdvertisement: { name: string };
  conversationRequestId: string;
  firstMessage: string;
}

export interface MessagePage {
  /** Oldest first. */
  items: MessageView[];
  /** Pass as `before` for older messages; null at the start of the conversation. */
  nextBefore: number | null;
}

export interface ConversationList {
  /** Latest first. */
  items: ConversationView[];
  unreadTotal: number;
}

export type SalaryUnit = 'hour' | 'day' | 'month' | 'year';
export const SALARY_UNITS: readonly SalaryUnit[] = ['month', 'hour', 'day', 'year'];

export type MissingPreference = 'categories' | 'seniority' | 'skills' | 'place' | 'salary' | 'contractTypes';

/** What the candidate edits to be found by employers (`PUT /v1/candidate/chat/profile`). */
export interface ProfileInput {
  openToOffers: boolean;
  /** The same preferences as matched-for-you. */
  preferences: Preferences;
  salaryUnit: SalaryUnit;
  /** Category values of the board's tree, at most 10. */
  categories: number[];
  /** Employment kinds (`b2b`, `permanent`, …). */
  contractTypes: string[];
}

export const MAX_PROFILE_CATEGORIES = 10;

export interface ChatProfileAnswer {
  /** As stored; its currency is null until one was chosen. */
  profile: (Omit<ProfileInput, 'preferences'> & { preferences: Omit<Preferences, 'currency'> & { currency: Preferences['currency'] | null }; publicId: string; updatedAt: number }) | null;
  missing: MissingPreference[];
  findable: boolean;
  maintenance: boolean;
  unreadTotal: number;
}

export interface AcceptInput {
  shareName: boolean;
  shareEmail: boolean;
  cvDocumentId: string | null;
}

export type ReportReason = 'spam' | 'abuse' | 'scam' | 'other';
export const REPORT_REASONS: readonly ReportReason[] = ['spam', 'abuse', 'scam', 'other'];

export interface BlockedCompany {
  companyId: string;
  name: string;
  at: number;
}

/** A request an employer sent. */
export interface SentRequest {
  id: string;
  candidateRef: string;
  offerId: string;
  offerTitle: string;
  sentByUserId: string;
  sentAt: number;
  status: InviteStatus;
  conversationId: string | null;
}

/** `POST …/chat/hub-token`. */
export type { HubToken } from '@/lib/hub/token';
