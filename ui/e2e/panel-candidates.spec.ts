// "Candidates for this offer" (issue 25): the employer panel lists the board's passive candidates
// ranked by how well their preferences match an active offer, anonymous (no name, e-mail or CV),
// each match explained per criterion; a conversation request goes out with a first message, its
// status shows on the card, and the company's daily limit is shown and enforced. Candidates are
// made through the API (register, confirm, `PUT /v1/candidate/chat/profile`).
import { test, expect, apiURL, horizontalOverflow, onHost, quietPopups, shot, tenant, type Page } from './fixtures';
import { expectNoViolations } from './axe';
import { EMPLOYER_PASSWORD, employerEmail, logInEmployer } from './employer';
import { employerWithOffer, publishOfferFor, type OfferPlace } from './panel';
import { answerInvite, candidatesViaApi, categoryValue, passiveCandidate, requestViaApi, retire, type PassiveCandidate, type PassivePreferences } from './passive-candidates';

/**
 * The day's limit on the page. Scoped to the page's section: while React streams the ranked list,
 * its resolved copy waits in a hidden element outside the section (CI once met both at once).
 */
const limitOn = (page: Page) => onPage(page).getByTestId('candidates-limit');

/** The page's own section: every page-level locator goes through it, for the reason above (CI met a second list too). */
const onPage = (page: Page) => page.getByTestId('offer-candidates');

const stamp = () => Date.now().toString(36);

/** A skill no other journey's offer or candidate has: only this journey's own candidates match its offer fully. */
const ownSkill = () => `Zorglub${Math.random().toString(36).slice(2, 8)}`;

/** The candidates a journey made, closed to offers after it (pass or fail). */
const made: PassiveCandidate[] = [];
test.afterEach(async () => retire(made));

/** A JavaScript / React offer of the `it` board requiring Rust and `skill`. */
const reactOffer = (skill: string): OfferPlace => ({ board: tenant, category: 'javascript', subcategory: 'react', requiredSkills: ['Rust', skill] });

async function passive(...args: Parameters<typeof passiveCandidate>): Promise<PassiveCandidate> {
  const person = await passiveCandidate(...args);
  made.push(person);
  return person;
}

/** The offer of `employerWithOffer`: senior, JavaScript / React, Rust and `skill` required, Go nice to have, B2B 10–20k PLN a month, Kraków. */
function preferences(javascript: number, devops: number, skill: string) {
  const strong: PassivePreferences = {
    skills: ['Rust', skill, 'Go'], experienceLevels: ['senior'], cities: ['krakow'], remote: false,
    salaryMin: 15000, currency: 'pln', salaryUnit: 'month', categories: [javascript], contractTypes: ['b2b'],
  };
  const middle: PassivePreferences = {
    skills: ['Rust', 'Python'], experienceLevels: ['mid'], cities: ['warszawa'], remote: true,
    salaryMin: 19000, currency: 'pln', salaryUnit: 'month', categories: [javascript], contractTypes: ['permanent'],
  };
  const weak: PassivePreferences = {
    skills: ['Excel'], experienceLevels: ['junior'], cities: ['gdansk'], remote: false,
    salaryMin: 45000, currency: 'pln', salaryUnit: 'month', categories: [devops], contractTypes: ['permanent'],
  };
  return { strong, middle, weak };
}

// Visible only: while the list streams in, React keeps a hidden copy until it swaps it in.
const card = (page: Page, ref: string) => onPage(page).locator(`[data-testid="candidate-card"][data-ref="${ref}"]`).filter({ visible: true });

/** Where each reference stands in the list (-1: not listed). */
async function positions(page: Page, refs: string[]): Promise<number[]> {
  const listed = await onPage(page).getByTestId('candidate-card').evaluateAll((cards) => cards.map((element) => element.getAttribute('data-ref')));
  return refs.map((ref) => listed.indexOf(ref));
}

