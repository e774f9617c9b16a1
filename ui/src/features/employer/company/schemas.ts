/**
 * The panel forms' client-side checks: only what saves a round trip (required fields, shapes).
 * The server is the authority (NIP checksum, lengths, placeholders): its `{code, field}` lands on
 * the field through each form's map of server field names. Messages are error codes.
 */
import { z } from 'zod';

const required = z.string().trim().min(1, 'required');

/** When the user hears of new applications (the server's `ApplicationsNotifyDto`). */
export const APPLICATIONS_NOTIFY = ['immediately', 'daily', 'off'] as const;
export const profileSchema = z.object({ name: required, phone: z.string(), applicationsNotify: z.enum(APPLICATIONS_NOTIFY) });
export type ProfileValues = z.infer<typeof profileSchema>;
export const PROFILE_FIELDS = { name: 'name', phone: 'phone', applicationsNotify: 'applicationsNotify' } as const;

export const companySchema = z.object({ companyName: required, companySize: required, companyWebsite: required });
export type CompanyValues = z.infer<typeof companySchema>;
export const COMPANY_FIELDS = { companyName: 'companyName', companySize: 'companySize', companyWebsite: 'companyWebsite' } as const;

export const billingSchema = z.object({
  companyName: required,
  taxId: required,
  street: required,
  streetNumber: required,
  postalCode: required,
  city: required,
  country: z.string(),
});
export type BillingValues = z.infer<typeof billingSchema>;
export const BILLING_FIELDS = {
  companyName: 'companyName',
  taxId: 'taxId',
  street: 'street',
  streetNumber: 'streetNumber',
  postalCode: 'postalCode',
  city: 'city',
  country: 'country',
} as const;

export const clausesSchema = z.object({
  informationClauseText: required,
  futureConsentEnabled: z.boolean(),
  futureConsentText: z.string(),
  customConsentEnabled: z.boolean(),
  customConsentText: z.string(),
});
export type ClausesValues = z.infer<typeof clausesSchema>;
export const CLAUSES_FIELDS = {
  informationClauseText: 'informationClauseText',
  futureConsentText: 'futureConsentText',
  customConsentText: 'customConsentText',
} as const;

export const newUserSchema = z.object({ name: required, email: z.string().trim().email('invalid_email'), role: z.enum(['owner', 'recruiter']) });
export type NewUserValues = z.infer<typeof newUserSchema>;
export const NEW_USER_FIELDS = { name: 'name', email: 'email', role: 'role' } as const;

export const storySchema = z.object({
  slug: z.string().trim().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'invalid_slug').min(3, 'invalid_slug').max(60, 'invalid_slug'),
  type: required,
  shortDescription: required,
  shortDescriptionEn: z.string(),
  description: z.string(),
  technologies: z.string(),
  published: z.boolean(),
});
export type StoryValues = z.infer<typeof storySchema>;
export const STORY_FIELDS = {
  slug: 'slug',
  type: 'type',
  shortDescription: 'shortDescription',
  shortDescriptionEn: 'shortDescriptionEn',
  description: 'description',
  technologies: 'technologies',
} as const;

/** The slug proposed for a company's first story: its name, folded to a-z, 0-9 and dashes. */
export function storySlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
