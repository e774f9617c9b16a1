/** Pure rules of applying (candidate-side spec §4 "Apply form flow", "One-click apply", §5, §9). */
import type { Candidate, CandidateDocument } from '@/lib/candidate';

/** Spec §9: message at most 1000 characters; the counter warns 100 before. */
export const MESSAGE_MAX = 1000;
export const MESSAGE_WARNING_BUFFER = 100;
/** Spec §9: consent and clause texts are cut at 120 characters with 'show more'. */
export const CONSENT_PREVIEW_CHARS = 120;

/** The message counter: characters used, left, and whether to warn (100 before the limit) or refuse. */
export function messageCounter(length: number): { used: number; left: number; warn: boolean; over: boolean } {
  return { used: length, left: MESSAGE_MAX - length, warn: length >= MESSAGE_MAX - MESSAGE_WARNING_BUFFER, over: length > MESSAGE_MAX };
}

/** A consent or clause text cut at 120 characters (on a word boundary when one is near). */
export function previewText(text: string, limit = CONSENT_PREVIEW_CHARS): { preview: string; cut: boolean } {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return { preview: trimmed, cut: false };
  const head = trimmed.slice(0, limit);
  const space = head.lastIndexOf(' ');
  return { preview: `${(space > limit * 0.7 ? head.slice(0, space) : head).trimEnd()}…`, cut: true };
}

/** The CV one-click apply sends: the newest stored document. */
export function newestDocument(candidate: Pick<Candidate, 'applicationDocs'> | null): CandidateDocument | null {
  const docs = candidate?.applicationDocs ?? [];
  return docs.reduce<CandidateDocument | null>((newest, doc) => (!newest || doc.uploadedAt >= newest.uploadedAt ? doc : newest), null);
}

/** What the applicant changed in the prefilled form. */
export interface ApplyEdits {
  name: boolean;
  email: boolean;
  attachment: boolean;
}

/**
 * Spec §4 "One-click apply": the user is logged in, has a CV document, has a first or last name,
 * and has not edited name, e-mail or attachment.
 */
export function isOneClickApply(candidate: Pick<Candidate, 'applicationDocs' | 'firstName' | 'lastName'> | null, edits: ApplyEdits): boolean {
  if (!candidate) return false;
  if (candidate.applicationDocs.length === 0) return false;
  if (!candidate.firstName.trim() && !candidate.lastName.trim()) return false;
  return !edits.name && !edits.email && !edits.attachment;
}

/** The apply form's values as the form holds them. */
export interface ApplyValues {
  name: string;
  email: string;
  message: string;
  attachment: File | null;
  futureConsent: boolean;
  customConsent: boolean;
}

/** The values a candidate's form starts from (empty for guests). */
export function prefilledValues(candidate: Pick<Candidate, 'firstName' | 'lastName' | 'email' | 'message'> | null): ApplyValues {
  return {
    name: candidate ? `${candidate.firstName} ${candidate.lastName}`.trim() : '',
    email: candidate?.email ?? '',
    message: candidate?.message ?? '',
    attachment: null,
    futureConsent: false,
    customConsent: false,
  };
}

/**
 * The multipart body of `POST /v1/offers/{slug}/applications`. One-click sends no attachment (the
 * server takes the candidate's newest CV); a logged-in candidate's id goes with every application
 * so it shows in the history.
 */
export function applicationFormData(values: ApplyValues, options: { oneClick: boolean; candidateId: string | null }): FormData {
  const form = new FormData();
  form.set('name', values.name.trim());
  form.set('email', values.email.trim());
  form.set('message', values.message);
  form.set('source', options.oneClick ? '1_click_apply' : 'apply_form');
  form.set('future_consent_accepted', String(values.futureConsent));
  form.set('custom_consent_accepted', String(values.customConsent));
  if (options.candidateId) form.set('candidate_id', options.candidateId);
  if (!options.oneClick && values.attachment) form.set('attachment', values.attachment, values.attachment.name);
  return form;
}

/** Form fields the server may name in `field` (multipart names → form names). */
export const APPLY_FIELDS: Readonly<Record<string, keyof ApplyValues>> = {
  name: 'name',
  email: 'email',
  message: 'message',
  attachment: 'attachment',
  future_consent_accepted: 'futureConsent',
  custom_consent_accepted: 'customConsent',
};

/** The spec's error keys of the apply form (`applyForm.errors.*`). */
export const APPLY_ERROR_CODES = ['required', 'invalidEmail', 'fileOrDescriptionRequired', 'fileSize', 'fileType', 'messageLength'] as const;
export type ApplyErrorCode = (typeof APPLY_ERROR_CODES)[number];

export function isApplyErrorCode(code: string): code is ApplyErrorCode {
  return (APPLY_ERROR_CODES as readonly string[]).includes(code);
}
