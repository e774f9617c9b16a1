/**
 * The AI assistant of the employer's offer form (issue 26), against the real API and its offline
 * drafter:
 * - the journey: a new offer, the assistant opened from its anchor, the role described in a few
 *   Polish messages, the answer streamed in parts, a message scored, the proposal applied (the
 *   form filled through its own fields, the snackbar), the rest of the form completed, validated,
 *   paid in the sandbox, and the offer on the candidate list;
 * - the popover: Escape (focus back on the anchor) and a click outside close it, at most 650 px
 *   high, the input grows to 16 rows, axe clean, the sheet on a phone, both languages (English in
 *   the dark theme), the assistant greeting and answering in the panel's language;
 * - the company's per-minute limit: "request limit reached", no Try again, no reconnection.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, shot, test, type Locator } from './fixtures';
import { expectNoViolations } from './axe';
import type { APIRequestContext } from '@playwright/test';
import { confirmViaApi, draftOfferViaApi, employerEmail, listedCards, logInEmployer, payInSandbox, pngLogo, signUpViaApi } from './employer';

const popover = (page: Page) => page.getByTestId('assistant-popover');
const input = (page: Page) => page.getByTestId('assistant-input');

/** Opens the assistant and waits for the connection and the greeting. */
async function openAssistant(page: Page, connected = 'Połączono'): Promise<void> {
  await page.getByTestId('assistant-anchor').click();
  await expect(popover(page)).toBeVisible();
  await expect(page.getByTestId('assistant-connection')).toHaveText(connected);
  await expect(popover(page).getByTestId('assistant-bot-message').first()).not.toHaveText('');
  await expect(input(page)).toBeEnabled();
}

/** Sends a message and waits until the answer has ended (the input takes text again) or the limit stops it. */
async function say(page: Page, text: string): Promise<void> {
  const answers = popover(page).getByTestId('assistant-bot-message');
  const before = await answers.count();
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(async () => {
    const limited = await page.getByTestId('assistant-rate-limit').isVisible();
    expect(limited || ((await answers.count()) > before && (await input(page).isEnabled()))).toBe(true);
  }).toPass({ timeout: 20_000 });
}

