// A guest's job alert against the real API (issue 10): the catalogue's answers in the #add-alert
// dialog. The journeys with the digest run are in alerts-digest.spec.ts.
import { test, expect, shot } from './fixtures';
import { uniqueEmail } from './candidate';
import { mailsTo, uniqueWord } from './alerts';

async function registerGuestAlert(page: import('@playwright/test').Page, word: string, email: string) {
  await page.goto(`/all-locations?keyword=${word}`);
  // Nothing matches yet: the empty list offers the alert.
  await expect(page.getByTestId('no-offers')).toBeVisible();
  await page.getByTestId('empty-add-alert').click();
  await expect(page.getByTestId('add-alert-dialog')).toBeVisible();
  await expect(page.locator('#alert-name')).toHaveValue(word);
  await page.locator('#alert-email').fill(email);
  await page.getByTestId('frequency-everyDay').check();
  await page.locator('#alert-privacy').check();
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('add-alert-sent')).toContainText(email);
}



test('alerts-guest-01-catalogue-answers-in-the-dialog', async ({ page, request }) => {
  const word = uniqueWord();
  const email = uniqueEmail('alert-twice');
  await registerGuestAlert(page, word, email);
  await page.getByTestId('add-alert-done').click();
  // The same search and address again while the first link is valid: the catalogue's 409.
  await page.getByTestId('open-add-alert').click();
  await page.locator('#alert-email').fill(email);
  await page.locator('#alert-privacy').check();
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('add-alert-problem')).toBeVisible();
  await expect(page.getByTestId('add-alert-problem')).toHaveText(/już (istnieje|aktywne)|jest już zapisane/);
  await shot(page, 'alerts-guest-01-conflict-1280');
  expect((await mailsTo(request, email)).filter((mail) => mail.text.includes('job-alerts=activate'))).toHaveLength(1);
});
