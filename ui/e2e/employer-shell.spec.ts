/**
 * The employer panel's frame: the login guard, the session kept in HttpOnly cookies (never
 * readable by page code), the navigation, the forwarder's CSRF check of employer writes, logout.
 */
import { expect, test } from './fixtures';
import { confirmViaApi, employerEmail, logInEmployer, signUpViaApi } from './employer';

test('an employer logs in to the panel, writes only with the CSRF token, and logs out', async ({ page, request, context, config }) => {
  const email = employerEmail('shell');
  await signUpViaApi(request, email, 'Shell Software');
  await confirmViaApi(request, email);

  // The guard: a panel page without a session goes to the login, and back after it.
  await page.goto('/employer/codes');
  await expect(page).toHaveURL(/\/employer\/login\?next=%2Femployer%2Fcodes$/);
  await page.locator('#employer-login-email').fill(email);
  await page.locator('#employer-login-password').fill('wrong password 1');
  await page.getByTestId('employer-login-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText('Nieprawidłowy e-mail lub hasło.');
  await logInEmployer(page, email);
  await expect(page).toHaveURL(/\/employer\/codes$/);
  await expect(page.getByTestId('employer-who')).toContainText('Shell Software');
  await expect(page.getByTestId('employer-who')).toContainText(email);
  await expect(page.getByTestId('employer-codes')).toBeVisible();
  const nav = page.getByTestId('employer-nav');
  // The conversations with candidates are listed on boards with the chat (issue 25).
  await expect(nav.getByRole('link')).toHaveText(['Ogłoszenia', 'Dodaj ogłoszenie', 'Aplikacje', ...(config.featureFlags.candidateChat ? ['Rozmowy'] : []), 'Profil', 'Firma', 'Dane do faktury', 'Klauzule', 'Użytkownicy', 'Historia marki', 'Kody']);
  await expect(nav.getByRole('link', { name: 'Kody' })).toHaveAttribute('aria-current', 'page');

  // The token is HttpOnly and strict; page code sees only the CSRF half.
  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name === 'wakat_employer');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  const pageCookies = await page.evaluate(() => document.cookie);
  expect(pageCookies).not.toContain('wakat_employer=');
  expect(pageCookies).toContain('wakat_employer_csrf=');

  // Through the forwarder: reads carry the bearer; a write without the CSRF token is refused.
  const info = await page.evaluate(async (board) => (await fetch(`/api/${board}/v1/oauth/token/info`)).json(), 'it');
  expect(info).toMatchObject({ email, company: { name: 'Shell Software' } });
  const forged = await page.evaluate(async () => {
    const response = await fetch('/api/it/v1/offers/initiate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pricing_plan: 'pro' }) });
    return { status: response.status, body: await response.json() };
  });
  expect(forged).toEqual({ status: 403, body: { code: 'csrf_failed', message: 'the CSRF token is missing or wrong', field: null } });
  const genuine = await page.evaluate(async () => {
    const csrf = decodeURIComponent(/(?:^|; )wakat_employer_csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/it/v1/offers/initiate', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ pricing_plan: 'pro' }) });
    return response.status;
  });
  expect(genuine).toBe(201);

  // Logout ends the session at the API too: the old cookie opens nothing.
  const token = session!.value;
  await page.getByTestId('employer-logout').click();
  await expect(page).toHaveURL(/\/employer\/login$/);
  expect((await context.cookies()).some((cookie) => cookie.name === 'wakat_employer')).toBe(false);
  const replay = await request.get(`/api/it/v1/oauth/token/info`, { headers: { cookie: `wakat_employer=${token}` } });
  expect(replay.status()).toBe(401);
  await page.goto('/employer/codes');
  await expect(page).toHaveURL(/\/employer\/login\?next=/);
});
