// Accessibility of the alerts' screens (issue 10): axe-core (WCAG 2.1 A and AA) finds no violation
// on the list's switch bar, the register-alert dialog with its errors, the delete confirmation,
// the saved searches page and the entry-point dialogs, in both themes.
import { test, expect, shot } from './fixtures';
import { expectNoViolations } from './axe';

for (const theme of ['light', 'dark'] as const) {
  test.describe(theme, () => {
    test.use({ cookies: theme === 'dark' ? { 'wakat-theme': 'dark' } : {} });

    test(`alerts-a11y-${theme}`, async ({ page }) => {
      await page.goto('/krakow?keyword=java');
      await page.getByTestId('job-alert-switch').click();
      await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('data-saved', 'true');
      await expect(page.getByTestId('alert-sub-message')).toBeVisible();
      await expectNoViolations(page, 'list with the saved switch and the note');
      await page.getByTestId('open-add-alert').click();
      await page.getByTestId('add-alert-submit').click();
      await expect(page.getByTestId('alert-email-error')).toBeVisible();
      await expectNoViolations(page, 'register-alert dialog with errors');
      await shot(page, `alerts-a11y-dialog-${theme}`);
      await page.goto('/krakow?keyword=java');
      await page.getByTestId('job-alert-switch').click();
      await expect(page.getByTestId('alert-delete-confirm')).toBeVisible();
      await expectNoViolations(page, 'delete confirmation');
      await page.getByTestId('alert-delete-confirm-cancel').click();
      await page.goto('/saved-searches');
      await expect(page.getByTestId('saved-tile')).toHaveCount(1);
      await expectNoViolations(page, 'saved searches page');
      await shot(page, `alerts-a11y-page-${theme}`);
      await page.goto('/?modal=account-verified');
      await expect(page.getByTestId('account-verified')).toBeVisible();
      await expectNoViolations(page, 'account-verified dialog');
    });
  });
}
