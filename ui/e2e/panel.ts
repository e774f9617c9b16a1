/**
 * Helpers of the employer panel journeys (panel-*.spec.ts): a confirmed employer with a published
 * offer, made through the API (sign-up, the mailed confirmation, the form, a prepaid code from the
 * internal API).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { internalToken } from './alerts';
import { confirmViaApi, signUpViaApi } from './employer';
import { apiURL, tenant } from './env';

/** A PNG by its signature, padded to 300 bytes (logos are checked by content, 100 B–5 MB). */
function logoPng(): Buffer {
  const bytes = Buffer.alloc(300);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]).copy(bytes);
  return bytes;
}

/**
 * The board and category an offer is published on (the `it` board's JavaScript / React by
 * default), and its required skills (Rust by default; a journey may add one of its own, so that
 * only its own candidates match the offer fully).
 */
export interface OfferPlace {
  board: string;
  category: string;
  subcategory: string;
  requiredSkills?: string[];
}

const IT_REACT: OfferPlace = { board: tenant, category: 'javascript', subcategory: 'react' };

/** A form passing every rule of the offer form (senior, Rust required, Go nice to have, B2B 10–20k PLN a month, Kraków, hybrid). */
function completeForm(title: string, company: string, place: OfferPlace = IT_REACT) {
  return {
    companyName: company, companySize: '11-25', companyWebsite: 'https://acme.example',
    jobPositionName: title, jobPositionExperience: 'senior', jobCategory: place.category, jobSubcategory: place.subcategory,
    languages: [{ code: 'en', level: 'B2' }], requiredSkills: (place.requiredSkills ?? ['Rust']).map((name) => ({ name, level: 4 })), optionalSkills: [{ name: 'Go', level: 2 }],
    primaryEmploymentType: 'b2b', primarySalaryFrom: 10000, primarySalaryTo: 20000, salaryCurrency: 'pln', salaryUnit: 'month',
    jobDescription: '<p>We build things.</p>', locations: [{ city: 'Kraków', street: 'Rynek 1' }],
    workingPlace: 'hybrid', workingTime: 'full_time', applicationType: 'email', applicationTypeUri: 'jobs@acme.example',
    informationClauseText: `The controller of your data is ${company} sp. z o.o., Kraków, Rynek 1.`,
    contactName: 'Anna Nowak', contactEmail: 'anna@acme.example', contactPhone: '+48 600 700 800', state: 'workInProgress',
  };
}

/** Publishes one more offer of the company of `token` with a code: its slug. */
export async function publishOfferFor(request: APIRequestContext, token: string, company: string, title: string, place: OfferPlace = IT_REACT): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const api = `${apiURL}/api/${place.board}`;
  const initiated = await request.post(`${api}/v1/offers/initiate`, { headers: auth, data: { pricing_plan: 'basic' } });
  expect(initiated.status(), 'initiate').toBe(201);
  const { slug, token: editToken } = (await initiated.json()) as { slug: string; token: string };
  const logo = await request.post(`${api}/v1/offers/${slug}/logo?token=${editToken}`, {
    headers: auth,
    multipart: { companyLogo: { name: 'logo.png', mimeType: 'image/png', buffer: logoPng() } },
  });
  expect(logo.status(), 'logo').toBe(200);
  const saved = await request.patch(`${api}/v1/offers/${slug}?token=${editToken}`, { headers: auth, data: completeForm(title, company, place) });
  expect(saved.status(), `form: ${await saved.text()}`).toBe(200);
  const loaded = (await (await request.get(`${api}/v1/offers/${slug}?token=${editToken}`, { headers: auth })).json()) as { companyId: string };
  const code = await request.post(`${api}/internal/companies/${loaded.companyId}/codes`, { headers: { Authorization: `Bearer ${internalToken()}` }, data: { plan_key: 'basic' } });
  expect(code.status(), 'code').toBe(201);
  const published = await request.post(`${api}/v1/offers/${slug}/publish-with-code?code=${((await code.json()) as { code: string }).code}`, { headers: auth, data: { token: editToken } });
  expect(published.status(), `publish: ${await published.text()}`).toBe(200);
  // Searchable within a second; the offer page reads it by slug.
  await expect.poll(async () => (await request.get(`${api}/v1/offers/${slug}`)).status(), { timeout: 10_000 }).toBe(200);
  return slug;
}

/** Signs a company up, confirms it and publishes one offer with a code: the access token and the offer's slug. */
export async function employerWithOffer(request: APIRequestContext, email: string, company: string, title: string, place: OfferPlace = IT_REACT): Promise<{ token: string; slug: string }> {
  await signUpViaApi(request, email, company, undefined, place.board);
  const token = await confirmViaApi(request, email, place.board);
  return { token, slug: await publishOfferFor(request, token, company, title, place) };
}
