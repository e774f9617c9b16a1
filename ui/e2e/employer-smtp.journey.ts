// The employer journey of issue 11 (e2e/employer-journey.ts) with the confirmation mail as a real
// SMTP server on loopback received it: scripts/test runs the API with `mail.transport = "smtp"`
// towards scripts/smtp-sink.py, which saves each message into E2E_SMTP_DIR.
import { test } from './fixtures';
import { employerJourney } from './employer-journey';
import { smtpLink } from './smtp-mailbox';

test('employer-smtp-journey-confirms-from-the-smtp-server', async ({ page }) => {
  test.setTimeout(180_000);
  await employerJourney(page, { confirmationLink: (email) => smtpLink(email, '/employer/confirm'), shots: 'employer-smtp' });
});
