/** What the employer panel's company calls answer (issue 12; camelCase as the API). */
export type Role = 'owner' | 'recruiter';

export interface Profile {
  id: string;
  email: string;
  name: string;
  phone: string;
  role: Role;
  emailConfirmed: boolean;
  companyId: string;
  companyName: string;
}

export interface PanelUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  role: Role;
  emailConfirmed: boolean;
  createdAt: number;
}

export interface Billing {
  companyName: string;
  taxId: string;
  street: string;
  streetNumber: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface Clauses {
  informationClauseText: string;
  futureConsentEnabled: boolean;
  futureConsentText: string;
  customConsentEnabled: boolean;
  customConsentText: string;
}

export interface CompanyInfo {
  id: string;
  companyName: string;
  companySize: string;
  companyWebsite: string;
  companyLogo: string | null;
  billingData: Billing | null;
  clauses: Clauses | null;
  brandStorySlug: string | null;
  role: Role;
}

export interface StoryData {
  slug: string;
  type: string;
  shortDescription: string;
  shortDescriptionEn: string;
  description: string;
  technologies: string[];
  coverPhotoUrl: string | null;
  images: string[];
  published: boolean;
  updatedAt: number;
}

/** The offer form's company size options (employer spec section 3). */
export const COMPANY_SIZES = ['1-10', '11-25', '26-50', '51-100', '101-500', '501+'] as const;
/** Company types (employer spec section 3). */
export const COMPANY_TYPES = ['startup', 'software-house', 'e-commerce', 'corporation', 'agency', 'other'] as const;
