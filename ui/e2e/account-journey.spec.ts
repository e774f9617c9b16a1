// The candidate's journey (issue 9): register, confirm from the mail, log in, favourite an offer
// from the list, upload a CV, apply in one click, find it in the history, export the data and
// delete the account. Needs the real API with its dev mailbox (development mode, no SMTP).
import { readFile } from 'node:fs/promises';
import { test, expect, shot, tenant } from './fixtures';
import { formOffers, loginStatus, PASSWORD, pdfFile, registerAndConfirm, uniqueEmail } from './candidate';

test('account-01-register-favourite-cv-one-click-history-export-delete', async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');
  const [offer] = await formOffers(request, 1);

  // Register, confirm (which logs in), log out, log in again through the form.
  await registerAndConfirm(page, email);
  expect(await loginStatus(page)).toBe(200);
  await page.goto('/');
  await page.getByTestId('account-menu').locator('summary').click();
  await shot(page, 'account-01-menu');
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('nav-login')).toBeVisible();
  expect(await loginStatus(page)).toBe(401);
  await page.getByTestId('nav-login').click();
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill('wrong password!');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();

  // Favourite the first offer of the list: the heart turns on and the header counts it.
  await page.goto('/all-locations');
  const heart = page.getByTestId('card-favourite').first();
  await expect(heart).toHaveAttribute('data-favourite', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('favourites-count')).toHaveText('1');
  await page.getByTestId('header-favourites').click();
  await expect(page).toHaveURL(/\/favorite-offers$/);
  await expect(page.getByTestId('favourite-item')).toHaveCount(1);
  await shot(page, 'account-01-favourites');

  // Upload a CV on the profile page.
  await page.goto('/account');
  await page.getByTestId('document-input').setInputFiles(pdfFile('ada-lovelace-cv.pdf'));
  await expect(page.getByTestId('document')).toHaveCount(1);
  await expect(page.getByTestId('document')).toContainText('ada-lovelace-cv.pdf');
  await shot(page, 'account-01-profile');

  // One-click apply: prefilled, the stored CV goes.
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  await page.getByTestId('apply').click();
  await expect(page.locator('#apply-email')).toHaveValue(email);
  await expect(page.locator('#apply-name')).toHaveValue('Ada Lovelace');
  await expect(page.getByTestId('apply-one-click')).toContainText('ada-lovelace-cv.pdf');
  await shot(page, 'account-01-one-click');
  await page.getByTestId('apply-submit').click();
  await expect(page.getByTestId('apply-success')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('applied-at')).toBeVisible();

  // The history lists it with the offer's state.
  await page.goto('/application-history');
  const item = page.locator(`[data-testid=history-item][data-slug="${offer.slug}"]`);
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-kind', 'one_click');
  await shot(page, 'account-01-history');

  // Export: a JSON file with the account's data.
  await page.goto('/account');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-data').click();
  const download = await downloading;
  const exported = await readFile((await download.path()) as string, 'utf8');
  expect(exported).toContain(email);
  expect(() => JSON.parse(exported)).not.toThrow();

  // Delete the account (password confirmed): logged out, and the login no longer works.
  await page.getByTestId('delete-account').click();
  await page.locator('#delete-password').fill('not my password');
  await page.getByTestId('delete-account-confirm').click();
  await expect(page.getByTestId('delete-account-dialog').locator('.form-field__error')).toBeVisible();
  await page.locator('#delete-password').fill(PASSWORD);
  await page.getByTestId('delete-account-confirm').click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('nav-login')).toBeVisible();
  expect(await loginStatus(page)).toBe(401);
  const again = await page.request.post(`/api/${tenant}/v1/candidate/login`, { data: { email, password: PASSWORD } });
  expect(again.status()).toBe(401);
});