test('panel-candidates-01-ranked-anonymous-explained-and-a-request-sent', async ({ page, request, playwright, config }) => {
  test.setTimeout(180_000);
  const skill = ownSkill();
  const company = `Candidates Soft ${stamp()}`;
  const email = employerEmail('panel-candidates');
  const { token, slug } = await employerWithOffer(request, email, company, `Rust React Developer ${stamp()}`, reactOffer(skill));
  const wanted = preferences(categoryValue(config, 'javascript'), categoryValue(config, 'devops'), skill);
  const [strong, middle, weak] = await Promise.all([
    passive(playwright, request, 'pc-strong', wanted.strong),
    passive(playwright, request, 'pc-middle', wanted.middle),
    passive(playwright, request, 'pc-weak', wanted.weak),
  ]);
  // Another recruiter of the company asked two of them already: one accepted, one declined.
  for (const asked of [middle, weak]) expect((await requestViaApi(request, token, slug, asked.ref)).status()).toBe(201);
  await answerInvite(middle, 'accept');
  await answerInvite(weak, 'decline');
  const before = await candidatesViaApi(request, token, slug);
  expect(before.sentToday).toBe(2);

  await logInEmployer(page, email, EMPLOYER_PASSWORD, `/employer/offers/${slug}`);
  // The offer's page leads there.
  await expect(page.getByTestId('offer-candidates-teaser')).toBeVisible();
  await page.getByTestId('offer-candidates-link').click();
  await expect(page).toHaveURL(new RegExp(`/employer/offers/${slug}/candidates$`));
  await expect(onPage(page).getByTestId('candidates-list')).toBeVisible();

  // Best match first.
  const [first, second, third] = await positions(page, [strong.ref, middle.ref, weak.ref]);
  expect(first, 'the strong match is listed').toBeGreaterThanOrEqual(0);
  expect(second, 'the middle match comes after it').toBeGreaterThan(first);
  expect(third, 'the weak match comes last').toBeGreaterThan(second);
  const percent = async (ref: string) => Number(await card(page, ref).getAttribute('data-percent'));
  expect(await percent(strong.ref), 'every criterion met').toBe(100);
  expect(await percent(strong.ref)).toBeGreaterThan(await percent(middle.ref));
  expect(await percent(middle.ref)).toBeGreaterThan(await percent(weak.ref));

  // Anonymous: what they want, never who they are.
  const best = card(page, strong.ref);
  await expect(best.getByTestId('candidate-match')).toContainText(`${await percent(strong.ref)}%`);
  await expect(best).toContainText('Senior');
  await expect(best.getByTestId('candidate-skills')).toContainText(`Rust, ${skill}, Go`);
  await expect(best.getByTestId('candidate-place')).toContainText('Kraków');
  await expect(best.getByTestId('candidate-salary')).toContainText('15 000 PLN / mies.');
  await expect(best.getByTestId('candidate-categories')).toContainText('JavaScript');
  await expect(best.getByTestId('candidate-contracts')).toContainText('B2B');
  const html = await page.content();
  for (const person of [strong, middle, weak]) expect(html, 'no e-mail of a candidate').not.toContain(person.email);
  expect(html).not.toContain('Passive');

  // The statuses of the earlier requests; the accepted one opens its conversation.
  await expect(card(page, middle.ref).getByTestId('candidate-request-status')).toHaveText('Przyjęta');
  await expect(card(page, middle.ref).getByTestId('candidate-conversation-link')).toHaveAttribute('href', /^\/employer\/chat\?conversation=.+/);
  await expect(card(page, weak.ref).getByTestId('candidate-request-status')).toHaveText('Odrzucona');
  await expect(card(page, weak.ref).getByTestId('candidate-ask')).toHaveCount(0);
  await expect(limitOn(page)).toContainText(`2 z ${before.dailyLimit}`);

  // The explanation is a disclosure, opened from the keyboard: one line per criterion.
  const why = best.getByTestId('candidate-why');
  await why.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(why).toHaveAttribute('open', '');
  const lines = why.locator('[data-criterion]');
  await expect(lines).toHaveCount(6);
  await expect(why.locator('[data-criterion="skills"]')).toContainText(`Rust, ${skill}, Go`);
  await expect(why.locator('[data-criterion="seniority"]')).toContainText('pasuje w pełni');
  await expect(why.locator('[data-criterion="place"]')).toContainText('Kraków');
  const middleWhy = card(page, middle.ref).getByTestId('candidate-why');
  await middleWhy.locator('summary').click();
  await expect(middleWhy.locator('[data-criterion="contractTypes"]')).toContainText('nie pasuje');
  await expect(middleWhy.locator('[data-criterion="seniority"]')).toHaveAttribute('data-percent', /^(?!100$)\d+$/);
  await expectNoViolations(page, 'candidates for an offer');
  await shot(page, 'panel-candidates-01-list');

  // The request dialog, by keyboard: the first message is required and at most 2,000 characters.
  await best.getByTestId('candidate-ask').focus();
  await page.keyboard.press('Enter');
  const dialog = onPage(page).getByTestId('candidate-request-dialog');
  await expect(dialog).toBeVisible();
  const message = dialog.locator('#candidate-request-message');
  await expect(message).toBeFocused();
  await dialog.getByTestId('candidate-request-send').click();
  await expect(dialog.getByTestId('candidate-request-message-error')).toHaveText('Napisz pierwszą wiadomość.');
  await message.fill('x'.repeat(2001));
  await expect(dialog.getByTestId('candidate-request-counter')).toContainText('2001 / 2000');
  await dialog.getByTestId('candidate-request-send').click();
  await expect(dialog.getByTestId('candidate-request-message-error')).toContainText('2000');
  await message.fill('Dzień dobry! Szukamy osoby z Rustem do zespołu w Krakowie. Porozmawiamy?');
  await expect(dialog.getByTestId('candidate-request-message-error')).toHaveCount(0);
  await expectNoViolations(page, 'the conversation request dialog');
  await shot(page, 'panel-candidates-01-dialog');
  await dialog.getByTestId('candidate-request-send').click();
  await expect(dialog).toBeHidden();
  await expect(best.getByTestId('candidate-request-status')).toHaveText('Prośba wysłana');
  await expect(best.getByTestId('candidate-ask')).toHaveCount(0);
  await expect(onPage(page).getByTestId('candidates-notice-success')).toContainText('Wysłano prośbę');
  await expect(limitOn(page)).toContainText(`3 z ${before.dailyLimit}`);
  // Focus is not lost with the button that went: it is on the card's new status.
  await expect(best.locator('.candidate-card__status')).toBeFocused();

  // The server has it: after a reload the card still says so, and the candidate got the invite.
  await page.reload();
  await expect(card(page, strong.ref).getByTestId('candidate-request-status')).toHaveText('Prośba wysłana');
  const invites = (await (await strong.api.get(`${apiURL}/api/it/v1/candidate/chat/conversation-requests?status=received`)).json()) as { items: { firstMessage: string }[] };
  expect(invites.items.map((invite) => invite.firstMessage)).toContain('Dzień dobry! Szukamy osoby z Rustem do zespołu w Krakowie. Porozmawiamy?');

  // The dark theme reads as well: statuses, marks and bars keep their contrast.
  await page.context().addCookies([{ name: 'wakat-theme', value: 'dark', url: page.url() }]);
  await page.reload();
  await card(page, middle.ref).getByTestId('candidate-why').locator('summary').click();
  await card(page, middle.ref).scrollIntoViewIfNeeded();
  await expectNoViolations(page, 'candidates in the dark theme');
  await shot(page, 'panel-candidates-01-dark');
});

