// Job alerts end to end with the digest run (issue 10). A guest saves a search as an alert from
// the list (#add-alert), activates it from the e-mail, a new matching offer is published through
// the internal API, the digest run mails it, and the digest's one-click unsubscribe (RFC 8058)
// really stops the alert; a second guest leaves through the digest's own unsubscribe link (the web
// app's entry point); a candidate does the same from the switcher and the saved-searches page.
//
// Each run names a day of its own (see `runDigests`): a run decides that day's digest of every
// due alert of the board, so a run on a shared day (another journey's, or the scheduler's) between
// an alert's activation and its offer would settle the alert with nothing new. Needs the real API
// with its dev mailbox and the internal token (see e2e/alerts.ts).
import { test, expect, shot } from './fixtures';
import { signedInCandidate, uniqueEmail } from './candidate';
import { entryLink, isDigestWith, mailsTo, oneClickUnsubscribe, onApp, publishOffer, runDigests, uniqueWord, waitForMail, type Mail } from './alerts';

// In order, one at a time ('default' opts this file out of fullyParallel; a failure does not skip the rest).
test.describe.configure({ mode: 'default' });

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

test('alerts-digest-01-guest-activation-digest-one-click-unsubscribe', async ({ page, request }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-guest');
  await registerGuestAlert(page, word, email);
  await shot(page, 'alerts-digest-01-sent-1280');
  await page.getByTestId('add-alert-done').click();
  // Kept in this browser, pending until the link is opened.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(stored.state.jobAlerts[0].alert).toMatchObject({ email, status: 'pending', frequency: 'everyDay' });
  await page.goto('/saved-searches');
  await expect(page.getByTestId('saved-email-state')).toHaveAttribute('data-status', 'pending');
  await page.getByTestId('saved-how-to-activate').click();
  await expect(page.getByTestId('saved-activation-dialog')).toContainText(email);
  await shot(page, 'alerts-digest-01-activation-help-1280');
  await page.getByTestId('saved-activation-dialog-ok').click();

  // The activation mail; its link activates the alert, then the app goes home.
  const activation = await waitForMail(request, email, (mail) => mail.text.includes('job-alerts=activate'), 'the activation mail');
  const link = entryLink(activation, 'activate');
  await page.goto(link);
  await expect(page.getByTestId('alert-activated')).toBeVisible();
  await shot(page, 'alerts-digest-01-activated-1280');
  await page.getByTestId('alert-activated-ok').click();
  await expect(page).toHaveURL(/\/$/);
  const active = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(active.state.jobAlerts[0].alert.status).toBe('active');
  // The same link again: 409, the "already active" dialog.
  await page.goto(link);
  await expect(page.getByTestId('alert-already-active')).toBeVisible();
  await page.getByTestId('alert-already-active-ok').click();
  await expect(page).toHaveURL(/\/$/);

  // A new matching offer, then the digest run: one digest with the offer.
  const offer = await publishOffer(request, word);
  await runDigests(request);
  const digest = await waitForMail(request, email, isDigestWith(offer.title), 'the digest');
  expect(digest.text).toContain(offer.companyName);
  expect(digest.html ?? '').toContain(offer.title);

  // One click unsubscribes: a second offer and run send nothing more.
  expect(await oneClickUnsubscribe(request, digest)).toBe(200);
  const second = await publishOffer(request, word, 'Engineer');
  await runDigests(request);
  const digests = (await mailsTo(request, email)).filter((mail: Mail) => isDigestWith(offer.title)(mail) || isDigestWith(second.title)(mail));
  expect(digests.map((mail) => mail.subject)).toHaveLength(1);
});

test('alerts-digest-02-guest-unsubscribe-link-of-the-digest', async ({ page, request }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-leave');
  await registerGuestAlert(page, word, email);
  await page.getByTestId('add-alert-done').click();
  const activation = await waitForMail(request, email, (mail) => mail.text.includes('job-alerts=activate'), 'the activation mail');
  await page.goto(entryLink(activation, 'activate'));
  await page.getByTestId('alert-activated-ok').click();

  const offer = await publishOffer(request, word);
  await runDigests(request);
  const digest = await waitForMail(request, email, isDigestWith(offer.title), 'the digest');
  await page.goto(entryLink(digest, 'unsubscribe'));
  await expect(page.getByTestId('alert-unsubscribed')).toBeVisible();
  await shot(page, 'alerts-digest-02-unsubscribed-1280');
  await page.getByTestId('alert-unsubscribed-ok').click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(stored.state.jobAlerts[0].alert).toBeNull();

  // Nothing more arrives.
  const second = await publishOffer(request, word, 'Engineer');
  await runDigests(request);
  expect((await mailsTo(request, email)).filter(isDigestWith(second.title))).toHaveLength(0);
});

test('alerts-digest-03-candidate-save-enable-digest-unsubscribe-read-delete', async ({ page, request }) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-candidate');
  await signedInCandidate(page, email);

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
  await shot(page, 'alerts-digest-03-dialog-1280');
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

  // A new matching offer: counted on the tile and in the header's badge.
  const offer = await publishOffer(request, word);
  await page.reload();
  await expect(tile.getByTestId('saved-count')).toHaveText('1 nowa oferta');
  await expect(page.getByTestId('alerts-count')).toHaveText('1');
  await shot(page, 'alerts-digest-03-page-1280');

  // The digest run mails it; one click unsubscribes; the page shows the e-mails off.
  await runDigests(request);
  const digest = await waitForMail(request, email, isDigestWith(offer.title), 'the digest');
  expect(await oneClickUnsubscribe(request, digest)).toBe(200);
  await page.reload();
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'false');
  const second = await publishOffer(request, word, 'Engineer');
  await runDigests(request);
  expect((await mailsTo(request, email)).filter(isDigestWith(second.title))).toHaveLength(0);

  // E-mails on again from the tile, then off through the unsubscribe dialog.
  await tile.getByTestId('saved-email-switch').click();
  await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie włączone');
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'true');
  await tile.getByTestId('saved-email-switch').click();
  await expect(page.getByTestId('saved-unsubscribe-dialog')).toBeVisible();
  await shot(page, 'alerts-digest-03-unsubscribe-dialog-1280');
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

  // The Atom feed of the search (its tile's link) answers through the app without a login and
  // lists the published offer.
  await tile.getByTestId('feed-link').click();
  const feedHref = await tile.getByTestId('feed-url').inputValue();
  expect(feedHref).toMatch(/\/feeds\/offers\.atom\?.*signature=/);
  const feed = await request.get(onApp(feedHref));
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('atom');
  expect(await feed.text()).toContain(offer.title);

  // Delete from the page, confirmed.
  await tile.getByTestId('saved-delete').click();
  await expect(page.getByTestId('saved-delete-dialog')).toBeVisible();
  await page.getByTestId('saved-delete-dialog-confirm').click();
  await expect(page.getByTestId('snackbar')).toContainText('Usunięto zapisane wyszukiwanie');
  await expect(page.getByTestId('saved-searches-empty')).toBeVisible();
});
