/**
 * The conversation request dialog's rules (pure, unit-tested): the first message follows the
 * chat's text rules as the API applies them (`wakat_chat::text`: trimmed, line ends made `\n`,
 * 1–2,000 characters counted as a person counts them, no control character but newline and tab,
 * no bidirectional override or isolate), and what each refusal of the API means on the page.
 */
import { z } from 'zod';
import { messages, type MessageKey } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';

/** Most characters of the first message (the chat's limit). */
export const REQUEST_MESSAGE_MAX = 2_000;
/** The counter turns to a warning this many characters before the limit. */
export const REQUEST_MESSAGE_WARN = 100;

/** The text as the API stores it: CRLF and lone CR made LF, then trimmed. */
export function normalizedMessage(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** Characters of the stored text (code points, not UTF-16 units). */
export function messageLength(text: string): number {
  return [...normalizedMessage(text)].length;
}

// Control characters (Cc) but newline and tab; embeddings, overrides and isolates.
const FORBIDDEN = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
const ALLOWED_CONTROLS = /[\n\t]/g;

export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(normalizedMessage(text).replace(ALLOWED_CONTROLS, ''));
}

/** Issue codes of the form, as message keys below `employerCandidates.errors.`. */
export type RequestIssue = 'messageRequired' | 'messageTooLong' | 'messageCharacters';

export const requestSchema = z.object({
  message: z
    .string()
    .refine((text) => normalizedMessage(text) !== '', 'messageRequired')
    .refine((text) => messageLength(text) <= REQUEST_MESSAGE_MAX, 'messageTooLong')
    .refine((text) => !hasForbiddenCharacter(text), 'messageCharacters'),
});

export type RequestValues = z.infer<typeof requestSchema>;

/**
 * The message key of the message field's error: the schema's issue code (`messageTooLong`) or the
 * key a server refusal chose; an unknown one says the message cannot be sent.
 */
export function messageErrorKey(issue: string): MessageKey {
  const key = issue.startsWith('employerCandidates.') ? issue : `employerCandidates.errors.${issue}`;
  return key in messages.pl ? (key as MessageKey) : 'employerCandidates.errors.messageInvalid';
}

/** The counter under the message: used, left, and whether to warn or refuse. */
export function messageCounter(text: string): { used: number; left: number; warn: boolean; over: boolean } {
  const used = messageLength(text);
  const left = REQUEST_MESSAGE_MAX - used;
  return { used, left, warn: left <= REQUEST_MESSAGE_WARN, over: left < 0 };
}

/** Compares API codes whatever their case style (`chatDailyLimit`, `chat_daily_limit`). */
export function sameCode(code: string, expected: string): boolean {
  const fold = (text: string) => text.replace(/[_-]/g, '').toLowerCase();
  return fold(code) === fold(expected);
}

/**
 * What a refused request means for the page:
 * - `field`: the message is wrong (a 400/422 naming `message`, or the API's text codes);
 * - `limit`: today's requests are used up (429 `chatDailyLimit`; another 429 is the rate limit);
 * - `maintenance`: the chat is paused (503 `chatMaintenance`);
 * - `already`: this candidate was already asked about this offer (409);
 * - `gone`: the candidate, the offer or the chat is not there any more (404);
 * - `session`: the login ended (401);
 * - `failed`: anything else (network, server).
 */
export type RequestFailure =
  | { kind: 'field'; key: MessageKey }
  | { kind: 'limit' }
  | { kind: 'maintenance' }
  | { kind: 'already' }
  | { kind: 'gone' }
  | { kind: 'session' }
  | { kind: 'failed'; key: MessageKey };

const TEXT_CODES: Record<string, MessageKey> = {
  messagetoolong: 'employerCandidates.errors.messageTooLong',
  texttoolong: 'employerCandidates.errors.messageTooLong',
  maxlength: 'employerCandidates.errors.messageTooLong',
  messageempty: 'employerCandidates.errors.messageRequired',
  emptymessage: 'employerCandidates.errors.messageRequired',
  fieldrequired: 'employerCandidates.errors.messageRequired',
  required: 'employerCandidates.errors.messageRequired',
  controlcharacter: 'employerCandidates.errors.messageCharacters',
  invalidcharacterserror: 'employerCandidates.errors.messageCharacters',
  invalidmessagetext: 'employerCandidates.errors.messageInvalid',
};

export function requestFailure(error: unknown): RequestFailure {
  if (!(error instanceof ApiError)) return { kind: 'failed', key: 'employerCandidates.errors.network' };
  const code = error.code.replace(/[_-]/g, '').toLowerCase();
  if (sameCode(error.code, 'chatDailyLimit')) return { kind: 'limit' };
  // Another 429 is the API's rate limit of the client, not the company's allowance.
  if (error.status === 429) return { kind: 'failed', key: 'employerCandidates.errors.tooFast' };
  if (sameCode(error.code, 'chatMaintenance')) return { kind: 'maintenance' };
  if ((error.status === 400 || error.status === 422) && (error.field === 'message' || code in TEXT_CODES)) {
    return { kind: 'field', key: TEXT_CODES[code] ?? 'employerCandidates.errors.messageInvalid' };
  }
  if (error.status === 409) return { kind: 'already' };
  if (error.status === 404) return { kind: 'gone' };
  if (error.status === 401) return { kind: 'session' };
  if (error.status === 0) return { kind: 'failed', key: 'employerCandidates.errors.network' };
  if (error.status === 503) return { kind: 'failed', key: 'employerCandidates.errors.unavailable' };
  return { kind: 'failed', key: 'employerCandidates.errors.generic' };
}
