/** The public dictionaries of the employer pages, read on the server (per board, per language). */
import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { Plan } from '@/features/employer/types';
import type { Locale } from '@/lib/types';
import type { FormInputs } from './types';

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
