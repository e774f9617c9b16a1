// A candidate's saved searches and alert end to end (issue 10): save the search with the
// switcher, enable its alert in the #add-alert dialog, the saved-searches page (tile, frequency,
// Atom feed), a new matching offer counted in the header's badge and the tile, the digest run and
// its one-click unsubscribe, reading the search, and deleting (page and switcher, each confirmed).
// Needs the real API with its dev mailbox and the internal token (see e2e/alerts.ts).
import { test, expect, shot, MOBILE } from './fixtures';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { isDigestWith, mailsTo, oneClickUnsubscribe, onApp, publishOffer, runDigests, uniqueWord, waitForMail } from './alerts';

test('alerts-candidate-01-save-enable-digest-unsubscribe-read-delete', async ({ page, request }) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-candidate');
  await registerAndConfirm(page, email);

  // Save the search with the switcher: stored on the server, the header links to it.
  await page.goto(`/all-locations?keyword=${word}`);
  const toggle = page.getByTestId('job-alert-switch');
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(page.getByTestId('snackbar')).toContainText('Zapisano wyszukiwanie');
  await expect(toggle).toHaveAttribute('data-saved', 'true');
  await expect(page.getByTestId('header-alerts')).toBeVisible();
  // Nothing stays in the browser for a candidate.
  expect(await page.evaluate(() => localStorage.getItem('jobAlerts'))).toBeNull();

  // Enable the alert: the candidate's form has name and frequency only.
  await page.getByTestId('open-add-alert').click();
  await expect(page.locator('#alert-email')).toHaveCount(0);
  await expect(page.locator('#alert-name')).toHaveValue(word);
  await page.getByTestId('frequency-everyDay').check();
  await shot(page, 'alerts-candidate-01-dialog-1280');
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie włączone');

  // The page: one tile, e-mails on, every day; frequency changes with a notice.
  await page.goto('/saved-searches');
  const tile = page.getByTestId('saved-tile');
  await expect(tile).toHaveCount(1);
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'true');
  await expect(tile.getByTestId('saved-frequency')).toHaveValue('everyDay');
  await expect(tile.getByTestId('saved-count')).toHaveText('Brak nowych ofert');
  await tile.getByTestId('saved-frequency').selectOption('onceAWeek');
  await expect(page.getByTestId('snackbar')).toContainText('Zmieniono częstotliwość powiadomień');
  await page.reload();
  await expect(tile.getByTestId('saved-frequency')).toHaveValue('onceAWeek');
  await tile.getByTestId('saved-frequency').selectOption('everyDay');
  await expect(page.getByTestId('snackbar')).toContainText('Zmieniono częstotliwość powiadomień');

  // The Atom feed of the search answers without a login.
  const feedHref = await tile.getByTestId('saved-feed').getAttribute('href');
  expect(feedHref).toBeTruthy();
  const feed = await request.get(onApp(feedHref!));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('atom');

  // A new matching offer: counted on the tile and in the header's badge.
  const offer = await publishOffer(request, word);
  await page.reload();
  await expect(tile.getByTestId('saved-count')).toHaveText('1 nowa oferta');
  await expect(page.getByTestId('alerts-count')).toHaveText('1');
  await shot(page, 'alerts-candidate-01-page-1280');

  // The digest run mails it; one click unsubscribes; the page shows the e-mails off.
  await runDigests(request);
  const digest = await waitForMail(request, email, isDigestWith(offer.title), 'the digest');
  expect(await oneClickUnsubscribe(request, digest)).toBe(200);
  await page.reload();
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'false');
  const second = await publishOffer(request, word, 'Engineer');
  await runDigests(request);
  await page.waitForTimeout(2000);
  expect((await mailsTo(request, email)).filter(isDigestWith(second.title))).toHaveLength(0);

  // E-mails on again from the tile, then off through the unsubscribe dialog.
  await tile.getByTestId('saved-email-switch').click();
  await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie włączone');
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'true');
  await tile.getByTestId('saved-email-switch').click();
  await expect(page.getByTestId('saved-unsubscribe-dialog')).toBeVisible();
  await shot(page, 'alerts-candidate-01-unsubscribe-dialog-1280');
  await page.getByTestId('saved-unsubscribe-dialog-confirm').click();
  await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie wstrzymane');
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'false');

  // Opening the search reads its new offers: the count and the badge go.
  await expect(tile.getByTestId('saved-count')).toHaveText(/2 nowe oferty/);
  await tile.getByTestId('saved-open').click();
  await expect(page).toHaveURL(new RegExp(`keyword=${word}`));
  await expect(page.getByTestId('offer-list')).toContainText(offer.title);
  await page.goto('/saved-searches');
  await expect(tile.getByTestId('saved-count')).toHaveText('Brak nowych ofert');
  await expect(page.getByTestId('alerts-count')).toHaveCount(0);

  // Delete from the page, confirmed.
  await tile.getByTestId('saved-delete').click();
  await expect(page.getByTestId('saved-delete-dialog')).toBeVisible();
  await page.getByTestId('saved-delete-dialog-confirm').click();
  await expect(page.getByTestId('snackbar')).toContainText('Usunięto zapisane wyszukiwanie');
  await expect(page.getByTestId('saved-searches-empty')).toBeVisible();
});

test('alerts-candidate-02-switcher-delete-is-confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndConfirm(page, uniqueEmail('alert-switch'));
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
  test('alerts-candidate-03-phone-screens', async ({ page, request }) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    await registerAndConfirm(page, uniqueEmail('alert-phone'));
    await page.goto(`/all-locations?keyword=${word}`);
    await page.getByTestId('job-alert-switch').click();
    await expect(page.getByTestId('job-alert-switch')).toHaveAttribute('data-saved', 'true');
    await page.getByTestId('open-add-alert').click();
    await page.getByTestId('add-alert-submit').click();
    await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie włączone');
    await publishOffer(request, word);
    await page.goto('/saved-searches');
    await expect(page.getByTestId('saved-count')).toHaveText('1 nowa oferta');
    await shot(page, 'alerts-candidate-03-page-360');
  });
});
