// Accessibility of the candidate pages and dialogs (issue 9): axe-core (WCAG 2.1 A and AA) finds no
// violation on the account pages, the apply dialog and its success view, the guest favourites
// prompt, and a candidate's profile, favourites and history, in both themes.
import { test, expect, shot } from './fixtures';
import { expectNoViolations } from './axe';
import { formOffers, signedInCandidate, uniqueEmail } from './candidate';

for (const theme of ['light', 'dark'] as const) {
  test.describe(theme, () => {
    test.use({ cookies: theme === 'dark' ? { 'wakat-theme': 'dark' } : {} });

    test(`account-a11y-guest-pages-${theme}`, async ({ page }) => {
      for (const path of ['/account/login', '/account/register', '/account/reset', '/account/confirm?token=x', '/account/email?token=x', '/account/reset?token=x']) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
      // Errors shown on the fields.
      await page.goto('/account/login');
      await page.getByTestId('login-submit').click();
      await expect(page.locator('#login-email-error')).toBeVisible();
      await expectNoViolations(page, 'login errors');
      // The guest favourites prompt.
      await page.goto('/all-locations');
      await page.getByTestId('card-favourite').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoViolations(page, 'favourites prompt');
    });

    test(`account-a11y-apply-dialog-${theme}`, async ({ page, request }) => {
      const [offer] = await formOffers(request, 1);
      await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
      await page.getByTestId('apply').click();
      await expect(page.getByTestId('apply-form')).toBeVisible();
      await page.getByTestId('apply-submit').click();
      await expect(page.getByTestId('apply-name-error')).toBeVisible();
      await expectNoViolations(page, 'apply form with errors');
      await page.locator('#apply-name').fill('Grace Hopper');
      await page.locator('#apply-email').fill(uniqueEmail('a11y'));
      await page.locator('#apply-message').fill('Hello!');
      await page.getByTestId('apply-submit').click();
      await expect(page.getByTestId('apply-success')).toBeVisible();
      await expectNoViolations(page, 'apply success');
    });
  });
}

test('account-a11y-candidate-pages', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInCandidate(page, uniqueEmail('a11y'));
  for (const path of ['/account', '/favorite-offers', '/application-history', '/']) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  await page.getByTestId('account-menu').locator('summary').click();
  await expectNoViolations(page, 'account menu');
  await shot(page, 'account-a11y-menu');
});
