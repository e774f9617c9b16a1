/**
 * Answers of the employer API the web app reads (see /api/openapi.json, tag "employers"): aliases
 * of the generated schemas (`src/lib/api-schema.d.ts`).
 */
import type { Schemas, Served } from '@/lib/types';

/** `GET /v2/employer-panel/codes`: a prepaid code of the company (`createdAt`, `usedAt`: Unix seconds; `usedFor`: the offer it paid for). */
export type OfferCode = Served<Schemas['CodeDto']>;

/** `GET /v2/offer-plans`: a plan's prices. */
export type PlanPrice = Served<Schemas['PriceDto']>;

/** A plan's limits. */
export type PlanLimits = Served<Schemas['LimitsDto']>;

/** `GET /v2/offer-plans` (per board, in the request's language). */
export type Plan = Served<Schemas['PlanDto']>;
