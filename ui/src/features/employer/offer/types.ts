/**
 * The offer form and the employer's offer as the API serves them (`wakat_core::offer_form`).
 * Aliases of the generated schemas (`src/lib/api-schema.d.ts`) where the OpenAPI document describes
 * them; the form's fields, its stored copy and the summary are hand-written, as the document types
 * them as any object (`form`, `defaults`, `summary`).
 */
import type { Schemas, Served } from '@/lib/types';

export interface FormLocation {
  city: string;
  street: string;
  latitude: number | null;
  longitude: number | null;
  countryCode: string;
}

export interface FormSkill {
  name: string;
  level: number | null;
}

export interface FormLanguage {
  code: string;
  level: string;
}

/** Section 3's fields, the 17 sections in order. Salary amounts are text in the form. */
export interface OfferFormValues {
  companyName: string;
  companySize: string;
  companyWebsite: string;
  companyLogo: string;
  jobPositionName: string;
  jobPositionExperience: string;
  jobCategory: string;
  jobSubcategory: string;
  jobCategoryKey: string;
  languages: FormLanguage[];
  requiredSkills: FormSkill[];
  optionalSkills: FormSkill[];
  primaryEmploymentType: string;
  additionalEmploymentType: string;
  primarySalaryType: string;
  additionalSalaryType: string;
  primarySalaryFrom: string;
  primarySalaryTo: string;
  additionalSalaryFrom: string;
  additionalSalaryTo: string;
  salaryCurrency: string;
  salaryUnit: string;
  secondSalaryActive: boolean;
  jobDescription: string;
  locations: FormLocation[];
  workingPlace: string;
  workingTime: string;
  remoteInterview: boolean;
  openToHireUkrainians: boolean;
  applicationType: string;
  applicationTypeUri: string;
  informationClauseText: string;
  futureConsentEnabled: boolean;
  futureConsentText: string;
  customConsentEnabled: boolean;
  customConsentText: string;
  expiredAtEnabled: boolean;
  expiredAt: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  planType: string;
  titleChangeEnabled: boolean;
  isPublished: boolean;
  state: string;
}

/** The form as the API stores it (salary amounts may be numbers or null). */
export type ServerOfferForm = Omit<OfferFormValues, 'primarySalaryFrom' | 'primarySalaryTo' | 'additionalSalaryFrom' | 'additionalSalaryTo'> & {
  primarySalaryFrom: number | string | null;
  primarySalaryTo: number | string | null;
  additionalSalaryFrom: number | string | null;
  additionalSalaryTo: number | string | null;
};

/** `GET /v1/offers/form-inputs-data`. */
export type FormInputs = Omit<Served<Schemas['FormInputsDto']>, 'defaults'> & { defaults: ServerOfferForm };

/** A page of the skills dictionary. */
export type SkillPage = Served<Schemas['SkillsPageDto']>;

export interface SummaryEmployment {
  type: string;
  from: number | null;
  to: number | null;
  currency: string;
  unit: string;
  gross: boolean;
}

/** What candidates will see (the summary entity of section 3). */
export interface OfferSummary {
  title: string;
  companyName: string;
  companyLogoUrl: string | null;
  categoryKey: string | null;
  employmentTypes: SummaryEmployment[];
  locations: { city: string; street: string | null; latitude: number; longitude: number }[];
  workingTime: string;
  workplaceType: string;
  experienceLevel: string;
  requiredSkills: { name: string; level: number }[];
  optionalSkills: { name: string; level: number }[];
  languages: { code: string; level: string }[];
  description: string;
  openToHireUkrainians: boolean;
  remoteInterview: boolean;
  consents: { informationClause: string | null; futureConsent: string | null; futureConsentEnabled: boolean; customConsent: string | null; customConsentEnabled: boolean };
}

export type FieldErrorBody = Schemas['FieldErrorBody'];

type OfferLifecycle = 'draft' | 'published' | 'finished';

/** `GET /v1/offers/{slug}?token=`: the employer's view (times: Unix seconds). */
export type EmployerOffer = Omit<Served<Schemas['EmployerOfferDto']>, 'state' | 'creationType' | 'form' | 'summary' | 'bumps'> & {
  state: OfferLifecycle;
  creationType: 'new' | 'duplicate' | 'refresh';
  form: ServerOfferForm;
  summary: OfferSummary | null;
};

/** `GET /v2/employer-panel/offers/end/{slug}` and the answers of publish, extend and finish. */
export type OfferState = Omit<Served<Schemas['OfferStateDto']>, 'state'> & { state: OfferLifecycle };

/** How the form was opened: each has its page title. */
export type FormVariant = 'create' | 'edit' | 'duplicate' | 'refresh' | 'extend';
export const FORM_VARIANTS: readonly FormVariant[] = ['create', 'edit', 'duplicate', 'refresh', 'extend'];
