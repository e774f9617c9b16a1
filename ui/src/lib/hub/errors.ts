/**
 * The code of a failed hub invocation or HTTP call. A hub rejects an invocation with an `Error`
 * whose message is `{code}: {English text}` (`conversationClosed: the conversation is closed`,
 * `assistant_busy: an answer is streaming`); HTTP calls answer `{code, message, field}` (`ApiError`).
 * Codes are compared in snake case, so `chatMaintenance` and `chat_maintenance` are one code.
 * Pure: unit-tested.
 */
import { ApiError } from '@/lib/api-client';

/** `chatMaintenance` → `chat_maintenance`; snake case stays as it is. */
export function snakeCode(code: string): string {
  return code.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** The hub runtime's wording of a refusal by its rate limiter (no code of the API's table). */
const RATE_LIMITED = 'rate limited';

/** The code of `error` (`network_error` for anything without one). */
export function hubErrorCode(error: unknown): string {
  if (error instanceof ApiError) return snakeCode(error.code);
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (message.trim().toLowerCase() === RATE_LIMITED) return 'rate_limited';
  const coded = /^([A-Za-z][A-Za-z0-9_]*): /.exec(message);
  return coded ? snakeCode(coded[1]) : 'network_error';
}
