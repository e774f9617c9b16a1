// The candidate's settings (issue 9): preferences feed "matched for you"; a forgotten password is
// reset from the mailed link; the e-mail changes through a link sent to the new address; the
// password changes on the profile. Needs the real API with its dev mailbox.
import { test, expect, shot, tenant } from './fixtures';
import { linkFromMail, loginStatus, PASSWORD, signedInCandidate, uniqueEmail } from './candidate';

test('account-02-preferences-feed-matched-for-you', async ({ page }) => {
  await signedInCandidate(page, uniqueEmail('prefs'));
  // Without preferences the tab says how to get matches.
  await page.goto('/');
  await page.getByTestId('tab-matchedForYou').click();
  await expect(page.getByTestId('matchedForYou-empty')).toBeVisible();
  await page.goto('/account');
  await page.locator('#pref-skills').fill('Java, SQL');
  await page.getByTestId('pref-remote').check();
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('preferences-form').getByRole('status')).toBeVisible();
  await page.goto('/');
  await page.getByTestId('tab-matchedForYou').click();
  const cards = page.getByTestId('matched-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText('%');
  await shot(page, 'account-02-matched');
});

test('account-03-reset-password-change-email-and-password', async ({ page }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('settings');
  await signedInCandidate(page, email);
  await page.goto('/');
  await page.getByTestId('account-menu').locator('summary').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('nav-login')).toBeVisible();

  // Forgotten password: the mailed link sets a new one.
  await page.goto('/account/reset');
  await page.locator('#reset-email').fill(email);
  await page.getByRole('button', { name: /link/i }).click();
  await expect(page.getByTestId('reset-sent')).toContainText(email);
  const resetLink = await linkFromMail(page.request, email, '/account/reset');
  await page.goto(resetLink);
  const newPassword = `${PASSWORD} 2`;
  await page.locator('#reset-password').fill(newPassword);
  await page.locator('#reset-repeat').fill(newPassword);
  await page.getByTestId('reset-password-form').getByRole('button').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await page.getByTestId('reset-done').getByRole('link').click();
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/account$/);
  expect(await loginStatus(page)).toBe(200);

  // Change the password on the profile (a wrong current one is refused on its field).
  await page.locator('#password-current').fill('not the password');
  await page.locator('#password-new').fill(PASSWORD);
  await page.locator('#password-repeat').fill(PASSWORD);
  await page.getByTestId('password-form').getByRole('button').click();
  await expect(page.locator('#password-current-error')).toBeVisible();
  await page.locator('#password-current').fill(newPassword);
  await page.getByTestId('password-form').getByRole('button').click();
  await expect(page.getByTestId('password-form').locator('.form-message--success')).toBeVisible();

  // Change the e-mail: a link goes to the new address; opening it moves the login.
  const newEmail = uniqueEmail('moved');
  await page.locator('#email-new').fill(newEmail);
  await page.locator('#email-password').fill(PASSWORD);
  await page.getByTestId('email-form').getByRole('button').click();
  await expect(page.getByTestId('email-form').locator('.form-message--success')).toContainText(newEmail);
  const emailLink = await linkFromMail(page.request, newEmail, '/account/email');
  await page.goto(emailLink);
  await page.getByTestId('confirm-email').click();
  await expect(page.getByTestId('email-done')).toContainText(newEmail);
  await shot(page, 'account-03-email-changed');
  const me = await page.request.get(`/api/${tenant}/v1/candidate/me`);
  if (me.status() === 200) expect(((await me.json()) as { email: string }).email).toBe(newEmail);
});

// Issue 23, item 13: a city typed in the preferences was dropped on save unless its suggestion was
// clicked. Now Enter takes the suggestion, a save keeps a typed city the gazetteer knows, and a
// name it cannot place stops the save with a message instead of vanishing.
test('account-05-a-typed-city-is-kept-or-questioned-never-dropped', async ({ page }) => {
  await signedInCandidate(page, uniqueEmail('prefs-city'));
  await page.goto('/account');
  const cityInput = page.getByPlaceholder('Zacznij pisać nazwę miasta');
  // Typed and saved without touching the suggestions.
  await cityInput.fill('Gdańsk');
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('preferences-form').getByRole('status')).toBeVisible();
  await expect(page.getByTestId('preference-cities')).toContainText('Gdańsk');
  await page.reload();
  await expect(page.getByTestId('preference-cities')).toContainText('Gdańsk');
  // Enter takes the suggestion and does not send the form.
  await cityInput.fill('Poznań');
  await expect(page.locator('.city-suggestions button').first()).toContainText('Poznań');
  await cityInput.press('Enter');
  await expect(page.getByTestId('preference-cities')).toContainText('Poznań');
  await expect(cityInput).toHaveValue('');
  // A name no place has: the save stops and says why; nothing is lost.
  await cityInput.fill('Qwxzville');
  await page.getByTestId('preferences-save').click();
  await expect(page.getByTestId('preference-city-error')).toBeVisible();
  await expect(cityInput).toHaveValue('Qwxzville');
  await expect(cityInput).toBeFocused();
  await shot(page, 'account-05-city-not-found');
});
