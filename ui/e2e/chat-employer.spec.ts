// The employer's Conversations page (issue 25): the conversations and the requests sent, a thread
// per conversation with what the candidate shared, live messages and the unread badge of the panel
// menu, usable on a phone, axe clean. The candidate side is driven through the API (the lead's
// two-context journey drives both through the browser).
import { expectNoViolations } from './axe';
import { becomePassive, candidateChatWrite, sendRequest } from './chat';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { employerEmail, logInEmployer } from './employer';
import { baseURL, test, expect, MOBILE, shot, tenant, type Page } from './fixtures';
import { employerWithOffer } from './panel';
import type { APIRequestContext, Browser } from '@playwright/test';
import type { BoardConfig } from './fixtures';

/** An employer with an offer and a conversation a candidate (in its own browser context) accepted. */
async function conversationWithCandidate(browser: Browser, request: APIRequestContext, config: BoardConfig, label: string) {
  const email = employerEmail(label);
  const company = `Rozmowy ${Date.now().toString(36)}`;
  const employer = await employerWithOffer(request, email, company, 'Senior Rust Developer');
  // The candidate's own browser (its session cookies), on the app under test.
  const candidateContext = await browser.newContext({ baseURL, locale: 'pl-PL', storageState: { cookies: [{ name: 'hideSurveyPopup', value: 'true', domain: new URL(baseURL).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] } });
  const candidate = await candidateContext.newPage();
  await registerAndConfirm(candidate, uniqueEmail(label), { firstName: 'Ada', lastName: 'Rozmowna' });
  const ref = await becomePassive(candidate, config);
  const { id } = await sendRequest(request, employer.token, employer.slug, ref, 'Dzień dobry, czy ta oferta Panią interesuje?');
  const accepted = await candidateChatWrite(candidate, 'POST', `/conversation-requests/${id}/accept`, { shareName: true, shareEmail: true, cvDocumentId: null });
  expect(accepted.status(), await accepted.text()).toBe(201);
  const conversationId = ((await accepted.json()) as { id: string }).id;
  return { email, company, employer, candidate, candidateContext, conversationId };
}

async function candidateSays(candidate: Page, conversationId: string, text: string) {
  const sent = await candidateChatWrite(candidate, 'POST', `/conversations/${conversationId}/messages`, { clientMessageId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`, text });
  expect(sent.status(), await sent.text()).toBe(201);
}

test('chat-06-the-employer-talks-on-the-conversations-page-live', async ({ page, browser, request, config }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  test.setTimeout(150_000);
  const setup = await conversationWithCandidate(browser, request, config, 'chat-employer');
  await logInEmployer(page, setup.email, undefined, '/employer/chat');
  await expect(page).toHaveURL(/\/employer\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rozmowy z kandydatami' })).toBeVisible();
  const nav = page.getByTestId('employer-nav');
  await expect(nav.getByRole('link', { name: /Rozmowy/ })).toHaveAttribute('aria-current', 'page');
  // The employer's first message is unread by nobody on the employer's side: no badge yet.
  await expect(page.getByTestId('employer-chat-unread')).toHaveCount(0);
  await expect(page.getByTestId('employer-requests')).toContainText('przyjęte');

  // The candidate writes: the list and the menu's badge show it live.
  await candidateSays(setup.candidate, setup.conversationId, 'Tak, chętnie porozmawiam. Moje portfolio: https://example.com/ada');
  const row = page.getByTestId('employer-conversations').getByRole('link', { name: /Ada Rozmowna/ });
  await expect(row).toContainText('Tak, chętnie porozmawiam');
  await expect(page.getByTestId('employer-chat-unread')).toContainText('1');
  await expectNoViolations(page, 'the Conversations page');

  // Open it: what the candidate shared, the messages, the link made safe; reading clears the badge.
  await row.click();
  const conversation = page.getByTestId('employer-conversation');
  await expect(conversation.getByRole('heading', { name: 'Ada Rozmowna' })).toBeVisible();
  await expect(conversation.getByRole('link', { name: /@example\.com/ })).toBeVisible();
  await expect(conversation.getByRole('link', { name: 'https://example.com/ada' })).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('employer-chat-unread')).toHaveCount(0);

  // The employer answers with Enter; Shift+Enter makes a new line.
  const box = conversation.getByRole('textbox', { name: 'Treść wiadomości' });
  await box.fill('Świetnie!');
  await box.press('Shift+Enter');
  await box.pressSequentially('Zapraszam na rozmowę w czwartek.');
  await box.press('Enter');
  await expect(conversation.getByTestId('chat-thread')).toContainText('Zapraszam na rozmowę w czwartek.');
  await expect(conversation.getByTestId('chat-outgoing')).toHaveCount(0);
  // The candidate reads it: "seen" under it.
  const messages = await setup.candidate.request.get(`/api/${tenant}/v1/candidate/chat/conversations/${setup.conversationId}`);
  const lastSeq = ((await messages.json()) as { lastSeq: number }).lastSeq;
  expect((await candidateChatWrite(setup.candidate, 'POST', `/conversations/${setup.conversationId}/read`, { upToSeq: lastSeq })).status()).toBe(200);
  await expect(conversation.getByTestId('chat-seen')).toBeVisible();
  await expectNoViolations(page, 'a conversation on the Conversations page');
  await shot(page, 'chat-06-employer');

  // Closing: both sides can no longer write.
  await conversation.getByRole('button', { name: 'Zakończ rozmowę' }).click();
  await page.getByTestId('chat-close-dialog').getByRole('button', { name: 'Zakończ rozmowę' }).click();
  await expect(conversation.getByText('Zakończono tę rozmowę z Twojej strony.')).toBeVisible();
  await expect(conversation.getByRole('textbox')).toHaveCount(0);
  await setup.candidateContext.close();
});

test.describe('on a phone', () => {
  test.use(MOBILE);

  test('chat-07-the-conversations-page-on-a-phone', async ({ page, browser, request, config }) => {
    expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
    test.setTimeout(150_000);
    const setup = await conversationWithCandidate(browser, request, config, 'chat-phone');
    await logInEmployer(page, setup.email, undefined, '/employer/chat');
    // The list alone; a conversation alone, with the way back.
    const row = page.getByTestId('employer-conversations').getByRole('link', { name: /Ada Rozmowna/ });
    await expect(row).toBeVisible();
    await expect(page.getByText('Wybierz rozmowę z listy.')).toBeHidden();
    await row.click();
    const conversation = page.getByTestId('employer-conversation');
    await expect(conversation.getByRole('textbox', { name: 'Treść wiadomości' })).toBeVisible();
    await expect(page.getByTestId('employer-conversations')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoViolations(page, 'a conversation on a phone');
    await shot(page, 'chat-07-phone');
    await conversation.getByRole('link', { name: 'Wszystkie rozmowy' }).click();
    await expect(page.getByTestId('employer-conversations')).toBeVisible();
    await setup.candidateContext.close();
  });
});
