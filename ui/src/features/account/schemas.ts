/**
 * The account forms' rules as zod schemas. Issue messages are error codes below
 * `account.errors.` — the API's own codes where it has one (`password_too_short`,
 * `password_too_long`, `password_is_email`), so a client-side and a server-side refusal read the
 * same. The API checks everything again and has the last word.
 */
import { z } from 'zod';
import { EXPERIENCE_LEVELS, PREFERENCE_CURRENCIES, type ExperienceLevel, type Preferences } from '@/lib/candidate';
import type { Currency } from '@/lib/types';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PROFILE_MESSAGE_MAX = 1000;
export const SALARY_MAX = 1_000_000;

const chars = (text: string) => [...text].length;
const email = z.string().trim().min(1, 'required').pipe(z.email('invalidEmail'));
const newPassword = z
  .string()
  .min(1, 'required')
  .refine((text) => chars(text) >= PASSWORD_MIN, 'password_too_short')
  .refine((text) => chars(text) <= PASSWORD_MAX, 'password_too_long');
const anyPassword = z.string().min(1, 'required');
// Names are optional; the API refuses control characters and overlong ones (`invalid_name`).
const name = z
  .string()
  .trim()
  .refine((text) => chars(text) <= 100 && !/[\u0000-\u001f\u007f<>]/.test(text), 'invalid_name');

export const loginSchema = z.object({ email, password: anyPassword });
export type LoginValues = z.input<typeof loginSchema>;

export const registerSchema = z
  .object({ email, password: newPassword, firstName: name, lastName: name, acceptedTerms: z.boolean().refine((accepted) => accepted, 'terms_required') })
  .superRefine((values, context) => {
    if (values.password && values.password.trim().toLowerCase() === values.email.trim().toLowerCase()) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'password_is_email' });
    }
  });
export type RegisterValues = z.input<typeof registerSchema>;

export const resetRequestSchema = z.object({ email });
export type ResetRequestValues = z.input<typeof resetRequestSchema>;

const repeated = <T extends z.ZodRawShape>(shape: T, first: keyof T & string) =>
  z.object({ ...shape, repeat: z.string() }).superRefine((values, context) => {
    const record = values as Record<string, unknown>;
    if (record[first] !== record.repeat) context.addIssue({ code: 'custom', path: ['repeat'], message: 'passwordsDiffer' });
  });

export const resetPasswordSchema = repeated({ password: newPassword }, 'password');
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = repeated({ currentPassword: anyPassword, newPassword }, 'newPassword');
export type ChangePasswordValues = z.input<typeof changePasswordSchema>;

export const changeEmailSchema = z.object({ newEmail: email, password: anyPassword });
export type ChangeEmailValues = z.input<typeof changeEmailSchema>;

export const deleteAccountSchema = z.object({ password: anyPassword });
export type DeleteAccountValues = z.input<typeof deleteAccountSchema>;

export const personalSchema = z.object({
  firstName: name,
  lastName: name,
  message: z.string().refine((text) => chars(text) <= PROFILE_MESSAGE_MAX, 'messageLength'),
});
export type PersonalValues = z.input<typeof personalSchema>;

/** Skills typed as one comma-separated text. */
export function parseSkills(text: string): string[] {
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const part of text.split(',')) {
    const skill = part.trim().replace(/\s+/g, ' ');
    if (skill && !seen.has(skill.toLowerCase())) {
      seen.add(skill.toLowerCase());
      skills.push(skill);
    }
  }
  return skills;
}

export const preferencesSchema = z.object({
  skills: z.string().refine((text) => parseSkills(text).every((skill) => chars(skill) <= 50), 'invalid_skill').refine((text) => parseSkills(text).length <= 50, 'too_many_skills'),
  experienceLevels: z.array(z.enum(EXPERIENCE_LEVELS as [ExperienceLevel, ...ExperienceLevel[]])),
  cities: z.array(z.string().min(1)).max(20, 'too_many_values'),
  remote: z.boolean(),
  // The input's text: empty means no minimum.
  salaryMin: z.string().trim().refine((text) => text === '' || (/^\d+([.,]\d{1,2})?$/.test(text) && Number(text.replace(',', '.')) <= SALARY_MAX), 'invalid_salary'),
  currency: z.enum(PREFERENCE_CURRENCIES as [Currency, ...Currency[]]),
});
export type PreferencesValues = z.input<typeof preferencesSchema>;

/** The salary text as the API takes it. */
export const salaryValue = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** The form's values of stored preferences. */
export function preferenceDefaults(preferences: Preferences): PreferencesValues {
  return {
    skills: preferences.skills.join(', '),
    experienceLevels: preferences.experienceLevels,
    cities: preferences.cities,
    remote: preferences.remote,
    salaryMin: preferences.salaryMin === null ? '' : String(preferences.salaryMin),
    currency: preferences.currency,
  };
}

/** The preferences as the API takes them from the form's values. */
export function preferencesOf(values: PreferencesValues): Preferences {
  return { skills: parseSkills(values.skills), experienceLevels: values.experienceLevels, cities: values.cities, remote: values.remote, salaryMin: salaryValue(values.salaryMin), currency: values.currency };
}

/** The salary periods a passive profile's expectation may be in (monthly first: the default). */
export const SALARY_UNITS = ['month', 'hour', 'day', 'year'] as const;
/** Most categories a passive profile lists (wakat-chat `MAX_PROFILE_CATEGORIES`). */
export const MAX_PROFILE_CATEGORIES = 10;

/**
 * The passive-candidate form (`PUT /v1/candidate/chat/profile`): the preferences plus the roles
 * (category values, as the checkboxes' texts), the salary's period and the contract types. Opening
 * up to offers needs every mandatory preference (the server refuses `profile_incomplete` too):
 * each missing one is put on its field.
 */
export const passiveProfileSchema = preferencesSchema
  .extend({
    openToOffers: z.boolean(),
    salaryUnit: z.enum(SALARY_UNITS),
    categories: z.array(z.string().regex(/^\d+$/)).max(MAX_PROFILE_CATEGORIES, 'too_many_values'),
    contractTypes: z.array(z.string().min(1)),
  })
  .superRefine((values, context) => {
    if (!values.openToOffers) return;
    const missing = (path: string, message = 'required') => context.addIssue({ code: 'custom', path: [path], message });
    if (!values.categories.length) missing('categories');
    if (!values.experienceLevels.length) missing('experienceLevels');
    if (!parseSkills(values.skills).length) missing('skills');
    if (!values.cities.length && !values.remote) missing('cities', 'placeRequired');
    if (values.salaryMin.trim() === '') missing('salaryMin');
    if (!values.contractTypes.length) missing('contractTypes');
  });
export type PassiveProfileValues = z.input<typeof passiveProfileSchema>;
