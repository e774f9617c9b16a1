/**
 * The server is the authority on forms: its `{code, message, field}` errors are shown on the
 * field it names (through the form's map of server field names), with the i18n key of the code;
 * anything else is a form-level message. Pure: unit-tested.
 */
import { messages, type MessageKey } from '@/i18n/translate';
import { ApiError } from './api-client';

export type ErrorPrefix = 'account.errors' | 'applyForm.errors' | 'employer.errors';

/** The message key of an error code under `prefix`, or `fallback` when there is none. */
export function errorKey(prefix: ErrorPrefix, code: string, fallback: MessageKey): MessageKey {
  const key = `${prefix}.${code}`;
  return key in messages.pl ? (key as MessageKey) : fallback;
}

/** Where a failed write's error goes: a form field (by the server's `field`) or the whole form. */
export function placeServerError<F extends string>(error: unknown, fields: Readonly<Record<string, F>>): { field: F | null; code: string; status: number } {
  if (!(error instanceof ApiError)) return { field: null, code: 'network_error', status: 0 };
  const field = error.field && Object.hasOwn(fields, error.field) ? fields[error.field] : null;
  return { field, code: error.code, status: error.status };
}
