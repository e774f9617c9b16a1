/**
 * Helpers of the employer journeys: accounts made through the API (sign-up, the mailed
 * confirmation link read from the dev mailbox), the web app's employer login, and a session
 * opened without it.
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { linksOf, waitForMail } from './alerts';
import { apiURL, baseURL, tenant } from './env';

export const EMPLOYER_PASSWORD = 'employer pass 1';

/** A fresh address per run (the API's database outlives journeys). */
export function employerEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}@employer.example`;
}

/** Signs a company up through the API (202 whatever happens: the mail tells the rest). */
export async function signUpViaApi(request: APIRequestContext, email: string, company: string, password = EMPLOYER_PASSWORD, board = tenant): Promise<void> {
  const response = await request.post(`${apiURL}/api/${board}/v1/users/sign_up`, {
    data: {
      company: { name: company, accepted_regulations: true, subscribe_to_newsletter: false },
      user: { name: 'Anna Nowak', phone: '+48 600 700 800', email, password, password_confirmation: password },
    },
  });
  expect(response.status(), 'sign-up').toBe(202);
}

/** The path and query of the web app link in the newest mail of `tag` (`employer.confirm`, `employer.reset`, …). */
export async function mailedEmployerLink(request: APIRequestContext, email: string, tag: string): Promise<string> {
  const mail = await waitForMail(request, email, (candidate) => candidate.tag === tag, tag);
  const link = linksOf(mail).find((url) => url.pathname.startsWith('/employer/'));
  expect(link, `an /employer/ link in "${mail.subject}"`).toBeDefined();
  return link!.pathname + link!.search;
}

/**
 * Confirms through the API with the mailed token; answers the access token. `confirmationLink`
 * finds the mail's link (the dev mailbox by default; the SMTP journeys read their SMTP server's).
 */
export async function confirmViaApi(
  request: APIRequestContext,
  email: string,
  board = tenant,
  confirmationLink: (to: string) => Promise<string> = (to) => mailedEmployerLink(request, to, 'employer.confirm'),
): Promise<string> {
  const link = new URL(await confirmationLink(email), 'http://x');
  const response = await request.patch(`${apiURL}/api/${board}/v1/users/confirm`, { data: { token: link.searchParams.get('token') } });
  expect(response.status(), 'confirm').toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Logs in on the web app's employer login page and waits for the panel. */
export async function logInEmployer(page: Page, email: string, password = EMPLOYER_PASSWORD, next = '/employer/codes'): Promise<void> {
  await page.goto(`/employer/login?next=${encodeURIComponent(next)}`);
  await page.locator('#employer-login-email').fill(email);
  await page.locator('#employer-login-password').fill(password);
  await page.getByTestId('employer-login-submit').click();
  await expect(page.getByTestId('employer-panel')).toBeVisible();
}

/**
 * Logs `page`'s browser in as an employer without the login form, then opens `next` and waits for
 * the panel: the API's password grant, and the two cookies the login's server action sets with its
 * answer (features/employer/session: the token in the HttpOnly `wakat_employer`, a CSRF value in
 * the readable `wakat_employer_csrf`). For the journeys about the panel; employer-entry and
 * employer-shell log in through the form, and the accessibility journey checks its page.
 */
export async function employerSession(page: Page, email: string, password = EMPLOYER_PASSWORD, next = '/employer/codes'): Promise<void> {
  const answer = await page.request.post(`${apiURL}/api/${tenant}/v1/oauth/token`, { data: { grant_type: 'password', username: email, password } });
  expect(answer.status(), 'password grant').toBe(200);
  const { access_token: token, expires_in: lifetime } = (await answer.json()) as { access_token: string; expires_in: number };
  const { hostname } = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + lifetime;
  const cookie = { domain: hostname, path: '/', expires, secure: false, sameSite: 'Strict' as const };
  await page.context().addCookies([
    { ...cookie, name: 'wakat_employer', value: token, httpOnly: true },
    { ...cookie, name: 'wakat_employer_csrf', value: randomBytes(32).toString('hex'), httpOnly: false },
  ]);
  await page.goto(next);
  await expect(page.getByTestId('employer-panel')).toBeVisible();
}

/** On the publish step: the invoice data, then the sandbox payment; waits for the return page's success. */
export async function payInSandbox(page: Page): Promise<void> {
  await expect(page.getByTestId('publish-step')).toBeVisible();
  await page.locator('#invoice-tax-id').fill('5260250274');
  await page.locator('#invoice-street').fill('Marszałkowska');
  await page.locator('#invoice-street-number').fill('1');
  await page.locator('#invoice-postal-code').fill('00-001');
  await page.locator('#invoice-city').fill('Warszawa');
  await page.locator('#invoice-regulations').check();
  await page.getByTestId('pay').click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/employer\/payments\/return\?offer=.*paymentId=/);
  await expect(page.getByTestId('payment-success')).toBeVisible();
}

/** The number of cards titled `title` on the candidate list searched for it. */
export async function listedCards(page: Page, title: string): Promise<number> {
  await page.goto(`/all-locations?keyword=${encodeURIComponent(title)}`);
  return page.getByTestId('offer-card').filter({ hasText: title }).count();
}

/** A small valid PNG (64×64, one colour) for the logo upload. */
export function pngLogo(): Buffer {
  const width = 64;
  const height = 64;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [200, 30, 80]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A form that passes every rule of section 5 (the logo is uploaded separately). */
export function completeForm(company: string, title: string) {
  return {
    companyName: company,
    companySize: '26-50',
    companyWebsite: 'https://lifecycle.example',
    jobPositionName: title,
    jobPositionExperience: 'senior',
    jobCategory: 'javascript',
    jobSubcategory: 'react',
    languages: [{ code: 'en', level: 'B2' }],
    requiredSkills: [{ name: 'TypeScript', level: 4 }],
    optionalSkills: [],
    primaryEmploymentType: 'b2b',
    primarySalaryFrom: 15000,
    primarySalaryTo: 20000,
    salaryCurrency: 'pln',
    salaryUnit: 'month',
    jobDescription: '<p>A React team.</p>',
    locations: [{ city: 'Kraków', street: 'Rynek 1', latitude: null, longitude: null, countryCode: '' }],
    workingPlace: 'hybrid',
    workingTime: 'full_time',
    applicationType: 'url',
    applicationTypeUri: 'https://lifecycle.example/jobs',
    informationClauseText: 'Administratorem danych jest Lifecycle Soft sp. z o.o., ul. Rynek 1, Kraków.',
    contactName: 'Jan Kowalski',
    contactEmail: 'jan@lifecycle.example',
    state: 'workInProgress',
  };
}

/** An employer (confirmed) with a complete draft offer of `plan`, made through the API: its slug. */
export async function draftOfferViaApi(request: APIRequestContext, accessToken: string, company: string, title: string, plan = 'pro'): Promise<string> {
  const auth = { Authorization: `Bearer ${accessToken}` };
  const base = `${apiURL}/api/${tenant}`;
  const started = await request.post(`${base}/v1/offers/initiate`, { headers: auth, data: { pricing_plan: plan } });
  expect(started.status(), 'initiate').toBe(201);
  const { slug, token } = (await started.json()) as { slug: string; token: string };
  const logo = await request.post(`${base}/v1/offers/${slug}/logo?token=${token}`, { headers: auth, multipart: { companyLogo: { name: 'logo.png', mimeType: 'image/png', buffer: pngLogo() } } });
  expect(logo.status(), 'logo').toBeLessThan(300);
  const saved = await request.patch(`${base}/v1/offers/${slug}?token=${token}`, { headers: auth, data: completeForm(company, title) });
  expect(saved.status(), `save: ${await saved.text()}`).toBe(200);
  return slug;
}

/** A new, confirmed employer (its e-mail made from `tag`) logged in on the form of a draft offer titled `title`: the offer's slug. */
export async function openDraftOfferForm(page: Page, request: APIRequestContext, tag: string, title: string): Promise<string> {
  const email = employerEmail(tag);
  const company = `${tag} ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const slug = await draftOfferViaApi(request, await confirmViaApi(request, email), company, title);
  await logInEmployer(page, email, undefined, `/employer/offers/${slug}/form`);
  return slug;
}

/** The company id of an access token. */
export async function companyIdOf(request: APIRequestContext, accessToken: string): Promise<string> {
  const info = await request.get(`${apiURL}/api/${tenant}/v1/oauth/token/info`, { headers: { Authorization: `Bearer ${accessToken}` } });
  return ((await info.json()) as { company: { id: string } }).company.id;
}

/** Issues a prepaid code of `plan` to a company (the board's sales, through the internal API). */
export async function issueCode(request: APIRequestContext, companyId: string, plan: string, internalToken: string): Promise<string> {
  const answer = await request.post(`${apiURL}/api/${tenant}/internal/companies/${companyId}/codes`, { headers: { Authorization: `Bearer ${internalToken}` }, data: { plan_key: plan } });
  expect(answer.status(), 'issue code').toBeLessThan(300);
  return ((await answer.json()) as { code: string }).code;
}
