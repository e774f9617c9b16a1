/**
 * The alert forms' rules (spec §5) as zod schemas. Issue messages are the server's keys
 * (`fieldRequired`, `invalidCharactersError`, `maxValueError` with 999, `invalidEmail`), shown as
 * `alerts.errors.{key}`, so a client-side and a server-side refusal read the same.
 */
import { z } from 'zod';
import { NAME_ALLOWED, NAME_MAX } from './filters';
import { FREQUENCIES, type Frequency } from './local-store';

const POLISH_DIACRITICS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;
const chars = (text: string) => [...text].length;

export const nameRule = z
  .string()
  .trim()
  .min(1, 'fieldRequired')
  .refine((text) => NAME_ALLOWED.test(text), 'invalidCharactersError')
  .refine((text) => chars(text) <= NAME_MAX, 'maxValueError');

/** Required, a valid address, and no Polish diacritic letters (all `invalidEmail` but the first). */
export const emailRule = z
  .string()
  .trim()
  .min(1, 'fieldRequired')
  .refine((text) => !POLISH_DIACRITICS.test(text), 'invalidEmail')
  .pipe(z.email('invalidEmail'));

export const frequencyRule = z.enum(FREQUENCIES as [Frequency, ...Frequency[]]);

/** A guest's alert: e-mail, name, frequency, the privacy policy (must be true), two optional consents. */
export const guestAlertSchema = z.object({
  email: emailRule,
  name: nameRule,
  frequency: frequencyRule,
  privacyPolicy: z.boolean().refine((value) => value === true, 'fieldRequired'),
  createCandidate: z.boolean(),
  marketingAgreement: z.boolean(),
});
export type GuestAlertValues = z.input<typeof guestAlertSchema>;

/** A candidate's alert: their account's e-mail is used, so only name and frequency. */
export const candidateAlertSchema = z.object({ name: nameRule, frequency: frequencyRule });
export type CandidateAlertValues = z.input<typeof candidateAlertSchema>;

/** The values of a message key (`maxValueError` names its limit). */
export function errorValues(key: string): Record<string, number> {
  return key === 'maxValueError' ? { value: NAME_MAX } : {};
}