test('panel-candidates-02-the-daily-limit-is-shown-and-its-refusal-said-clearly', async ({ page, request, playwright, config }) => {
  test.setTimeout(240_000);
  const skill = ownSkill();
  const company = `Limit Soft ${stamp()}`;
  const email = employerEmail('panel-limit');
  const { token, slug } = await employerWithOffer(request, email, company, `Rust Limit Developer ${stamp()}`, reactOffer(skill));
  const wanted = preferences(categoryValue(config, 'javascript'), categoryValue(config, 'devops'), skill);
  const people = await Promise.all([0, 1, 2, 3, 4].map((index) => passive(playwright, request, `pc-limit-${index}`, wanted.strong)));
  const { dailyLimit } = await candidatesViaApi(request, token, slug);
  expect(dailyLimit).toBeGreaterThan(0);

  await logInEmployer(page, email, EMPLOYER_PASSWORD, `/employer/offers/${slug}/candidates`);
  await expect(limitOn(page)).toContainText(`0 z ${dailyLimit}`);

  // Meanwhile other recruiters use up the day's requests: each candidate once per offer, so over
  // as many offers as it takes, leaving the last candidate of this offer unasked.
  const pairs: [string, string][] = people.slice(0, -1).map((person) => [slug, person.ref]);
  while (pairs.length < dailyLimit) {
    const extra = await publishOfferFor(request, token, company, `Rust Limit Extra ${stamp()}`, reactOffer(skill));
    pairs.push(...people.map((person): [string, string] => [extra, person.ref]));
  }
  for (const [offer, ref] of pairs.slice(0, dailyLimit)) expect((await requestViaApi(request, token, offer, ref)).status(), `request ${offer} ${ref}`).toBe(201);
  const over = await requestViaApi(request, token, slug, people[people.length - 1].ref);
  expect(over.status(), 'the API refuses a request over the limit').toBe(429);
  expect(((await over.json()) as { code: string }).code).toBe('chatDailyLimit');

  // This page still offers the last candidate: the refusal is said in the dialog and on the page.
  const last = card(page, people[people.length - 1].ref);
  await last.getByTestId('candidate-ask').click();
  const dialog = onPage(page).getByTestId('candidate-request-dialog');
  await dialog.locator('#candidate-request-message').fill('Czy możemy porozmawiać o ofercie?');
  await dialog.getByTestId('candidate-request-send').click();
  await expect(dialog.getByTestId('candidate-request-error')).toContainText('wszystkie dzisiejsze prośby');
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'the daily limit refusal');
  await shot(page, 'panel-candidates-02-limit');
  await dialog.getByRole('button', { name: 'Anuluj' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(onPage(page).getByTestId('candidates-notice-error')).toContainText('wszystkie dzisiejsze prośby');
  await expect(limitOn(page)).toContainText(`${dailyLimit} z ${dailyLimit}`);
  await expect(last.getByTestId('candidate-request-status')).toHaveCount(0);

  // A new visit shows the day used up.
  await page.reload();
  await expect(limitOn(page)).toContainText(`${dailyLimit} z ${dailyLimit}`);
  await expect(limitOn(page)).toContainText('wykorzystany');
  // The dialog says so before anything is written.
  await last.getByTestId('candidate-ask').click();
  await expect(dialog.getByTestId('candidate-request-limit-used')).toContainText('wykorzystany');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('panel-candidates-03-cards-fit-a-phone-in-english', async ({ page, request, playwright, config }) => {
    test.setTimeout(150_000);
    const skill = ownSkill();
    const email = employerEmail('panel-candidates-phone');
    const { slug } = await employerWithOffer(request, email, `Phone Soft ${stamp()}`, `Rust Phone Developer ${stamp()}`, reactOffer(skill));
    const wanted = preferences(categoryValue(config, 'javascript'), categoryValue(config, 'devops'), skill);
    const person = await passive(playwright, request, 'pc-phone', { ...wanted.middle, remote: true, currency: 'eur', salaryUnit: 'hour', salaryMin: 60 });
    await logInEmployer(page, email, EMPLOYER_PASSWORD, `/employer/offers/${slug}/candidates?lang=en`);
    await expect(page.locator('h1')).toHaveText('Candidates for this offer');
    const mine = card(page, person.ref);
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('candidate-salary')).toContainText('60 EUR / hour');
    await expect(mine.getByTestId('candidate-place')).toContainText('Remote');
    expect(await horizontalOverflow(page), 'the page does not scroll sideways').toBeLessThanOrEqual(0);
    const box = await mine.boundingBox();
    expect(box!.width, 'a card is as wide as the screen').toBeLessThanOrEqual(390);
    await mine.getByTestId('candidate-why').locator('summary').click();
    await expect(mine.locator('[data-criterion="skills"]')).toContainText('Skills:');
    await mine.scrollIntoViewIfNeeded();
    await shot(page, 'panel-candidates-03-phone-card');
    await expectNoViolations(page, 'candidates on a phone');

    await mine.getByTestId('candidate-ask').click();
    const dialog = onPage(page).getByTestId('candidate-request-dialog');
    await expect(dialog).toBeVisible();
    await dialog.locator('#candidate-request-message').fill('Hello! Would you like to talk about a Rust role?');
    const send = dialog.getByTestId('candidate-request-send');
    await expect(send).toBeInViewport();
    await expectNoViolations(page, 'the request dialog on a phone');
    await shot(page, 'panel-candidates-03-phone-dialog');
    await send.click();
    await expect(dialog).toBeHidden();
    await expect(mine.getByTestId('candidate-request-status')).toHaveText('Request sent');
  });
});

