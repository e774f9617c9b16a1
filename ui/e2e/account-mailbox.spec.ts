// The development mailbox page (issue 9): the server reads the API's outbox (never forwarded to
// browsers) and shows a mail's HTML in a sandboxed frame with no permissions. Only visitors on
// this machine see it, with a note saying so (issue 22).
import { test, expect, shot, tenant } from './fixtures';
import { linkFromMail, PASSWORD, uniqueEmail } from './candidate';

test('account-04-dev-mailbox-page', async ({ page }) => {
  const email = uniqueEmail('mailbox');
  const registered = await page.request.post(`/api/${tenant}/v1/candidate/register`, { data: { email, password: PASSWORD, firstName: 'Ada', lang: 'pl', acceptedTerms: true } });
  expect(registered.status()).toBe(202);
  await linkFromMail(page.request, email, '/account/confirm');
  // Browsers cannot reach the mailbox through the app's /api.
  expect((await page.request.get('/api/dev/mailbox')).status()).toBe(404);
  // Nor through the page itself, on a public host name (the mailbox is for this machine only).
  expect((await page.request.get('/dev/mailbox', { headers: { 'x-forwarded-host': 'wakat.example', host: 'wakat.example' } })).status()).toBe(404);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('mailbox-note')).toContainText('WAKAT_MAIL__DEV_MAILBOX=true');
  const rows = page.getByTestId('mailbox-row');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').click();
  const frame = page.getByTestId('mailbox-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  expect(await frame.getAttribute('srcdoc')).toContain('/account/confirm?token=');
  await expect(page.frameLocator('[data-testid=mailbox-frame]').locator('body')).toContainText('Ada');
  // The confirmation link opens here, on the app under test.
  const local = page.getByTestId('mailbox-local-link').first();
  await expect(local).toHaveAttribute('href', /^\/account\/confirm\?token=/);
  await shot(page, 'account-04-mail');
  await local.click();
  await page.getByTestId('confirm-account').click();
  await expect(page.getByTestId('confirm-done')).toBeVisible();
});
