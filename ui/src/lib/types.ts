/** Types of the Wakat API answers used by the web app (see /api/openapi.json). */

export type Locale = 'pl' | 'en';
export type Localized = { en: string; pl: string };
export type Currency = 'pln' | 'eur' | 'usd' | 'gbp' | 'chf';

export interface EmploymentType {
  type: string;
  from: number | null;
  to: number | null;
  currency: string;
  unit: string;
  gross: boolean;
  label: string;
  [converted: string]: string | number | boolean | null;
}

export interface Skill {
  name: string;
  level: number;
}

export interface OfferLocation {
  slug: string;
  city: string;
  street: string | null;
  latitude: number;
  longitude: number;
}

export interface Offer {
  slug: string;
  guid: string;
  title: string;
  companyName: string;
  companyLogoThumbUrl: string | null;
  applyUrl: string | null;
  workplaceType: string;
  workingTime: string;
  experienceLevel: string;
  city: string;
  street: string | null;
  latitude: number;
  longitude: number;
  employmentTypes: EmploymentType[];
  requiredSkills: Skill[];
  niceToHaveSkills: Skill[];
  publishedAt: string;
  expiredAt: string | null;
  categoryId: number;
  remoteInterview: boolean;
  openToHireUkrainians: boolean;
  brandStorySlug: string | null;
  multilocation: OfferLocation[];
  offerParent: { slug: string };
  isOfferActive: boolean;
  isNew: boolean;
  coverImage: string | null;
  companySize: string | null;
}

export interface OfferDetail extends Offer {
  body: string;
  companyLogoUrl: string | null;
  companyUrl: string | null;
  category: {
    id: number;
    parentId: number | null;
    key: string;
    labelPl: string;
    labelEn: string;
    parentKey: string | null;
  } | null;
  languages: { code: string; level: string }[];
  bannerUrl: string | null;
  videoUrl: string | null;
  informationClause: string | null;
  /** Consent texts of the apply form's checkboxes (none: no checkbox). */
  customConsent?: string | null;
  futureConsent?: string | null;
}

export interface OffersPage {
  data: Offer[];
  meta: {
    page: number;
    perPage: number;
    totalItems: number;
    totalPages: number;
    from: number;
    sortBy: string;
    orderBy: string;
    currency?: string;
  };
}

export interface Category {
  key: string;
  slug: string;
  label: Localized;
  value: number;
  icon: string;
  order: number;
  parent: number | null;
  children: Category[];
  static: boolean;
  redirectTo: string | null;
  isNew: boolean;
}

export interface FilterOption {
  value: string;
  label: Localized;
  slug: Localized;
}

export interface SortOption {
  value: SortValue;
  label: Localized;
  sortBy: string;
  orderBy: 'ASC' | 'DESC';
}

export type SortValue = 'published' | 'newest' | 'salaryDesc' | 'salaryAsc';

export interface City {
  name: string;
  nameEn: string | null;
  slug: string;
  region: string;
  latitude: number;
  longitude: number;
}

export type ListLayout = 'column' | 'horizontal' | 'classic';

export interface BoardConfig {
  categories: Category[];
  currencies: Currency[];
  defaultCurrency: Currency;
  featureFlags: Record<string, boolean>;
  filters: {
    employmentTypes: FilterOption[];
    experienceLevels: FilterOption[];
    workingTimes: FilterOption[];
    remoteWorkOptions: FilterOption[];
    radius: { label: string; slug: string }[];
    sort: SortOption[];
  };
  limits: Record<string, number>;
  salary: { min: number; max: number; step: number };
  tenant: {
    name: string;
    slug: string;
    defaultLocale: Locale;
    locales: Locale[];
    layout: ListLayout;
    logoUrl: string;
    theme: { background: string; gradient: string; primary: string; secondary: string };
  };
  topCities: City[];
  urlParams: Record<string, Localized>;
}

/** A company's brand story (`brand-stories/company/{slug}/short-info` and the list). */
export interface BrandStory {
  slug: string;
  name: string;
  logoUrl: string;
  coverPhotoUrl: string | null;
  shortDescription: string | null;
  offersCount: number;
  /** startup, software-house, e-commerce, corporation, agency, other. */
  type: string;
  /** Head count band, e.g. `26-50`. */
  size: string | null;
  /** The company's own website. */
  url: string | null;
  /** Stories written by companies in the employer panel: the sanitised HTML description. */
  description?: string;
  /** Technologies the company names (panel stories). */
  technologies?: string[];
  /** Gallery image URLs (panel stories). */
  images?: string[];
}
