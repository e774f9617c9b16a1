/** What every section of the offer form gets: the form, the texts, the dictionaries, the error of a field. */
import type { FieldError, UseFormReturn } from 'react-hook-form';
import type { Translator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import type { PlanLimits } from '@/features/employer/types';
import { errorKey } from '@/lib/form-errors';
import type { FormInputs, OfferFormValues } from '../types';

export interface SectionProps {
  form: UseFormReturn<OfferFormValues>;
  t: Translator;
  locale: Locale;
  inputs: FormInputs;
  limits: PlanLimits;
  /** The plan includes graphics: the description takes an image. */
  graphics: boolean;
  slug: string;
  /** The error text of a field path (`locations.0.city`), or null. */
  error: (path: string) => string | null;
}

/** Reads the error at a dotted path of react-hook-form's error tree. */
export function errorAt(errors: unknown, path: string): FieldError | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (node && typeof node === 'object' && 'message' in node) return node as FieldError;
  return undefined;
}

/** The text of an error code of the offer form. */
export function offerErrorText(t: Translator, code: string | undefined): string | null {
  if (!code) return null;
  return t(errorKey('employer.errors', code, 'employer.errors.generic'));
}

/** Spoken languages offered in the form (ISO 639-1), with their names. */
export const LANGUAGE_NAMES: Record<string, { pl: string; en: string }> = {
  en: { pl: 'angielski', en: 'English' },
  pl: { pl: 'polski', en: 'Polish' },
  de: { pl: 'niemiecki', en: 'German' },
  fr: { pl: 'francuski', en: 'French' },
  es: { pl: 'hiszpański', en: 'Spanish' },
  it: { pl: 'włoski', en: 'Italian' },
  uk: { pl: 'ukraiński', en: 'Ukrainian' },
  ru: { pl: 'rosyjski', en: 'Russian' },
  cs: { pl: 'czeski', en: 'Czech' },
  sk: { pl: 'słowacki', en: 'Slovak' },
  nl: { pl: 'niderlandzki', en: 'Dutch' },
  pt: { pl: 'portugalski', en: 'Portuguese' },
  sv: { pl: 'szwedzki', en: 'Swedish' },
  no: { pl: 'norweski', en: 'Norwegian' },
  da: { pl: 'duński', en: 'Danish' },
  fi: { pl: 'fiński', en: 'Finnish' },
  hu: { pl: 'węgierski', en: 'Hungarian' },
  ro: { pl: 'rumuński', en: 'Romanian' },
  ja: { pl: 'japoński', en: 'Japanese' },
  zh: { pl: 'chiński', en: 'Chinese' },
};
