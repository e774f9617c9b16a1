// Accessibility of the employer pages (issue 11): axe-core (WCAG 2.1 A and AA) finds no violation
// on the public employer pages, the plans, the offer form (empty, then with its errors shown),
// in both themes.
import { expect, test } from './fixtures';
import { expectNoViolations } from './axe';
import { confirmViaApi, employerEmail, employerSession, signUpViaApi } from './employer';

for (const theme of ['light', 'dark'] as const) {
  test.describe(theme, () => {
    test.use({ cookies: theme === 'dark' ? { 'wakat-theme': 'dark' } : {} });

    test(`employer-a11y-${theme}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      for (const path of ['/employer/login', '/employer/sign-up', '/employer/confirm', '/employer/confirm?token=x&setPassword=1', '/employer/password', '/employer/password?token=x']) {
        await page.goto(path);
        await expectNoViolations(page, path);
      }
      const email = employerEmail(`a11y-${theme}`);
      await signUpViaApi(request, email, 'Access Soft');
      await confirmViaApi(request, email);
      await employerSession(page, email, undefined, '/employer/offers/new');
      await expect(page.getByTestId('plan-cards')).toBeVisible();
      await expectNoViolations(page, 'plans');
      await page.getByTestId('choose-basic').click();
      await expect(page.getByTestId('offer-form')).toBeVisible();
      await expectNoViolations(page, 'offer form');
      await page.getByTestId('offer-submit').click();
      await expect(page.locator('#offer-companyWebsite-error')).toBeVisible();
      await expectNoViolations(page, 'offer form with errors');
      await page.locator('#offer-companyName').fill('Access Soft SA');
      await page.getByTestId('offer-exit').click();
      await expect(page.getByTestId('exit-dialog')).toBeVisible();
      await expectNoViolations(page, 'exit dialog');
    });
  });
}
