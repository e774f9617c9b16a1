/** Which terms files the terms page shows and how (alerts-chat-terms spec §2 and §4). */
import type { Localized } from '@/lib/types';

export type TermsAudience = 'clients' | 'users';

/** A terms file as the board configuration lists it. */
export interface TermsFile {
  audience: TermsAudience;
  title: Localized;
  url: string;
  fromDate: string | null;
  dueDate: string | null;
}

/** The legal documents besides the terms (`legal` in the board configuration). */
export interface LegalConfig {
  terms?: TermsFile[];
  legal?: { privacyPolicyUrl: string | null; informationClauseUrl: string | null; whistleblowerReportUrl: string | null };
}

export interface DisplayedTerms extends TermsFile {
  /** fromDate is still ahead: the page labels it 'effective from {date}'. */
  upcoming: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The moment a terms date stands for: a bare day (`2027-07-01`) starts at 00:00 UTC, or, as a
 * due date, lasts until its end (the due day is the last day the file applies). Full ISO times
 * are taken as they are. Returns NaN for an unreadable date.
 */
export function termsMoment(date: string, edge: 'start' | 'end'): number {
  if (DAY.test(date)) return Date.parse(`${date}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  return Date.parse(date);
}

/** A file is hidden once its dueDate has passed (an unreadable dueDate hides nothing). */
export function isPastDue(file: Pick<TermsFile, 'dueDate'>, now: Date): boolean {
  if (!file.dueDate) return false;
  const due = termsMoment(file.dueDate, 'end');
  return !Number.isNaN(due) && now.getTime() > due;
}

/** The 'effective from' label shows while the fromDate is still in the future. */
export function isUpcoming(file: Pick<TermsFile, 'fromDate'>, now: Date): boolean {
  if (!file.fromDate) return false;
  const from = termsMoment(file.fromDate, 'start');
  return !Number.isNaN(from) && now.getTime() < from;
}

/** The files of one audience still in force or announced, current ones first, then by fromDate. */
export function termsForDisplay(files: TermsFile[], audience: TermsAudience, now: Date): DisplayedTerms[] {
  return files
    .filter((file) => file.audience === audience && !isPastDue(file, now))
    .map((file) => ({ ...file, upcoming: isUpcoming(file, now) }))
    .sort((a, b) => Number(a.upcoming) - Number(b.upcoming) || (termsMoment(a.fromDate ?? '', 'start') || 0) - (termsMoment(b.fromDate ?? '', 'start') || 0));
}

/** The privacy policy page, below the terms page. */
export const privacyPolicyPath = () => '/terms-and-privacy-policies/privacy-policy';
