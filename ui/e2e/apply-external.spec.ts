// External apply (issue 9, spec §4 "External apply"): the redirect is recorded and the company's page
// opens in a new tab; a guest then sees similar offers in the side bar, a logged-in candidate is asked
// whether they applied and a "yes" puts the application into the history.
import { test, expect, shot } from './fixtures';
import { externalOffers, signedInCandidate, uniqueEmail } from './candidate';

test('apply-04-external-guest-side-bar', async ({ page, context, request }) => {
  const [offer] = await externalOffers(request, 1);
  // The company's site is not reachable from the test machine: answer it here.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Company</title>' }));
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  const tracked = page.waitForResponse((response) => response.url().includes('/track-redirects') && response.request().method() === 'POST');
  const opened = context.waitForEvent('page');
  await page.getByTestId('apply').click();
  expect((await tracked).status()).toBe(200);
  const tab = await opened;
  await expect.poll(() => tab.url()).not.toBe('about:blank');
  await tab.close();
  const sideBar = page.getByTestId('apply-side-bar');
  await expect(sideBar).toBeVisible();
  await expect(sideBar.getByTestId('register-banner')).toBeVisible();
  await shot(page, 'apply-04-side-bar');
});

test('apply-05-external-candidate-confirms', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const [, offer] = await externalOffers(request, 2);
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Company</title>' }));
  await signedInCandidate(page, uniqueEmail('external'));
  await page.goto(`/job-offer/${encodeURIComponent(offer.slug)}`);
  const opened = context.waitForEvent('page');
  await page.getByTestId('apply').click();
  await (await opened).close();
  const dialog = page.getByTestId('apply-confirm-dialog');
  await expect(dialog).toBeVisible();
  await shot(page, 'apply-05-confirm');
  await page.getByTestId('apply-confirm-yes').click();
  await expect(page.getByTestId('snackbar')).toBeVisible();
  await expect(page.getByTestId('applied-at')).toBeVisible();
  await page.goto('/application-history');
  await expect(page.locator(`[data-testid=history-item][data-slug="${offer.slug}"]`)).toHaveAttribute('data-kind', 'external');
});
