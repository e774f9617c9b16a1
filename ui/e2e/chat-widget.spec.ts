// The candidate chat widget and the passive-candidate settings (issue 25, spec §2, §9): the
// preferences ad leads to the form, which opens the candidate up to employers; the widget's
// states; an employer's request accepted (sharing what was chosen) or declined with a block; the
// conversation window under CHAT_KEY and `?chat=`; hidden on the terms page and below md; axe
// clean. Needs the real API with the chat on (`candidateChat`) and its dev mailbox.
import { expectNoViolations } from './axe';
import { becomePassive, candidateChatGet, candidateChatWrite, sendRequest, widget } from './chat';
import { registerAndConfirm, uniqueEmail } from './candidate';
import { employerEmail } from './employer';
import { hydrated, test, expect, shot } from './fixtures';
import { employerWithOffer } from './panel';

test('chat-01-the-preferences-ad-leads-to-the-form-which-opens-the-candidate-up', async ({ page, config }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  await registerAndConfirm(page, uniqueEmail('chat-ad'));
  await page.goto('/');
  const chat = widget(page);
  await chat.open();
  // 280 px collapsed, 360 px expanded (spec §9).
  await expect(chat.root.getByTestId('chat-widget-ad')).toBeVisible();
  expect((await chat.root.locator('.chat-widget').boundingBox())?.width).toBe(360);
  await expectNoViolations(page, 'the widget with the preferences ad');
  await shot(page, 'chat-01-ad');
  await chat.root.getByRole('link', { name: 'Uzupełnij preferencje' }).click();
  await expect(page).toHaveURL(/\/account\/chat$/);

  // Opening up without the mandatory preferences: each missing one is named at its field.
  const form = page.getByTestId('passive-form');
  await expect(form.getByTestId('passive-status')).toContainText('Pracodawcy Cię nie widzą');
  await page.locator('#pref-skills').fill('');
  await form.getByLabel('Chcę, żeby pracodawcy mogli mnie znaleźć i zaprosić do rozmowy').check();
  await page.getByTestId('passive-save').click();
  await expect(page.locator('#passive-categories-error')).toBeVisible();
  await expect(page.locator('#pref-skills-error')).toBeVisible();
  await expect(page.locator('#pref-salary-error')).toBeVisible();
  await expect(page.locator('#passive-contracts-error')).toBeVisible();
  await expectNoViolations(page, 'the passive-candidate form with errors');

  // Filled in: roles, seniority, skills, a city picked from the gazetteer, salary, contracts.
  await form.getByTestId('passive-categories').getByLabel('JavaScript', { exact: true }).check();
  await form.getByLabel('Senior', { exact: true }).check();
  await page.locator('#pref-skills').fill('Rust, SQL');
  await form.getByPlaceholder(/miast/i).fill('Krak');
  await form.getByRole('button', { name: /Kraków/ }).first().click();
  await page.locator('#pref-salary').fill('15000');
  await page.locator('#passive-unit').selectOption('month');
  await form.getByTestId('passive-contracts').getByLabel('B2B').check();
  await page.getByTestId('passive-save').click();
  await expect(form.getByRole('status').filter({ hasText: 'Zapisano' })).toBeVisible();
  await expect(form.getByTestId('passive-status')).toContainText('Pracodawcy mogą Cię znaleźć');
  await shot(page, 'chat-01-form');
  const stored = await candidateChatGet<{ profile: { categories: number[]; preferences: { cities: string[]; skills: string[] }; salaryUnit: string; contractTypes: string[] }; missing: string[] }>(page, '/profile');
  expect(stored.missing).toEqual([]);
  expect(stored.profile.preferences.cities).toEqual(['krakow']);
  expect(stored.profile.preferences.skills).toEqual(['Rust', 'SQL']);
  expect(stored.profile.contractTypes).toEqual(['b2b']);

  // The widget now has the chat: nothing yet, the empty state.
  await page.goto('/');
  await chat.open();
  await expect(chat.root.getByTestId('chat-widget-empty')).toBeVisible();
  await expect(chat.root.getByRole('heading', { name: 'Nie masz jeszcze wiadomości' })).toBeVisible();
  await expectNoViolations(page, 'the widget empty');
});

