/**
 * Types of the Wakat API answers used by the web app: aliases of the OpenAPI document's schemas
 * where it describes them, hand-written where it does not (said below).
 */
import type { components } from './api-schema';

export type Locale = 'pl' | 'en';
export type Localized = { en: string; pl: string };
export type Currency = 'pln' | 'eur' | 'usd' | 'gbp' | 'chf';

/** The API's schemas (`src/lib/api-schema.d.ts`, generated from `ui/openapi.json`: `npm run api-types`). */
export type Schemas = components['schemas'];

/**
 * An answer as the API writes it. utoipa marks every `Option` field of a schema optional, but serde
 * writes such a field (as `null`) unless the field says `skip_serializing_if`; for the schemas
 * aliased through `Served` it never does, so every field is there.
 */
export type Served<T> = T extends readonly (infer Item)[] ? Served<Item>[] : T extends object ? { [Key in keyof T]-?: Served<Exclude<T[Key], undefined>> } : T;

/** The converted amounts of an employment type: `fromEur`, `toEur`, … */
export type ConvertedBound = `${'from' | 'to'}${Capitalize<Currency>}`;

/**
 * A contract and its salary, with the amounts converted to every currency; the converted ones are
 * optional here, as the list hands its cards only those of the shown currency (`cardOffer`).
 */
export type EmploymentType = Served<Omit<Schemas['EmploymentTypeDto'], ConvertedBound>> & Pick<Schemas['EmploymentTypeDto'], ConvertedBound>;
export type Skill = Served<Schemas['SkillDto']>;
export type OfferLocation = Served<Schemas['LocationDto']>;
/** An answer whose `employmentTypes` are `EmploymentType`s (the converted amounts optional). */
type WithEmploymentTypes<T> = Omit<T, 'employmentTypes'> & { employmentTypes: EmploymentType[] };
/** An offer as lists show it (one entry per location). */
export type Offer = WithEmploymentTypes<Served<Schemas['OfferItem']>>;
/** The offer page. */
export type OfferDetail = WithEmploymentTypes<Served<Schemas['OfferDetail']>>;

/**
 * A page of offers: `GET /v2/user-panel/offers` (`OfferPage`). `meta.search` is there only for a
 * text query, and `currency` is not in `offers/popular`'s smaller `meta` (which the home page reads
 * as this type too).
 */
export interface OffersPage {
  data: Offer[];
  meta: Omit<Served<Schemas['PageMeta']>, 'search' | 'currency'> & Pick<Schemas['PageMeta'], 'search'> & { currency?: string };
}

// Hand-written below: the board configuration (`GET /api/{tenant}/v1/config`) and the brand-story
// answers are not described by the OpenAPI document (their operations have no response schema).

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
  /** The homepage's promotional hero (`[tenants.promotion]`), shown with `promotionalHomepage`; null when the board has none. */
  promotion?: Promotion | null;
}

/** A board's promotional hero: a background image, a headline and a link (a path of this app or an http(s) URL). */
export interface Promotion {
  imageUrl: string;
  headline: Localized;
  link: string;
  linkLabel: Localized;
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