/** Records the lengths the last assistant message goes through while it streams. */
async function watchStream(page: Page): Promise<void> {
  await page.evaluate(() => {
    const lengths: number[] = [];
    (window as unknown as { streamLengths: number[] }).streamLengths = lengths;
    const thread = document.querySelector('[data-testid=assistant-messages]')!;
    new MutationObserver(() => {
      const bots = thread.querySelectorAll('[data-testid=assistant-bot-message][aria-busy=true] .assistant-message__text');
      const last = bots[bots.length - 1];
      if (last && lengths[lengths.length - 1] !== last.textContent!.length) lengths.push(last.textContent!.length);
    }).observe(thread, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

async function newOfferForm(page: Page, request: APIRequestContext, tag: string): Promise<{ email: string; company: string }> {
  const email = employerEmail(tag);
  const company = `Asystent ${tag} ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  await confirmViaApi(request, email);
  await logInEmployer(page, email, undefined, '/employer/offers/new');
  // The plans page is reached by the login's client-side redirect: its buttons answer once hydrated.
  await hydrated(page);
  await page.getByTestId('choose-pro').click();
  await expect(page.getByTestId('offer-form')).toBeVisible();
  return { email, company };
}

/** A new company with a complete draft offer (made through the API), logged in on its form's edit variant. */
async function draftOfferForm(page: Page, request: APIRequestContext, tag: string, title: string): Promise<void> {
  const email = employerEmail(tag);
  const company = `Asystent ${tag} ${Date.now().toString(36)}`;
  await signUpViaApi(request, email, company);
  const slug = await draftOfferViaApi(request, await confirmViaApi(request, email), company, `${title} ${Date.now().toString(36)}`);
  await logInEmployer(page, email, undefined, `/employer/offers/${slug}/form?variant=edit`);
  await expect(page.getByTestId('offer-form')).toBeVisible();
}

test('assistant-journey', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { company } = await newOfferForm(page, request, 'journey');

  await openAssistant(page);
  // The greeting says what it is; the first message is never scored.
  await expect(popover(page).getByTestId('assistant-bot-message').first()).toContainText('offline');
  await expect(input(page)).toBeFocused();

  // The role, in a few messages.
  await say(page, 'Szukamy doświadczonego programisty Rust do zespołu platformy danych. Stanowisko: Senior Rust Developer.');
  await say(page, 'Wymagamy Rust, PostgreSQL i Kubernetes, mile widziany Docker. Angielski B2.');
  await watchStream(page);
  await say(page, 'Płacimy 20 000–25 000 zł netto na B2B, praca hybrydowa w Warszawie, pełny etat, rekrutacja zdalna.');
  await say(page, 'Hybrydowa.');
  await expect(page.getByTestId('assistant-proposal')).toBeVisible({ timeout: 20_000 });
  // The answer came in parts: the last assistant message grew while it streamed.
  const lengths = await page.evaluate(() => (window as unknown as { streamLengths: number[] }).streamLengths);
  expect(lengths.filter((length) => length > 0).length, `streamed lengths ${lengths.join(',')}`).toBeGreaterThan(1);
  await shot(page, 'assistant-proposal');

  // Score an answer: the control shows about a second after its message ended, once.
  const bots = popover(page).getByTestId('assistant-bot-message');
  await expect(bots.first().getByTestId('assistant-score')).toHaveCount(0);
  const scored = bots.last();
  await expect(scored.getByTestId('assistant-score-up')).toBeVisible();
  await scored.getByTestId('assistant-score-up').click();
  await expect(scored.getByTestId('assistant-score-up')).toHaveAttribute('aria-pressed', 'true');
  await expect(scored.getByTestId('assistant-score-down')).toBeDisabled();

  // Apply: the popover closes (focus back on its anchor), the form is filled, the snackbar says so.
  await page.getByTestId('assistant-apply').click();
  await expect(popover(page)).toHaveCount(0);
  await expect(page.getByTestId('assistant-anchor')).toBeFocused();
  await expect(page.getByTestId('snackbar')).toContainText('Propozycja asystenta została wpisana do formularza');
  const title = await page.locator('#offer-jobPositionName').inputValue();
  expect(title).toContain('Rust');
  await expect(page.locator('#offer-jobPositionExperience')).toHaveValue('senior');
  await expect(page.locator('#offer-primaryEmploymentType')).toHaveValue('b2b');
  await expect(page.locator('#offer-primarySalaryFrom')).toHaveValue('20000');
  await expect(page.locator('#offer-primarySalaryTo')).toHaveValue('25000');
  await expect(page.locator('#offer-salaryCurrency')).toHaveValue('pln');
  await expect(page.getByTestId('working-place').locator('input[value="hybrid"]')).toBeChecked();
  await expect(page.getByTestId('working-time').locator('input[value="full_time"]')).toBeChecked();
  await expect(page.locator('#location-0-city')).toHaveValue('Warszawa');
  await expect(page.getByTestId('requiredSkills-list').getByTestId('skill-row').first()).toBeVisible();
  expect(await page.locator('#offer-jobDescription').inputValue()).not.toBe('');
  // The rest of the form stays as it was.
  await expect(page.locator('#offer-companyName')).toHaveValue(company);

  // What the assistant does not know: the company, the category if it left it out, the application, the consent, the contact.
  await page.locator('#offer-companySize').selectOption('26-50');
  await page.locator('#offer-companyWebsite').fill('https://asystent.example');
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngLogo() });
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  if ((await page.locator('#offer-jobCategory').inputValue()) === '') await page.locator('#offer-jobCategory').selectOption({ index: 1 });
  if ((await page.locator('#offer-jobSubcategory').count()) && (await page.locator('#offer-jobSubcategory').inputValue()) === '') await page.locator('#offer-jobSubcategory').selectOption({ index: 1 });
  if ((await page.locator('#location-0-street').inputValue()) === '') await page.locator('#location-0-street').fill('Marszałkowska 1');
  await page.getByTestId('application-type').locator('input[value="email"]').check();
  await page.locator('#offer-applicationTypeUri').fill('praca@asystent.example');
  await page.locator('#offer-informationClauseText').fill('Administratorem danych osobowych jest Asystent Soft sp. z o.o., ul. Marszałkowska 1, Warszawa.');
  await page.locator('#offer-contactName').fill('Anna Nowak');
  await page.locator('#offer-contactEmail').fill('anna@asystent.example');
  await shot(page, 'assistant-form-filled');

  // The form passes validation: on to the summary, then pay in the sandbox.
  await page.getByTestId('offer-submit').click();
  await expect(page.getByTestId('offer-summary')).toBeVisible();
  await expect(page.getByTestId('summary-title')).toHaveText(title);
  await expect(page.getByTestId('summary-salary').first()).toContainText('20 000–25 000');
  const slug = /\/employer\/offers\/([^/]+)\/summary/.exec(page.url())![1];
  await page.getByTestId('summary-publish').click();
  await payInSandbox(page);

  // On the candidate side.
  await expect.poll(() => listedCards(page, title), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await page.goto(`/job-offer/${slug}`);
  await expect(page.getByTestId('offer-title')).toHaveText(title);

  // Reopening the form shows the conversation with its score.
  await page.goto(`/employer/offers/${slug}/form?variant=edit`);
  await openAssistant(page);
  await expect(popover(page).getByTestId('assistant-user-message')).toHaveCount(4);
  await expect(popover(page).locator('[data-testid=assistant-score-up][aria-pressed=true]')).toHaveCount(1);
});

/** The textarea's height in rows of its line height (without padding and border). */
function rowsOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const inner = element.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
    return Math.round(inner / parseFloat(style.lineHeight));
  });
}

test.describe('assistant popover', () => {
  test.use({ viewport: { width: 1280, height: 1100 } });

  test('assistant-popover', async ({ page, request }) => {
    test.setTimeout(150_000);
    // The edit variant of the form has the assistant too.
    await draftOfferForm(page, request, 'popover', 'Frontend Developer');
    const anchor = page.getByTestId('assistant-anchor');
    await expect(anchor).toHaveAttribute('aria-expanded', 'false');

    await openAssistant(page);
    await expect(anchor).toHaveAttribute('aria-expanded', 'true');
    await expect(input(page)).toBeFocused();
    // At most 650 px high on a 1100 px window.
    const box = (await popover(page).boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(650);
    expect(box.height).toBeGreaterThan(400);
    await expectNoViolations(page, 'assistant popover');

    // The input grows with its lines up to 16 rows, then scrolls.
    expect(await rowsOf(input(page))).toBe(1);
    await input(page).fill(Array.from({ length: 5 }, (_, i) => `linia ${i + 1}`).join('\n'));
    expect(await rowsOf(input(page))).toBe(5);
    await input(page).fill(Array.from({ length: 30 }, (_, i) => `linia ${i + 1}`).join('\n'));
    expect(await rowsOf(input(page))).toBe(16);
    expect(await input(page).evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect((await popover(page).boundingBox())!.height).toBeLessThanOrEqual(650);
    await shot(page, 'assistant-popover-16-rows');
    await input(page).fill('');

    // Escape closes it and gives the focus back to the anchor.
    await page.keyboard.press('Escape');
    await expect(popover(page)).toHaveCount(0);
    await expect(anchor).toBeFocused();
    // The keyboard opens it again; a click outside closes it.
    await page.keyboard.press('Enter');
    await expect(popover(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await page.locator('#offer-companyName').click();
    await expect(popover(page)).toHaveCount(0);
    await expect(page.locator('#offer-companyName')).toBeFocused();

    // A message and its answer; Decline clears a proposal when one comes.
    await openAssistant(page);
    await say(page, 'Szukamy Senior Frontend Developera: React, TypeScript, 18 000–24 000 zł netto na B2B, praca zdalna, pełny etat.');
    await shot(page, 'assistant-desktop-pl');
    if (await page.getByTestId('assistant-proposal').isVisible()) {
      await page.getByTestId('assistant-decline').click();
      await expect(page.getByTestId('assistant-proposal')).toHaveCount(0);
    }
    await expectNoViolations(page, 'assistant popover with a conversation');
  });

  for (const locale of ['pl', 'en'] as const) {
    test.describe(`phone ${locale}`, () => {
      // English in the dark theme, so axe checks the popover's colours in both themes.
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, cookies: locale === 'en' ? { 'wakat-lang': 'en', 'wakat-theme': 'dark' } : {} });

      test(`assistant-phone-${locale}`, async ({ page, request }) => {
        test.setTimeout(120_000);
        await draftOfferForm(page, request, `phone-${locale}`, 'Backend Developer');
        await openAssistant(page, locale === 'en' ? 'Connected' : 'Połączono');
        // The assistant speaks the panel's language, not the board's default (Polish): its
        // greeting, and the answer to a message whose words do not tell a language.
        const english = locale === 'en';
        await expect(popover(page).getByTestId('assistant-bot-message').first()).toContainText(english ? "Hi! I'm the offline job-ad drafter" : 'Jestem offline');
        await say(page, 'Java, Spring, Kafka');
        await expect(popover(page).getByTestId('assistant-bot-message').last()).toContainText(english ? 'Noted: ' : 'Zanotowałem: ');
        // A full-width sheet at the bottom, at most 650 px high.
        const box = (await popover(page).boundingBox())!;
        expect(box.x).toBe(0);
        expect(box.width).toBe(390);
        expect(box.height).toBeLessThanOrEqual(650);
        expect(Math.round(box.y + box.height)).toBe(844);
        await say(page, locale === 'en' ? 'We are hiring a senior Java developer in Kraków, 20,000–25,000 PLN net on B2B, hybrid, full time.' : 'Szukamy Senior Java Developera w Krakowie, 20 000–25 000 zł netto na B2B, hybrydowo, pełny etat.');
        // The whole role in one message: the proposal; the window follows the growing conversation
        // (the score control appearing a second later) so Apply stays in view.
        await expect(popover(page).getByTestId('assistant-bot-message').last().getByTestId('assistant-score')).toBeVisible();
        await expect(page.getByTestId('assistant-apply')).toBeInViewport({ ratio: 1 });
        await expectNoViolations(page, `assistant sheet (${locale})`);
        await shot(page, `assistant-phone-${locale}-sheet`);
        await page.getByTestId('assistant-close').click();
        await expect(popover(page)).toHaveCount(0);
      });
    });
  }
});

test('assistant-rate-limit', async ({ page, request }) => {
  test.setTimeout(150_000);
  await draftOfferForm(page, request, 'limit', 'Data Engineer');
  await openAssistant(page);
  // The company's per-minute limit (the board's `messages_per_minute`, 6 by default) ends in the
  // rate-limit state within a few more messages than that.
  const limit = page.getByTestId('assistant-rate-limit');
  for (let sent = 0; sent < 12 && !(await limit.isVisible()); sent += 1) await say(page, `Wiadomość numer ${sent + 1}: szukamy Data Engineera.`);
  await expect(limit).toContainText('Osiągnięto limit zapytań do asystenta.');
  // No retry: no Try again, the input off, the connection stopped and not restarted by itself.
  await expect(page.getByTestId('assistant-retry')).toHaveCount(0);
  await expect(input(page)).toBeDisabled();
  // The refused message is not in the conversation; its text waits in the input.
  await expect(input(page)).toHaveValue(/^Wiadomość numer \d+/);
  await expect(page.getByTestId('assistant-connection')).toHaveText('Rozłączono');
  await page.waitForTimeout(3_000);
  await expect(page.getByTestId('assistant-connection')).toHaveText('Rozłączono');
  await expect(limit).toBeVisible();
  await shot(page, 'assistant-rate-limit-reached');
  // Closing and opening again within the minute does not reconnect either.
  await page.keyboard.press('Escape');
  await page.getByTestId('assistant-anchor').click();
  await expect(limit).toBeVisible();
  await expect(page.getByTestId('assistant-connection')).toHaveText('Rozłączono');
});
