/**
 * The offer lifecycle in the employer panel (issue 11): publish with a prepaid code (a wrong code
 * refused, the right one verified then spent), extend with another code (the "extend" variant of
 * the form), finish, refresh and duplicate (each variant with its page title), delete a draft.
 */
import { expect, test } from './fixtures';
import { internalToken } from './alerts';
import { apiURL, tenant } from './env';
import { companyIdOf, confirmViaApi, draftOfferViaApi, employerEmail, employerSession, issueCode, signUpViaApi } from './employer';

test('employer-lifecycle', async ({ page, request }) => {
  test.setTimeout(150_000);
  const email = employerEmail('lifecycle');
  const company = `Lifecycle Soft ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const access = await confirmViaApi(request, email);
  const slug = await draftOfferViaApi(request, access, company, `Frontend Developer ${Date.now().toString(36)}`);
  const companyId = await companyIdOf(request, access);
  const [publishCode, extendCode] = [await issueCode(request, companyId, 'pro', internalToken()), await issueCode(request, companyId, 'pro', internalToken())];

  // The codes page lists both, unused.
  await employerSession(page, email, undefined, '/employer/codes');
  await expect(page.getByTestId('code-row')).toHaveCount(2);

  // Publish with a code: a wrong one is refused, the right one is checked, then spent.
  await page.goto(`/employer/offers/${slug}`);
  await expect(page.getByTestId('offer-state')).toHaveText('Szkic');
  await page.getByTestId('manage-continue').click();
  await expect(page.getByTestId('offer-form-title')).toHaveText('Edycja ogłoszenia');
  await page.getByTestId('offer-submit').click();
  await page.getByTestId('summary-publish').click();
  await page.locator('#publish-code').fill('AAAA-BBBB-CCCC');
  await page.getByTestId('verify-code').click();
  await expect(page.getByTestId('code-message')).toHaveText('Nieprawidłowy kod.');
  await page.locator('#publish-code').fill(publishCode);
  await page.getByTestId('verify-code').click();
  await expect(page.getByTestId('code-message')).toHaveText('Kod jest ważny.');
  await page.getByTestId('use-code').click();
  await expect(page.getByTestId('offer-state')).toHaveText('Opublikowane');
  const before = (await (await request.get(`${apiURL}/api/${tenant}/v2/employer-panel/offers/end/${slug}`, { headers: { Authorization: `Bearer ${access}` } })).json()) as { expiresAt: number };

  // Extend with the second code: the form's "extend" variant, its summary, then the code.
  await page.getByTestId('manage-extend').click();
  await expect(page.getByTestId('offer-form-title')).toHaveText('Przedłużanie ogłoszenia');
  await page.getByTestId('offer-submit').click();
  await expect(page.getByTestId('summary-publish')).toHaveText('Dalej: przedłużenie');
  await page.getByTestId('summary-publish').click();
  await page.locator('#publish-code').fill(extendCode);
  await page.getByTestId('verify-code').click();
  await page.getByTestId('use-code').click();
  await expect(page.getByTestId('offer-state')).toHaveText('Opublikowane');
  const after = (await (await request.get(`${apiURL}/api/${tenant}/v2/employer-panel/offers/end/${slug}`, { headers: { Authorization: `Bearer ${access}` } })).json()) as { expiresAt: number };
  expect(after.expiresAt - before.expiresAt).toBe(30 * 86_400);

  // Finish, then refresh the ended offer: a new draft in the "refresh" variant.
  await page.getByTestId('manage-finish').click();
  await page.getByTestId('manage-confirm-yes').click();
  await expect(page.getByTestId('offer-end')).toBeVisible();
  await page.goto(`/employer/offers/${slug}`);
  await expect(page.getByTestId('offer-state')).toHaveText('Zakończone');
  await page.getByTestId('manage-refresh').click();
  await expect(page.getByTestId('offer-form-title')).toHaveText('Odświeżanie ogłoszenia');
  await expect(page).not.toHaveURL(new RegExp(slug));

  // A panel link with unsaved changes asks too: "save" keeps the draft and goes where the link pointed.
  const refreshForm = page.url();
  await page.locator('#offer-jobPositionName').fill('Frontend Developer refreshed');
  await page.locator('[data-nav="codes"]').click();
  await expect(page.getByTestId('exit-dialog')).toBeVisible();
  await expect(page).toHaveURL(refreshForm);
  await page.getByTestId('exit-save').click();
  await expect(page).toHaveURL(/\/employer\/codes$/);
  await page.goto(refreshForm);
  await expect(page.locator('#offer-jobPositionName')).toHaveValue('Frontend Developer refreshed');

  // Duplicate: another draft in the "duplicate" variant; the exit leads to its page, where a draft can be deleted.
  await page.goto(`/employer/offers/${slug}`);
  await page.getByTestId('manage-duplicate').click();
  await expect(page.getByTestId('offer-form-title')).toHaveText('Duplikowanie ogłoszenia');
  const copy = /\/employer\/offers\/([^/]+)\/form/.exec(page.url())![1];
  expect(copy).not.toBe(slug);
  await page.locator('#offer-jobPositionName').fill('Frontend Developer copy');
  await page.getByTestId('offer-exit').click();
  await expect(page.getByTestId('exit-dialog')).toBeVisible();
  await page.getByTestId('exit-discard').click();
  await expect(page.getByTestId('offer-state')).toHaveText('Szkic');
  // Without changes, a panel link just goes.
  await page.goto(`/employer/offers/${copy}/form`);
  await expect(page.getByTestId('offer-form-title')).toBeVisible();
  await page.locator('[data-nav="codes"]').click();
  await expect(page).toHaveURL(/\/employer\/codes$/);
  await page.goto(`/employer/offers/${copy}`);
  await page.getByTestId('manage-delete').click();
  await page.getByTestId('manage-confirm-yes').click();
  await expect.poll(async () => (await request.get(`${apiURL}/api/${tenant}/v2/employer-panel/offers/end/${copy}`, { headers: { Authorization: `Bearer ${access}` } })).status()).toBe(404);
});
