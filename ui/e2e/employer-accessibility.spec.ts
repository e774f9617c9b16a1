// Accessibility of the employer pages (issue 11): axe-core (WCAG 2.1 A and AA) finds no violation
// on the public employer pages, the plans, the offer form (empty, then with its errors shown),
// in both themes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { confirmViaApi, employerEmail, logInEmployer, signUpViaApi } from './employer';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const lines = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`),
  );
  expect(lines, `axe violations on ${what}`).toEqual([]);
}

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
      await logInEmployer(page, email, undefined, '/employer/offers/new');
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
