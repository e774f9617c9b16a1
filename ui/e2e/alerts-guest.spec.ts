// A guest's job alert end to end (issue 10): save a search as an alert from the list (#add-alert),
// activate it from the e-mail, a new matching offer is published through the internal API, the
// digest run mails it, and the digest's one-click unsubscribe (RFC 8058) really stops the alert.
// A second guest leaves through the digest's own unsubscribe link (the web app's entry point).
// Needs the real API with its dev mailbox and the internal token (see e2e/alerts.ts).
import { test, expect, shot } from './fixtures';
import { uniqueEmail } from './candidate';
import { entryLink, isDigestWith, mailsTo, oneClickUnsubscribe, publishOffer, runDigests, uniqueWord, waitForMail, type Mail } from './alerts';

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

test('alerts-guest-01-alert-activation-digest-one-click-unsubscribe', async ({ page, request }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-guest');
  await registerGuestAlert(page, word, email);
  await shot(page, 'alerts-guest-01-sent-1280');
  await page.getByTestId('add-alert-done').click();
  // Kept in this browser, pending until the link is opened.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(stored.state.jobAlerts[0].alert).toMatchObject({ email, status: 'pending', frequency: 'everyDay' });
  await page.goto('/saved-searches');
  await expect(page.getByTestId('saved-email-state')).toHaveAttribute('data-status', 'pending');
  await page.getByTestId('saved-how-to-activate').click();
  await expect(page.getByTestId('saved-activation-dialog')).toContainText(email);
  await shot(page, 'alerts-guest-01-activation-help-1280');
  await page.getByTestId('saved-activation-dialog-ok').click();

  // The activation mail; its link activates the alert, then the app goes home.
  const activation = await waitForMail(request, email, (mail) => mail.text.includes('job-alerts=activate'), 'the activation mail');
  const link = entryLink(activation, 'activate');
  await page.goto(link);
  await expect(page.getByTestId('alert-activated')).toBeVisible();
  await shot(page, 'alerts-guest-01-activated-1280');
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
  await page.waitForTimeout(2000);
  const digests = (await mailsTo(request, email)).filter((mail: Mail) => isDigestWith(offer.title)(mail) || isDigestWith(second.title)(mail));
  expect(digests.map((mail) => mail.subject)).toHaveLength(1);
});

test('alerts-guest-02-unsubscribe-link-of-the-digest', async ({ page, request }) => {
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
  await shot(page, 'alerts-guest-02-unsubscribed-1280');
  await page.getByTestId('alert-unsubscribed-ok').click();
  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('jobAlerts') ?? 'null'));
  expect(stored.state.jobAlerts[0].alert).toBeNull();

  // Nothing more arrives.
  const second = await publishOffer(request, word, 'Engineer');
  await runDigests(request);
  await page.waitForTimeout(2000);
  expect((await mailsTo(request, email)).filter(isDigestWith(second.title))).toHaveLength(0);
});

test('alerts-guest-03-catalogue-answers-in-the-dialog', async ({ page, request }) => {
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
  await shot(page, 'alerts-guest-03-conflict-1280');
  expect((await mailsTo(request, email)).filter((mail) => mail.text.includes('job-alerts=activate'))).toHaveLength(1);
});
