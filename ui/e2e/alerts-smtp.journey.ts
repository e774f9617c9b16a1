// Job alerts with every mail through a real SMTP server on loopback (issue 10), for a guest and
// for a logged-in candidate: the API runs with `mail.transport = "smtp"` towards
// `scripts/smtp-sink.py`, which saves each message it receives into E2E_SMTP_DIR; the journeys read
// the activation, confirmation and digest mails from there.
//   scripts/smtp-sink.py DIR --port 18098 &
//   WAKAT_MAIL__TRANSPORT=smtp WAKAT_MAIL__SMTP__HOST=127.0.0.1 WAKAT_MAIL__SMTP__PORT=18098 \
//     WAKAT_MAIL__SMTP__SECURITY=none wakat serve …
//   E2E_SMTP_DIR=DIR npx playwright test
import { test, expect, shot, apiURL, tenant } from './fixtures';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { entryLink, headerOf, isDigestWith, oneClickUnsubscribe, publishOffer, runDigests, uniqueWord } from './alerts';
import { smtpLink, smtpMailsTo, waitForSmtpMail } from './smtp-mailbox';

test('alerts-smtp-01-guest-activation-digest-and-one-click-through-smtp', async ({ page, request }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-smtp');
  await page.goto(`/all-locations?keyword=${word}`);
  await expect(page.getByTestId('no-offers')).toBeVisible();
  await page.getByTestId('empty-add-alert').click();
  await page.locator('#alert-email').fill(email);
  await page.getByTestId('frequency-everyDay').check();
  await page.locator('#alert-privacy').check();
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('add-alert-sent')).toContainText(email);
  await page.getByTestId('add-alert-done').click();

  // The activation mail, as the SMTP server received it.
  const activation = await waitForSmtpMail(email, (mail) => mail.text.includes('job-alerts=activate'), 'the activation mail');
  expect(activation.tag).toBe('alert.activate');
  expect(activation.html ?? '').toContain('job-alerts=activate');
  await page.goto(entryLink(activation, 'activate'));
  await expect(page.getByTestId('alert-activated')).toBeVisible();
  await shot(page, 'alerts-smtp-01-activated-1280');
  await page.getByTestId('alert-activated-ok').click();

  // A new matching offer, the digest run: one digest at the SMTP server, with RFC 8058 headers.
  const offer = await publishOffer(request, word);
  await runDigests(request);
  const digest = await waitForSmtpMail(email, isDigestWith(offer.title), 'the digest');
  expect(digest.text).toContain(offer.companyName);
  expect(headerOf(digest, 'X-Wakat-Idempotency-Key')).toMatch(/^[0-9a-f]{64}$/);
  expect(smtpMailsTo(email).filter(isDigestWith(offer.title))).toHaveLength(1);

  // One click really unsubscribes: the same alert can be registered again (201, not 409).
  expect(await oneClickUnsubscribe(request, digest)).toBe(200);
  const again = await request.post(`${apiURL}/api/${tenant}/guests/job-alerts`, {
    data: { email, frequency: 'everyDay', filters: { search: { keywords: [word] } }, createCandidate: false, marketingAgreement: false },
  });
  expect(again.status(), await again.text()).toBe(201);
});

test('alerts-smtp-02-candidate-confirms-saves-an-alert-gets-the-digest-and-leaves-through-smtp', async ({ page, request }) => {
  test.setTimeout(180_000);
  const word = uniqueWord();
  const email = uniqueEmail('alert-smtp-candidate');
  // The account's confirmation mail comes through the SMTP server too.
  await registerAndConfirm(page, email, undefined, (to) => smtpLink(to, '/account/confirm'));

  // Save the search with the switcher, then switch its e-mails on, every day.
  await page.goto(`/all-locations?keyword=${word}`);
  const toggle = page.getByTestId('job-alert-switch');
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-saved', 'true');
  await page.getByTestId('open-add-alert').click();
  await page.getByTestId('frequency-everyDay').check();
  await page.getByTestId('add-alert-submit').click();
  await expect(page.getByTestId('snackbar')).toContainText('Powiadomienie włączone');

  // A new matching offer, the digest run: one digest at the SMTP server, with RFC 8058 headers.
  const offer = await publishOffer(request, word);
  await runDigests(request);
  const digest = await waitForSmtpMail(email, isDigestWith(offer.title), 'the digest');
  expect(digest.text).toContain(offer.companyName);
  expect(headerOf(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(headerOf(digest, 'X-Wakat-Idempotency-Key')).toMatch(/^[0-9a-f]{64}$/);
  expect(smtpMailsTo(email).filter(isDigestWith(offer.title))).toHaveLength(1);

  // One click unsubscribes: the saved search stays, its e-mails are off, and the next run mails nothing.
  expect(await oneClickUnsubscribe(request, digest)).toBe(200);
  await page.goto('/saved-searches');
  const tile = page.getByTestId('saved-tile');
  await expect(tile).toHaveCount(1);
  await expect(tile.getByTestId('saved-email-switch')).toHaveAttribute('aria-checked', 'false');
  await shot(page, 'alerts-smtp-02-unsubscribed-1280');
  const second = await publishOffer(request, word, 'Engineer');
  await runDigests(request);
  expect(smtpMailsTo(email).filter(isDigestWith(second.title))).toHaveLength(0);
});
