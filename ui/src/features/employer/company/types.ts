/**
 * What the employer panel's company calls answer (issue 12; camelCase as the API): aliases of the
 * generated schemas (`src/lib/api-schema.d.ts`).
 */
import type { Schemas, Served } from '@/lib/types';

export type Role = Schemas['RoleDto'];

/** The logged-in employer user (`GET /v2/employer-panel/profile`). */
export type Profile = Served<Schemas['ProfileDto']>;

/** A user of the company (`createdAt`: Unix seconds). */
export type PanelUser = Served<Schemas['PanelUserDto']>;

export type Billing = Served<Schemas['BillingDto']>;

export type Clauses = Served<Schemas['ClausesDto']>;

export type CompanyInfo = Served<Schemas['CompanyDto']>;

/** The company's brand story as the panel edits it (`updatedAt`: Unix seconds). */
export type StoryData = Served<Schemas['BrandStoryDataDto']>;

/** The offer form's company size options (employer spec section 3). */
export const COMPANY_SIZES = ['1-10', '11-25', '26-50', '51-100', '101-500', '501+'] as const;
/** Company types (employer spec section 3). */
export const COMPANY_TYPES = ['startup', 'software-house', 'e-commerce', 'corporation', 'agency', 'other'] as const;
