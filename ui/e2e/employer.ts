/**
 * Helpers of the employer journeys: accounts made through the API (sign-up, the mailed
 * confirmation link read from the dev mailbox) and the web app's employer login.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { linksOf, waitForMail } from './alerts';
import { apiURL, tenant } from './env';

export const EMPLOYER_PASSWORD = 'employer pass 1';

/** A fresh address per run (the API's database outlives journeys). */
export function employerEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}@employer.example`;
}

/** Signs a company up through the API (202 whatever happens: the mail tells the rest). */
export async function signUpViaApi(request: APIRequestContext, email: string, company: string, password = EMPLOYER_PASSWORD): Promise<void> {
  const response = await request.post(`${apiURL}/api/${tenant}/v1/users/sign_up`, {
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

/** Confirms through the API with the mailed token; answers the access token. */
export async function confirmViaApi(request: APIRequestContext, email: string): Promise<string> {
  const link = new URL(await mailedEmployerLink(request, email, 'employer.confirm'), 'http://x');
  const response = await request.patch(`${apiURL}/api/${tenant}/v1/users/confirm`, { data: { token: link.searchParams.get('token') } });
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
