// The chat's unread-message mail through a real SMTP server on loopback (issue 25): scripts/test
// runs the API with `mail.transport = "smtp"` towards scripts/smtp-sink.py (E2E_SMTP_DIR) and the
// chat's delay shortened to 5 s. Every mail of the journey (both confirmations, the unread
// message) is read from that server; the mail's link opens the conversation in the widget.
import { becomePassive, candidateChatWrite, sendRequest, widget } from './chat';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { employerEmail } from './employer';
import { apiURL, hydrated, test, expect, shot, tenant } from './fixtures';
import { employerWithOffer } from './panel';
import { headerOf, linksOf } from './alerts';
import { smtpLink, waitForSmtpMail } from './smtp-mailbox';

test('chat-smtp-unread-message-mailed-through-the-smtp-server-opens-the-conversation', async ({ page, request, config }) => {
  test.setTimeout(180_000);
  const company = `Poczta ${Date.now().toString(36)}`;
  const email = employerEmail('chat-smtp');
  const employer = await employerWithOffer(request, email, company, 'Senior Rust Developer', undefined, (to) => smtpLink(to, '/employer/'));

  const candidateEmail = uniqueEmail('chat-smtp');
  await registerAndConfirm(page, candidateEmail, { firstName: 'Ewa', lastName: 'Poczta' }, (to) => smtpLink(to, '/account/confirm'));
  const ref = await becomePassive(page, config);
  const request_ = await sendRequest(request, employer.token, employer.slug, ref, 'Dzień dobry, czy porozmawiamy o Rust?');
  const accepted = await candidateChatWrite(page, 'POST', `/conversation-requests/${request_.id}/accept`, { shareName: true });
  expect(accepted.status(), `accept: ${await accepted.text()}`).toBe(201);
  const conversation = ((await accepted.json()) as { id: string }).id;

  // The employer writes while the candidate is away: after the delay the SMTP server has the mail.
  const sent = await request.post(`${apiURL}/api/${tenant}/v2/employer-panel/chat/conversations/${conversation}/messages`, {
    headers: { Authorization: `Bearer ${employer.token}` },
    data: { clientMessageId: 'smtp-1', text: 'Czy czwartek o 10:00 pasuje?' },
  });
  expect(sent.status(), `send: ${await sent.text()}`).toBe(201);
  const mail = await waitForSmtpMail(candidateEmail, (candidate) => candidate.tag === 'chat.unread', 'the unread-message mail');
  expect(mail.subject).toContain('Senior Rust Developer');
  expect(mail.text).toContain(company);
  expect(headerOf(mail, 'List-Unsubscribe')).toContain('/v1/chat/mail-unsubscribe');
  const link = linksOf(mail).find((url) => url.searchParams.get('chat') === conversation);
  expect(link, 'the mail links to the conversation').toBeDefined();

  // The link opens the conversation in the widget, with the message.
  await page.goto(link!.pathname + link!.search);
  await hydrated(page);
  await expect(widget(page).window.getByTestId('chat-thread')).toContainText('Czy czwartek o 10:00 pasuje?');
  await shot(page, 'chat-smtp-opened-from-mail');
});
