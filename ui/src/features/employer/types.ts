/** Answers of the employer API the web app reads (see /api/openapi.json, tag "employers"). */

/** `GET /v2/employer-panel/codes`: a prepaid code of the company. */
export interface OfferCode {
  code: string;
  planKey: string;
  isUsed: boolean;
  /** Unix seconds. */
  createdAt: number;
  usedAt: number | null;
  /** The offer it paid for. */
  usedFor: string | null;
}

/** `GET /v2/offer-plans`: a plan's prices. */
export interface PlanPrice {
  net: number;
  netEur: number;
  gross: number;
  tax: number;
  oldNet: number;
  oldGross: number;
  oldTax: number;
  currency: string;
}

/** A plan's limits. */
export interface PlanLimits {
  maxLocationsCount: number;
  bumpsUpCount: number;
  bumpsUpEveryDays: number;
  durationInDays: number;
  seniority: string[];
  categories: string[];
}

/** `GET /v2/offer-plans` (per board, in the request's language). */
export interface Plan {
  slug: string;
  name: string;
  price: PlanPrice;
  features: string[];
  recommended: boolean;
  promotionDeadline: string | null;
  tags: string[];
  enableGraphics: boolean;
  limits: PlanLimits;
}
