/**
 * Applying: the form (`POST /v1/offers/{slug}/applications`, multipart) and the external apply's
 * redirect record (`POST /v2/user-panel/offers/{slug}/track-redirects`), plus the logged-in
 * candidate's answer to "did you apply?" (`/v1/candidate/redirects/{id}`). The captcha token is
 * empty while the board has no captcha site key.
 */
import { apiWrite } from '@/lib/api-write';

const offerPath = (slug: string) => encodeURIComponent(slug);

/** 201 `{id}`; 400 with the spec's keys (and `field`), 404 `offer_not_found`, 409 `offer_inactive`, 429. */
export const submitApplication = (slug: string, form: FormData, captchaToken = '') =>
  apiWrite<{ id: string }>('POST', `/v1/offers/${offerPath(slug)}/applications`, form, { headers: { 'Recaptcha-Token': captchaToken } }) as Promise<{ id: string }>;

export interface TrackedRedirect {
  apply_url: string;
  redirect_id: string;
}

/** Records the redirect of an external apply; the answer holds the address to open. */
export const trackRedirect = (slug: string, candidateId: string | null, captchaToken = '') =>
  apiWrite<TrackedRedirect>('POST', `/v2/user-panel/offers/${offerPath(slug)}/track-redirects`, candidateId ? { candidateId } : {}, {
    headers: { 'Recaptcha-Token': captchaToken, Version: '2' },
  }) as Promise<TrackedRedirect>;

/** "Yes, I applied": the external application goes into the history. */
export const confirmRedirect = (redirectId: string) => apiWrite('POST', `/v1/candidate/redirects/${encodeURIComponent(redirectId)}/confirm`);

/** "No": the recorded redirect is removed. */
export const denyRedirect = (redirectId: string) => apiWrite('DELETE', `/v1/candidate/redirects/${encodeURIComponent(redirectId)}`);