test('chat-02-loader-no-messaging-and-maintenance', async ({ page, config }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  await registerAndConfirm(page, uniqueEmail('chat-states'));
  const chat = widget(page);
  // The loader while the profile is on its way.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/candidate/chat/profile', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await chat.open();
  await expect(chat.root.getByTestId('chat-widget-loader')).toBeVisible();
  await shot(page, 'chat-02-loader');
  release();
  await expect(chat.root.getByTestId('chat-widget-ad')).toBeVisible();
  await page.unroute('**/v1/candidate/chat/profile');

  // "No messaging" when the chat cannot be read.
  await page.route('**/v1/candidate/chat/profile', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'api_unreachable', message: 'down', field: null }) }));
  await page.reload();
  await chat.open();
  await expect(chat.root.getByTestId('chat-widget-no-messaging')).toBeVisible();
  await page.unroute('**/v1/candidate/chat/profile');

  // Passive-candidate maintenance: the title and subtitle instead of the chat.
  await page.route('**/v1/candidate/chat/profile', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), maintenance: true } });
  });
  await page.reload();
  await chat.open();
  await expect(chat.root.getByTestId('chat-widget-maintenance')).toContainText('Przerwa techniczna');
  await expectNoViolations(page, 'the widget in maintenance');
  await shot(page, 'chat-02-maintenance');
});

test('chat-03-hidden-on-the-terms-page-and-below-md', async ({ page, config }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  await registerAndConfirm(page, uniqueEmail('chat-hidden'));
  await page.goto('/');
  await expect(widget(page).toggle).toBeVisible();
  await page.goto('/terms-and-privacy-policies');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('chat-widget')).toHaveCount(0);
  await page.goto('/all-locations');
  await expect(widget(page).toggle).toBeVisible();
  await page.setViewportSize({ width: 767, height: 900 });
  await expect(page.getByTestId('chat-widget')).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(widget(page).toggle).toBeVisible();
  // A guest has no widget.
  await page.context().clearCookies();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('chat-widget')).toHaveCount(0);
});

test('chat-04-invites-accepted-with-what-is-shared-or-declined-with-a-block', async ({ page, config, request }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  test.setTimeout(150_000);
  const company = `Czat ${Date.now().toString(36)}`;
  const [first, second] = await Promise.all([
    employerWithOffer(request, employerEmail('chat-a'), company, 'Senior Rust Developer'),
    employerWithOffer(request, employerEmail('chat-b'), `${company} Bis`, 'Rust Platform Engineer'),
  ]);
  await registerAndConfirm(page, uniqueEmail('chat-invites'), { firstName: 'Ada', lastName: 'Czat' });
  const ref = await becomePassive(page, config);
  await sendRequest(request, first.token, first.slug, ref, 'Dzień dobry! Szukamy osoby do zespołu Rust: https://example.com/zespol');
  await sendRequest(request, second.token, second.slug, ref, 'Cześć, porozmawiamy?');

  await page.goto('/');
  const chat = widget(page);
  await expect(chat.badge).toContainText('2');
  await chat.open();
  const invites = chat.root.getByTestId('chat-invite');
  await expect(invites).toHaveCount(2);
  const firstInvite = invites.filter({ hasText: 'Senior Rust Developer' });
  await expect(firstInvite).toContainText(company);
  await expect(firstInvite.getByRole('link', { name: 'https://example.com/zespol' })).toHaveAttribute('rel', /noopener/);
  await expectNoViolations(page, 'the widget with invites');
  await shot(page, 'chat-04-invites');

  // Accept sharing the name only: the conversation opens with the employer's first message.
  await firstInvite.getByRole('button', { name: /^Przyjmij/ }).click();
  const accept = page.getByTestId('chat-accept-dialog');
  await accept.getByLabel(/Imię i nazwisko/).check();
  await expect(accept.getByText('Nie masz zapisanych CV.')).toBeVisible();
  await accept.getByRole('button', { name: 'Przyjmij i napisz' }).click();
  await expect(chat.window).toBeVisible();
  await expect(chat.window.getByRole('heading', { name: company })).toBeVisible();
  await expect(chat.window.getByTestId('chat-thread')).toContainText('Szukamy osoby do zespołu Rust');

  // Decline the other and block its company: it is listed with unblock on the settings page.
  const secondInvite = chat.root.getByTestId('chat-invite').filter({ hasText: 'Rust Platform Engineer' });
  await secondInvite.getByRole('button', { name: /^Odrzuć/ }).click();
  const decline = page.getByTestId('chat-decline-dialog');
  await decline.getByLabel(/Zablokuj też tę firmę/).check();
  await decline.getByRole('button', { name: 'Odrzuć zaproszenie' }).click();
  await expect(chat.root.getByTestId('chat-invite')).toHaveCount(0);
  await page.goto('/account/chat');
  const blocked = page.getByTestId('blocked-companies');
  await expect(blocked).toContainText(`${company} Bis`);
  // The list is rendered on the server: a click before hydration would do nothing.
  await hydrated(page);
  await blocked.getByRole('button', { name: `Odblokuj ${company} Bis` }).click();
  await expect(page.getByTestId('blocked-empty')).toBeVisible();
});

