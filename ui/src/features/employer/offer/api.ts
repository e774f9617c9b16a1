/**
 * The offer calls of the employer web app (browser side, through the forwarder). The edit token
 * of an offer is kept in this module's memory only (it survives client-side navigation between
 * the form, summary and publish pages); after a reload the page asks the API for a new one.
 */
import { ApiError } from '@/lib/api-client';
import { employerGet, employerWrite } from '@/features/employer/session/client';
import type { EmployerOffer, OfferState, ServerOfferForm, SkillPage } from './types';

const editTokens = new Map<string, string>();

export function rememberEditToken(slug: string, token: string): void {
  editTokens.set(slug, token);
}

/** The offer's edit token: the remembered one, else a new one (`POST /v1/offers/{slug}/edit-token`). */
export async function editToken(slug: string): Promise<string> {
  const known = editTokens.get(slug);
  if (known) return known;
  const answer = await employerWrite<{ token: string }>('POST', `/v1/offers/${encodeURIComponent(slug)}/edit-token`);
  if (!answer?.token) throw new ApiError(500, 'http_500', 'no edit token');
  editTokens.set(slug, answer.token);
  return answer.token;
}

/** Runs `call` with the offer's token; a stale token (`invalid_offer_token`) is renewed once. */
async function withToken<T>(slug: string, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await editToken(slug));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'invalid_offer_token')) throw error;
    editTokens.delete(slug);
    return call(await editToken(slug));
  }
}

const path = (slug: string, tail = '') => `/v1/offers/${encodeURIComponent(slug)}${tail}`;

/** Starts a draft with a plan. */
export async function initiateOffer(plan: string): Promise<string> {
  const answer = await employerWrite<{ slug: string; token: string }>('POST', '/v1/offers/initiate', { pricing_plan: plan });
  if (!answer) throw new ApiError(500, 'http_500', 'no offer');
  rememberEditToken(answer.slug, answer.token);
  return answer.slug;
}

/** A copy of an offer as a new draft: `duplicate` (any) or `refresh` (an ended one). */
export async function copyOffer(slug: string, kind: 'duplicate' | 'refresh'): Promise<string> {
  const answer = await employerWrite<{ slug: string; token: string }>('POST', path(slug, `/${kind}`));
  if (!answer) throw new ApiError(500, 'http_500', 'no offer');
  rememberEditToken(answer.slug, answer.token);
  return answer.slug;
}

export const loadOffer = (slug: string) => withToken(slug, (token) => employerGet<EmployerOffer>(path(slug), { token }));

export const saveOffer = (slug: string, form: ServerOfferForm) => withToken(slug, (token) => employerWrite<{ id: string }>('PATCH', path(slug), form, { query: { token } }));

/** Uploads the company logo (JPEG or PNG, checked by content on the server); answers the offer's new logo URL. */
export async function uploadLogo(slug: string, file: File): Promise<void> {
  const body = new FormData();
  body.set('companyLogo', file, file.name);
  await withToken(slug, (token) => employerWrite('POST', path(slug, '/logo'), body, { query: { token } }));
}

export const verifyCode = (slug: string, code: string) => employerGet<unknown>(path(slug, `/verify-code/${encodeURIComponent(code)}`));

export const publishWithCode = (slug: string, code: string, extend: boolean) =>
  withToken(slug, (token) => employerWrite<OfferState>('POST', path(slug, extend ? '/extend-with-code' : '/publish-with-code'), { token }, { query: { code } }));

export interface InvoiceData {
  invoice_company_name: string;
  invoice_tax_id: string;
  invoice_street: string;
  invoice_street_number: string;
  invoice_postal_code: string;
  invoice_city: string;
  invoice_country: string;
  subscribe_to_newsletter: boolean;
  accepted_regulations: boolean;
  /** Keep the invoice data as the company's billing data (owners). */
  save_billing_data: boolean;
}

/** Creates a payment and answers where to pay (the provider's page). */
export const createPayment = (slug: string, invoice: InvoiceData, returnUrl: string, extend: boolean, planKey: string) =>
  withToken(slug, (token) =>
    employerWrite<{ id: string; payment_request_url: string }>('POST', '/v1/payments', { ...invoice, offer_id: slug, offer_type: planKey, return_url: returnUrl, extend, token }),
  );

export const offerEnd = (slug: string) => employerGet<OfferState>(`/v2/employer-panel/offers/end/${encodeURIComponent(slug)}`);
export const finishOffer = (slug: string) => employerWrite<OfferState>('POST', path(slug, '/finish-recruitment'));
export const deleteOffer = (slug: string) => employerWrite('DELETE', path(slug));

/** A page of the skills dictionary whose name (or a word of it) starts with `keyword`. */
export const searchSkills = (keyword: string, pageNumber: number, pageSize = 20) => employerGet<SkillPage>('/v1/offers/form-inputs-data/skills', { keyword, pageNumber, pageSize });
