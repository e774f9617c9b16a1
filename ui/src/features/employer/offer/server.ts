/**
 * The public dictionaries of the employer pages, read on the server (per board, per language), and
 * an offer's state and public title as its panel pages read them.
 */
import { notFound } from 'next/navigation';
import { ApiError, apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import { employerServerGet } from '@/features/employer/session/server';
import type { Plan } from '@/features/employer/types';
import type { Locale } from '@/lib/types';
import type { FormInputs, OfferState } from './types';

export async function getFormInputs(locale: Locale): Promise<FormInputs> {
  try {
    return await apiGet<FormInputs>('/v1/offers/form-inputs-data', undefined, { locale, board: await boardSlug(), revalidate: 60 });
  } catch (cause) {
    // Spec section 8's message, with its cause.
    throw new Error('Error while fetching form-inputs-data', { cause });
  }
}

export async function getPlans(locale: Locale): Promise<Plan[]> {
  return (await apiGet<{ data: Plan[] }>('/v2/offer-plans', { active: true }, { locale, board: await boardSlug(), revalidate: 60 })).data;
}

/** Plan slug → its name in the language. */
export function planNames(plans: Plan[]): Record<string, string> {
  return Object.fromEntries(plans.map((plan) => [plan.slug, plan.name]));
}

/** The state of the company's offer `slug` (`GET /v2/employer-panel/offers/end/{slug}`); the 404 page when it has none. */
export async function offerStateOrNotFound(slug: string): Promise<OfferState> {
  try {
    return await employerServerGet<OfferState>(`/v2/employer-panel/offers/end/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/** The public title of a published offer, as candidates see it; '' for a draft or when it cannot be read. */
export async function publicOfferTitle(state: OfferState, locale: Locale): Promise<string> {
  if (state.state !== 'published') return '';
  return apiGet<{ title: string }>(`/v1/offers/${encodeURIComponent(state.slug)}`, undefined, { locale, board: await boardSlug() }).then(
    (offer) => offer.title,
    () => '',
  );
}