test('chat-05-the-window-is-kept-under-CHAT_KEY-and-opened-by-the-chat-query', async ({ page, config, request }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  test.setTimeout(120_000);
  const company = `Okno ${Date.now().toString(36)}`;
  const employer = await employerWithOffer(request, employerEmail('chat-window'), company, 'Rust Developer');
  await registerAndConfirm(page, uniqueEmail('chat-window'));
  const ref = await becomePassive(page, config);
  const { id } = await sendRequest(request, employer.token, employer.slug, ref, 'Witam, czy możemy porozmawiać o ofercie?');
  const accepted = await candidateChatWrite(page, 'POST', `/conversation-requests/${id}/accept`, { shareName: false, shareEmail: false, cvDocumentId: null });
  expect(accepted.status()).toBe(201);
  const conversationId = ((await accepted.json()) as { id: string }).id;

  // ?chat={id} opens the conversation, and the address forgets it.
  await page.goto(`/all-locations?chat=${encodeURIComponent(conversationId)}`);
  const chat = widget(page);
  await expect(chat.window).toBeVisible();
  await expect(page).toHaveURL(/\/all-locations$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('CHAT_KEY') ?? 'null'))).toEqual({ chatId: conversationId, minified: false });
  // 415 px high (spec §9).
  expect((await chat.window.boundingBox())?.height).toBe(415);

  // Send: Enter sends, the message shows, the counter counts.
  const box = chat.window.getByRole('textbox', { name: 'Treść wiadomości' });
  await box.fill('Dzień dobry, chętnie.');
  await expect(chat.window.getByText('21 / 2000')).toBeVisible();
  await box.press('Enter');
  await expect(chat.window.getByTestId('chat-thread')).toContainText('Dzień dobry, chętnie.');
  await expect(chat.window.getByTestId('chat-outgoing')).toHaveCount(0);
  await expectNoViolations(page, 'the conversation window');
  await shot(page, 'chat-05-window');

  // Minimised, it stays minimised after a reload; closed, it stays closed.
  await chat.window.getByRole('button', { name: 'Zminimalizuj rozmowę' }).click();
  await expect(chat.window).toHaveAttribute('data-minified', 'true');
  await page.reload();
  await expect(chat.window).toHaveAttribute('data-minified', 'true');
  await chat.window.getByRole('button', { name: 'Przywróć rozmowę' }).click();
  await expect(chat.window.getByTestId('chat-thread')).toContainText('Dzień dobry, chętnie.');
  await chat.window.getByRole('button', { name: 'Zamknij okno rozmowy' }).click();
  await expect(chat.window).toHaveCount(0);
  await page.reload();
  await expect(chat.toggle).toBeVisible();
  await expect(chat.window).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('CHAT_KEY'))).toBeNull();
});

test('chat-08-not-connected-try-again-and-the-waiting-message-sent-once', async ({ page, config, request }) => {
  expect(config.featureFlags.candidateChat, 'the journeys board has the chat on (wakat.toml)').toBe(true);
  test.setTimeout(120_000);
  const employer = await employerWithOffer(request, employerEmail('chat-offline'), `Offline ${Date.now().toString(36)}`, 'Rust Developer');
  await registerAndConfirm(page, uniqueEmail('chat-offline'));
  const ref = await becomePassive(page, config);
  const { id } = await sendRequest(request, employer.token, employer.slug, ref, 'Czy możemy porozmawiać?');
  const accepted = await candidateChatWrite(page, 'POST', `/conversation-requests/${id}/accept`, { shareName: false, shareEmail: false, cvDocumentId: null });
  const conversationId = ((await accepted.json()) as { id: string }).id;

  // The hub cannot be reached: every WebSocket is closed before its handshake.
  let reachable = false;
  await page.routeWebSocket(/\/hubs\//, (socket) => {
    if (reachable) socket.connectToServer();
    else void socket.close();
  });
  await page.goto(`/?chat=${encodeURIComponent(conversationId)}`);
  const chat = widget(page);
  const notice = chat.window.getByTestId('chat-not-connected');
  await expect(notice).toContainText('Brak połączenia z czatem');
  // Written meanwhile: kept, marked as waiting for the connection.
  const box = chat.window.getByRole('textbox', { name: 'Treść wiadomości' });
  await box.fill('Napisane bez połączenia');
  await box.press('Enter');
  await expect(chat.window.getByTestId('chat-outgoing')).toContainText('Czeka na połączenie');
  await expectNoViolations(page, 'the window without a connection');
  await shot(page, 'chat-08-not-connected');

  // Back: "try again" connects and the waiting message is sent, once.
  reachable = true;
  await notice.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(notice).toHaveCount(0);
  await expect(chat.window.getByTestId('chat-outgoing')).toHaveCount(0);
  await expect(chat.window.getByTestId('chat-thread')).toContainText('Napisane bez połączenia');
  const history = await candidateChatGet<{ items: { text: string | null }[] }>(page, `/conversations/${conversationId}/messages`);
  expect(history.items.filter((item) => item.text === 'Napisane bez połączenia')).toHaveLength(1);
});
