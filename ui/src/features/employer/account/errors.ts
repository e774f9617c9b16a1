/** The employer forms' error texts: an error code (the API's or the schema's) to its message. */
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Translator } from '@/i18n/translate';
import { errorKey, placeServerError } from '@/lib/form-errors';

/** The text of a field's (or the form's) error code; "Something went wrong..." for unknown codes. */
export function employerErrorText(t: Translator, error: Pick<FieldError, 'message'> | undefined): string | null {
  if (!error?.message) return null;
  return t(errorKey('employer.errors', error.message, 'employer.errors.generic'));
}

/** Puts a failed call's error on the field the server named (through `fields`), else on the form. */
export function showEmployerServerError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: Readonly<Record<string, Path<T>>>): void {
  const placed = placeServerError(error, fields);
  if (placed.field) form.setError(placed.field, { type: 'server', message: placed.code }, { shouldFocus: true });
  else form.setError('root.server', { type: 'server', message: placed.code });
}
