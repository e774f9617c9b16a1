// A candidate's saved searches against the real API (issue 10): the switcher's delete is
// confirmed, and the saved-searches page on a phone. The journey with the digest run is in
// alerts-digest.spec.ts. Needs the real API and the internal token (see e2e/alerts.ts).
import { test, expect, shot, MOBILE } from './fixtures';
import { signedInCandidate, uniqueEmail } from './candidate';
import { publishOffer, uniqueWord } from './alerts';


test('alerts-candidate-01-switcher-delete-is-confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInCandidate(page, uniqueEmail('alert-switch'));
  await page.goto('/krakow?keyword=java');
  const toggle = page.getByTestId('job-alert-switch');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-saved', 'true');
  // The same search opened again is saved; switching off asks, then deletes on the server.
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByTestId('alert-delete-confirm')).toBeVisible();
  await page.getByTestId('alert-delete-confirm-confirm').click();
  await expect(page.getByTestId('snackbar')).toContainText('Usunięto zapisane wyszukiwanie');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
});

test.describe('phone', () => {
  test.use(MOBILE);
  test('alerts-candidate-02-phone-screens', async ({ page, request }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    await signedInCandidate(page, uniqueEmail('alert-phone'));
    await page.goto(`/all-locations?keyword=${word}`);
    await page.getByTestId('job-alert-switch').click();
    await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('data-saved', 'true');
    await page.getByTestId('open-add-alert').click();
    await page.getByTestId('add-alert-submit').click();
    await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie włączone');
    // The dialog again, on a search whose alert is on: it changes the frequency.
    await page.getByTestId('open-add-alert').click();
    await expect(page.getByTestId('frequency-twiceAWeek')).toBeChecked();
    await page.getByTestId('frequency-onceAWeek').check();
    await page.getByTestId('add-alert-submit').click();
    await expect(page.getByTestId('snackbar')).toContainText('Zmieniono częstotliwość powiadomień');
    await publishOffer(request, word);
    await page.goto('/saved-searches');
    await expect(page.getByTestId('saved-count')).toHaveText('1 nowa oferta');
    await expect(page.getByTestId('saved-frequency')).toHaveValue('onceAWeek');
    await shot(page, 'alerts-candidate-02-page-360');
  });
});