test('panel-candidates-04-a-board-without-the-chat-shows-none-of-it', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The work board has `candidateChat` off.
  const board = 'work';
  const configuration = (await (await request.get(`${apiURL}/api/${board}/v2/user-panel/configuration`)).json()) as { featureFlags: Record<string, boolean> };
  expect(configuration.featureFlags.candidateChat).toBe(false);
  const email = employerEmail('panel-candidates-off');
  const { token, slug } = await employerWithOffer(request, email, `Sales Soft ${stamp()}`, `Sales Representative ${stamp()}`, { board, category: 'sales', subcategory: 'field-sales' });
  const api = await request.get(`${apiURL}/api/${board}/v2/employer-panel/offers/${slug}/candidates`, { headers: { Authorization: `Bearer ${token}` } });
  expect(api.status(), 'the API has no such path on this board').toBe(404);

  await quietPopups(page, ['work.localhost']);
  await page.goto(onHost('work.localhost', `/employer/login?next=${encodeURIComponent(`/employer/offers/${slug}`)}`));
  await page.locator('#employer-login-email').fill(email);
  await page.locator('#employer-login-password').fill(EMPLOYER_PASSWORD);
  await page.getByTestId('employer-login-submit').click();
  await expect(page.getByTestId('manage-offer')).toBeVisible();
  await expect(page.getByTestId('manage-offer')).toHaveAttribute('data-state', 'published');
  await expect(page.getByTestId('offer-candidates-teaser')).toHaveCount(0);
  await expect(page.getByTestId('offer-candidates-link')).toHaveCount(0);
  const direct = await page.goto(onHost('work.localhost', `/employer/offers/${slug}/candidates`));
  expect(direct?.status()).toBe(404);
});
