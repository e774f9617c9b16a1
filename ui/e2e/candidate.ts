/**
 * Helpers of the candidate journeys (apply-*.spec.ts, account-*.spec.ts): offers to apply to, the
 * dev mailbox of the API (`GET {WAKAT_API_URL}/api/dev/mailbox?to=`; mails leave on a background
 * thread, so it is polled), sample files and a registered, confirmed candidate.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiURL, baseURL, tenant } from './env';

export interface ApplyOffer {
  slug: string;
  guid: string;
  title: string;
  companyName: string;
  applyUrl: string | null;
}

/** Active offers of the board with the in-product form (no external apply link), list order. */
export async function formOffers(request: APIRequestContext, count = 5): Promise<ApplyOffer[]> {
  const response = await request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?perPage=100`);
  expect(response.status(), 'offers list').toBe(200);
  const offers = ((await response.json()) as { data: ApplyOffer[] }).data.filter((offer) => !offer.applyUrl);
  expect(offers.length, 'offers with the apply form').toBeGreaterThanOrEqual(count);
  return offers.slice(0, count);
}

/** Active offers of the board with an external apply link, list order. */
export async function externalOffers(request: APIRequestContext, count = 2): Promise<ApplyOffer[]> {
  const response = await request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?perPage=100`);
  expect(response.status(), 'offers list').toBe(200);
  const offers = ((await response.json()) as { data: ApplyOffer[] }).data.filter((offer) => offer.applyUrl);
  expect(offers.length, 'offers with an external apply link').toBeGreaterThanOrEqual(count);
  return offers.slice(0, count);
}

/** A unique address for one journey (the board refuses a second account with the same e-mail). */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

interface Mail {
  id: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string | null;
  tag: string | null;
}

/** Waits for a mail to `to` whose text has a link to `pathPrefix`, and returns that link's path and query. */
export async function linkFromMail(request: APIRequestContext, to: string, pathPrefix: string): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiURL}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=20`);
        if (response.status() !== 200) return `mailbox answered ${response.status()}`;
        const mails = ((await response.json()) as { data: Mail[] }).data;
        for (const mail of mails) {
          for (const match of `${mail.text}\n${mail.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
            const url = new URL(match[0].replace(/&amp;/g, '&'));
            if (url.pathname.startsWith(pathPrefix)) {
              found = url.pathname + url.search;
              return 'found';
            }
          }
        }
        return `no mail to ${to} with ${pathPrefix} yet`;
      },
      { message: `a mail to ${to} with a ${pathPrefix} link`, timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('found');
  return found as unknown as string;
}

/** A small valid PDF (the server checks the content, not the name). */
export function pdfFile(name = 'cv.pdf'): { name: string; mimeType: string; buffer: Buffer } {
  const text = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(text, 'latin1') };
}

/** A file called .pdf that is not one (only the server can tell). */
export function fakePdfFile(): { name: string; mimeType: string; buffer: Buffer } {
  return { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is plain text pretending to be a PDF\n'.repeat(20)) };
}

export const PASSWORD = 'correct horse battery staple';

/**
 * Registers `email` through the form and confirms it from the mailed link. `confirmationLink`
 * finds that link (the dev mailbox by default; the SMTP journeys read their SMTP server's mails).
 */
export async function registerAndConfirm(
  page: Page,
  email: string,
  names = { firstName: 'Ada', lastName: 'Lovelace' },
  confirmationLink: (to: string) => Promise<string> = (to) => linkFromMail(page.request, to, '/account/confirm'),
): Promise<void> {
  await page.goto('/account/register');
  await page.locator('#register-email').fill(email);
  await page.locator('#register-password').fill(PASSWORD);
  await page.locator('#register-first-name').fill(names.firstName);
  await page.locator('#register-last-name').fill(names.lastName);
  // The terms must be accepted: without the tick the form refuses (issue 23, item 10).
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-terms-error')).toBeVisible();
  await page.locator('#register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText(email);
  const link = await confirmationLink(email);
  // The mail links to the board's public address; the journey opens the same path on the app under test.
  await page.goto(link);
  await page.getByTestId('confirm-account').click();
  await expect(page.getByTestId('confirm-done')).toBeVisible();
}

/**
 * A confirmed candidate, logged in in `page`'s browser, made through the API rather than the forms
 * (about 3 s of a journey's CPU less): for the journeys about what a candidate does once signed in.
 * The forms are the subject of account-01 and the SMTP journey, which use `registerAndConfirm`.
 * Registered as the form registers (Polish, the terms accepted), confirmed with the mailed token
 * through the app's `/api/*` forwarder, whose answer sets the session cookies in this browser (its
 * request context shares the page's cookies), as the confirmation page's click does.
 */
export async function signedInCandidate(page: Page, email: string, names = { firstName: 'Ada', lastName: 'Lovelace' }): Promise<void> {
  const registered = await page.request.post(`${baseURL}/api/${tenant}/v1/candidate/register`, {
    data: { email, password: PASSWORD, ...names, lang: 'pl', acceptedTerms: true },
  });
  expect(registered.status(), `register: ${await registered.text()}`).toBe(202);
  const token = new URL(await linkFromMail(page.request, email, '/account/confirm'), baseURL).searchParams.get('token');
  const confirmed = await page.request.post(`${baseURL}/api/${tenant}/v1/candidate/confirm`, { data: { token } });
  expect(confirmed.status(), `confirm: ${await confirmed.text()}`).toBe(200);
  expect(await loginStatus(page), 'logged in').toBe(200);
}

/** Whether the browser's session is logged in, as the API sees it (through the app). */
export async function loginStatus(page: Page): Promise<number> {
  return (await page.request.get(`${baseURL}/api/${tenant}/v1/candidate/me`)).status();
}
