// What a guest's saved searches do beyond the list (issue 10): the browser that activated an alert
// can turn its e-mails off from the saved searches page, a guest tile counts the offers new since
// it was last opened, and logging in copies the browser's searches into the account.
import { test, expect, shot, apiURL, tenant } from './fixtures';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { entryLink, publishOffer, uniqueWord, waitForMail } from './alerts';

async function registerGuestAlert(page: import('@playwright/test').Page, word: string, email: string) {
  await page.goto(`/all-locations?keyword=${word}`);
  await expect(page.getByTestId('no-offers')).toBeVisible();
  await page.getByTestId('empty-add-alert').click();
  await expect(page.getByTestId('add-alert-dialog')).toBeVisible();
  await page.locator('#alert-email').fill(email);
  await page.getByTestId('frequency-everyDay').check();
  await page.locator('#alert-privacy').check();
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('add-alert-sent')).toContainText(email);
  await page.getByTestId('add-alert-done').click();
}

test('alerts-guest-gaps-01-new-offers-count-and-turning-e-mails-off-on-the-page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-gaps');
  await registerGuestAlert(page, word, email);
  const activation = await waitForMail(request, email, (mail) => mail.text.includes('job-alerts=activate'), 'the activation mail');
  await page.goto(entryLink(activation, 'activate'));
  await page.getByTestId('alert-activated-ok').click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(stored.state.jobAlerts[0].alert.unsubscribeCode, 'the activation handed over the unsubscribe code').toMatch(/\S{16,}/);

  // Nothing new yet; then a matching offer is published: the tile counts it.
  await page.goto('/saved-searches');
  await expect(page.getByTestId('saved-count')).toHaveText(/Brak nowych|No new/);
  await publishOffer(request, word);
  await page.reload();
  await expect(page.getByTestId('saved-count')).toHaveText(/1/);
  await shot(page, 'alerts-guest-gaps-01-count-1280');
  // Opening the search marks its offers read.
  await page.getByTestId('saved-open').click();
  await expect(page).toHaveURL(new RegExp(word));
  await page.goto('/saved-searches');
  await expect(page.getByTestId('saved-count')).toHaveText(/Brak nowych|No new/);

  // Turning e-mails off asks, then unsubscribes through the API with the kept code.
  await page.getByTestId('saved-unsubscribe').click();
  await expect(page.getByTestId('saved-unsubscribe-dialog')).toBeVisible();
  await shot(page, 'alerts-guest-gaps-01-unsubscribe-1280');
  await page.getByTestId('saved-unsubscribe-dialog-confirm').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Wypisano|Unsubscribed/);
  await expect(page.getByTestId('saved-set-up')).toBeVisible();
  // The alert is really gone at the API: the same search and address are accepted again (an
  // active alert would answer 409 active_job_alert_exists).
  const again = await request.post(`${apiURL}/api/${tenant}/guests/job-alerts`, { data: { email, frequency: 'everyDay', filters: { search: { keywords: [word] } }, createCandidate: false, marketingAgreement: false } });
  expect(again.status(), await again.text()).toBe(201);
});

test('alerts-guest-gaps-02-logging-in-copies-the-browsers-searches-into-the-account', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  await page.goto(`/all-locations?keyword=${word}`);
  await page.getByTestId('job-alert-switch').click();
  await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('data-saved', 'true');
  await registerAndConfirm(page, uniqueEmail('alert-copy'));
  await page.goto('/saved-searches');
  await expect(page.getByTestId('saved-tile')).toHaveCount(1);
  await expect(page.getByTestId('saved-tile')).toContainText(word);
  const left = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(left.state.jobAlerts, 'the copied search left the browser').toHaveLength(0);
  await shot(page, 'alerts-guest-gaps-02-copied-1280');
});
