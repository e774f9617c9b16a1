// The header's search bar: suggestions from 2 characters (300 ms, a new call aborts the previous),
// last searches for shorter input, empty input ignored; the homepage keeps its own hero search.
import { test, expect, MOBILE, shot, type Page } from './fixtures';

const SUGGEST = '/v2/user-panel/offers/suggest';

function suggestCalls(page: Page) {
  const started: string[] = [];
  const aborted: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(SUGGEST)) started.push(new URL(request.url()).searchParams.get('keyword') ?? '');
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes(SUGGEST)) aborted.push(new URL(request.url()).searchParams.get('keyword') ?? '');
  });
  return { started, aborted };
}

test('header-01-suggestions-from-two-characters-and-last-searches', async ({ page }) => {
  await page.goto('/krakow');
  await page.evaluate(() => localStorage.setItem('lastSearch', JSON.stringify([{ title: 'Kotlin', variant: 'skills' }, { title: 'data engineer', variant: 'keyword' }])));
  await page.reload();
  const calls = suggestCalls(page);
  const search = page.getByRole('search', { name: 'Szybkie wyszukiwanie' });
  const input = search.getByRole('combobox');
  const list = page.getByTestId('header-suggestions');

  // Shorter than 2 characters: the last searches, and no call.
  await input.click();
  await expect(list.getByRole('option')).toHaveText([/Kotlin/, /data engineer/]);
  await input.pressSequentially('j');
  await expect(list).toContainText('Ostatnie wyszukiwania');
  await page.waitForTimeout(500);
  expect(calls.started, 'no call below 2 characters').toEqual([]);

  // Two characters: one call, 300 ms after typing stops.
  await input.pressSequentially('a');
  await expect(list).toContainText('Technologie');
  expect(calls.started).toEqual(['ja']);
  await shot(page, 'header-01-suggestions');

  // A picked skill opens the whole list with that skill, and is remembered.
  await list.getByRole('option', { name: /^Java \d+$/ }).click();
  await expect(page).toHaveURL(/\/all-locations\?skills=Java/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lastSearch') ?? '[]'));
  expect(stored[0]).toEqual({ title: expect.stringMatching(/^Java/), variant: 'skills' });
});

test('header-02-new-call-aborts-previous-and-empty-input-is-ignored', async ({ page }) => {
  await page.goto('/all-locations');
  const calls = suggestCalls(page);
  // The first answer is slow, so it is still in flight when the text changes.
  let first = true;
  await page.route(`**${SUGGEST}*`, async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    await route.continue().catch(() => {});
  });
  const input = page.locator('#header-search-keyword');
  await input.fill('py');
  await expect.poll(() => calls.started).toEqual(['py']);
  await input.pressSequentially('t');
  await expect.poll(() => calls.aborted, { message: 'the call for "py" is aborted' }).toEqual(['py']);
  await expect(page.getByTestId('header-suggestions')).toContainText('Python');
  expect(calls.started).toEqual(['py', 'pyt']);

  // Empty (or blank) input: Enter does nothing.
  await input.fill('   ');
  await input.press('Enter');
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/all-locations$/);

  // A typed keyword opens the list with it.
  await input.fill('python');
  await input.press('Escape');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/all-locations\?keyword=python$/);
  await expect(page.getByTestId('count-heading')).toBeVisible();
});

test('header-03-not-on-the-homepage', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await expect(page.getByTestId('header-search')).toHaveCount(0);
  await expect(page.locator('#home-search-keyword')).toBeVisible();
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('header-04-mobile-header-search', async ({ page }) => {
    await page.goto('/all-locations');
    const input = page.locator('#header-search-keyword');
    await expect(input).toBeVisible();
    const box = await input.boundingBox();
    expect(box?.width ?? 0, 'the field takes the header width below the brand').toBeGreaterThan(280);
    await input.fill('re');
    await expect(page.getByTestId('header-suggestions')).toBeVisible();
    await shot(page, 'header-04-mobile-suggestions');
  });
});
