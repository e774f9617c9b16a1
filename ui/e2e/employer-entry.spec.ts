// The way into the employer side (issue 23, items 5 and 6): a "Dla pracodawców" link in the header
// and the footer leads to a public page with the plans and the sign-up; once an employer is logged
// in, the header shows their panel instead of the candidates' login links, on every page.
import { test, expect, MOBILE, shot } from './fixtures';
import { confirmViaApi, employerEmail, logInEmployer, signUpViaApi } from './employer';

test('employer-entry-01-the-public-site-leads-employers-in-and-the-header-knows-them', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByTestId('footer-for-employers')).toBeVisible();
  await page.getByTestId('nav-for-employers').click();
  await expect(page.getByTestId('for-employers')).toBeVisible();
  await expect(page.getByTestId('plan-cards')).toBeVisible();
  await shot(page, 'employer-entry-landing');
  await page.getByTestId('for-employers-add').click();
  await expect(page).toHaveURL(/\/employer\/sign-up$/);

  const email = employerEmail('header');
  await signUpViaApi(request, email, 'Nagłówek Sp. z o.o.');
  await confirmViaApi(request, email);
  await logInEmployer(page, email);
  const panelLink = page.getByTestId('nav-employer');
  await expect(panelLink).toContainText('Nagłówek Sp. z o.o.');
  await expect(page.getByTestId('nav-login')).toHaveCount(0);
  await expect(page.getByTestId('nav-register')).toHaveCount(0);
  await shot(page, 'employer-entry-panel-header');
  // The public pages know the employer too.
  await page.goto('/');
  await expect(panelLink).toBeVisible();
  await expect(page.getByTestId('nav-for-employers')).toHaveCount(0);
  await page.goto('/for-employers');
  await expect(page.getByTestId('for-employers-add')).toHaveAttribute('href', '/employer/offers/new');
});

test.describe('mobile', () => {
  test.use(MOBILE);
  test('employer-entry-02-the-landing-on-a-phone', async ({ page }) => {
    await page.goto('/for-employers');
    await expect(page.getByTestId('plan-cards')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling').toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot(page, 'employer-entry-landing-phone');
  });
});
