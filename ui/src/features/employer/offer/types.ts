/** The offer form and the employer's offer as the API serves them (`wakat_core::offer_form`). */

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

export interface Option {
  value: string;
  label: string;
}

/** `GET /v1/offers/form-inputs-data`. */
export interface FormInputs {
  cities: { label: string; value: string; mapCenter: { latitude: number; longitude: number } }[];
  remoteWorkOptions: Option[];
  fulltimeParttimeOptions: Option[];
  currencies: Option[];
  skillLevels: Option[];
  skills: SkillPage;
  companySizes: string[];
  employmentTypes: Option[];
  experienceLevels: Option[];
  salaryUnits: Option[];
  salaryTypes: string[];
  languageLevels: string[];
  categories: { key: string; label: string; children: Option[] }[];
  defaults: ServerOfferForm;
}

/** A page of the skills dictionary. */
export interface SkillPage {
  data: { id: string; name: string }[];
  meta: { pageNumber: number; pageSize: number; total: number };
}

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

export interface FieldErrorBody {
  field: string;
  code: string;
  message: string;
}

/** `GET /v1/offers/{slug}?token=`: the employer's view. */
export interface EmployerOffer {
  slug: string;
  companyId: string;
  state: 'draft' | 'published' | 'finished';
  isActive: boolean;
  planKey: string;
  creationType: 'new' | 'duplicate' | 'refresh';
  sourceSlug: string | null;
  limits: import('@/features/employer/types').PlanLimits;
  form: ServerOfferForm;
  summary: OfferSummary | null;
  errors: FieldErrorBody[];
  publishedAt: number | null;
  expiresAt: number | null;
  finishedAt: number | null;
}

/** `GET /v2/employer-panel/offers/end/{slug}` and the answers of publish, extend and finish. */
export interface OfferState {
  slug: string;
  state: 'draft' | 'published' | 'finished';
  isActive: boolean;
  publishedAt: number | null;
  expiresAt: number | null;
  finishedAt: number | null;
  daysLeft: number;
}

/** How the form was opened: each has its page title. */
export type FormVariant = 'create' | 'edit' | 'duplicate' | 'refresh' | 'extend';
export const FORM_VARIANTS: readonly FormVariant[] = ['create', 'edit', 'duplicate', 'refresh', 'extend'];
