// The chat end to end in two browsers (issue 25): the employer finds a passive candidate among
// "Candidates for this offer" and sends a request from the page; the candidate sees the invite in
// the widget and accepts; messages arrive live both ways through the hub (no reload); the unread
// badges follow; an unread message is mailed after the (shortened, see scripts/test) delay.
import { becomePassive, widget } from './chat';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { employerEmail, logInEmployer } from './employer';
import { apiURL, baseURL, hydrated, test, expect, shot } from './fixtures';
import { employerWithOffer } from './panel';

test('chat-09-employer-and-candidate-talk-live-in-two-browsers', async ({ page, browser, request, config }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  test.setTimeout(180_000);
  const company = `Na żywo ${Date.now().toString(36)}`;
  const email = employerEmail('chat-live');
  const employer = await employerWithOffer(request, email, company, 'Senior Rust Developer');

  // The candidate, in a browser of their own, opens up to offers.
  const candidateContext = await browser.newContext({ baseURL, locale: 'pl-PL', storageState: { cookies: [{ name: 'hideSurveyPopup', value: 'true', domain: new URL(baseURL).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] } });
  const candidate = await candidateContext.newPage();
  const candidateEmail = uniqueEmail('chat-live');
  await registerAndConfirm(candidate, candidateEmail, { firstName: 'Ola', lastName: 'Nażywo' });
  const ref = await becomePassive(candidate, config);
  await candidate.goto('/');
  await hydrated(candidate);
  const chat = widget(candidate);
  await chat.open();

  // The employer finds them among the offer's candidates and sends a request from the page.
  await logInEmployer(page, email, undefined, `/employer/offers/${employer.slug}/candidates`);
  const card = page.locator(`[data-testid="candidate-card"][data-ref="${ref}"]`).filter({ visible: true });
  await expect(card).toBeVisible();
  await hydrated(page);
  await card.getByTestId('candidate-ask').click();
  const dialog = page.getByTestId('candidate-request-dialog');
  await dialog.locator('#candidate-request-message').fill('Dzień dobry, mamy zespół Rust w Krakowie. Porozmawiamy?');
  await dialog.getByTestId('candidate-request-send').click();
  await expect(card.getByTestId('candidate-request-status')).toHaveText('Prośba wysłana');

  // The invite reaches the open widget live (no reload), and is accepted sharing the name.
  const invite = chat.root.getByTestId('chat-invite').filter({ hasText: 'Senior Rust Developer' });
  await expect(invite).toContainText(company);
  await expect(chat.badge).toContainText('1');
  await invite.getByRole('button', { name: /^Przyjmij/ }).click();
  const accept = candidate.getByTestId('chat-accept-dialog');
  await accept.getByLabel(/Imię i nazwisko/).check();
  await accept.getByRole('button', { name: 'Przyjmij i napisz' }).click();
  await expect(chat.window.getByTestId('chat-thread')).toContainText('mamy zespół Rust w Krakowie');

  // The employer opens the Conversations page; the candidate writes: it arrives live, with the badge.
  await page.goto('/employer/chat');
  await hydrated(page);
  const row = page.getByTestId('employer-conversations').getByRole('link', { name: /Ola Nażywo/ });
  await expect(row).toBeVisible();
  const candidateBox = chat.window.getByRole('textbox', { name: 'Treść wiadomości' });
  await candidateBox.fill('Dzień dobry, chętnie. Kiedy?');
  await candidateBox.press('Enter');
  await expect(chat.window.getByTestId('chat-thread')).toContainText('Kiedy?');
  await expect(row).toContainText('Kiedy?');
  await expect(page.getByTestId('employer-chat-unread')).toContainText('1');

  // The employer reads and answers: the candidate's open window shows it live; the employer sees "seen".
  await row.click();
  const conversation = page.getByTestId('employer-conversation');
  await expect(conversation.getByTestId('chat-thread')).toContainText('Kiedy?');
  await expect(page.getByTestId('employer-chat-unread')).toHaveCount(0);
  const employerBox = conversation.getByRole('textbox', { name: 'Treść wiadomości' });
  await employerBox.fill('W czwartek o 10:00?');
  await employerBox.press('Enter');
  await expect(chat.window.getByTestId('chat-thread')).toContainText('W czwartek o 10:00?');
  await expect(conversation.getByTestId('chat-seen')).toBeVisible();
  await shot(page, 'chat-09-employer');
  await shot(candidate, 'chat-09-candidate');

  // The candidate leaves before the next answer: it stays unread, and is mailed after the delay.
  await candidate.close();
  await employerBox.fill('Proszę potwierdzić termin.');
  await employerBox.press('Enter');
  await expect(conversation.getByTestId('chat-thread')).toContainText('Proszę potwierdzić termin.');
  await expect
    .poll(
      async () => {
        const response = await request.get(`${apiURL}/api/dev/mailbox?to=${encodeURIComponent(candidateEmail)}&limit=20`);
        const mails = ((await response.json()) as { data: { tag: string; text: string }[] }).data;
        return mails.filter((mail) => mail.tag.startsWith('chat.')).map((mail) => mail.text).join('\n');
      },
      { message: 'the unread-message mail in the dev mailbox', timeout: 60_000, intervals: [1000] },
    )
    .toContain(company);
  await candidateContext.close();
});
