/** Shared plumbing of the account forms: server errors onto fields, error texts from codes. */
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Translator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { errorKey, placeServerError } from '@/lib/form-errors';

/** Puts a failed write's error on the field the server named, else on the form (`root.server`). */
export function showServerError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: Readonly<Record<string, Path<T>>>): void {
  const placed = placeServerError(error, fields);
  if (placed.field) form.setError(placed.field, { type: 'server', message: placed.code }, { shouldFocus: true });
  else form.setError('root.server', { type: 'server', message: placed.code });
}

/** The text of a field's (or the form's) error code. */
export function errorText(t: Translator, error: Pick<FieldError, 'message'> | undefined): string | null {
  if (!error?.message) return null;
  return t(errorKey('account.errors', error.message, 'account.errors.generic'));
}

/** The API's answer to a wrong password when one proves ownership (change e-mail or password, delete). */
export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'invalid_password' || error.code === 'invalid_credentials');
}
