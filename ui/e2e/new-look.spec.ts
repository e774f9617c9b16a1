// The 'new look' popup (work board: flag horizontalPopup, its own layout classic): accepting it
// switches to the horizontal layout, with a visible way back; the choice lives in horizontalTheme.
import { test, expect, hydrated, onHost, shot, MOBILE, type Page } from './fixtures';

const WORK = 'work.localhost';

async function startOnWork(page: Page) {
  // The survey stays away; the popup may show (no horizontalPopup counter).
  await page.context().addCookies([{ name: 'hideSurveyPopup', value: 'true', domain: WORK, path: '/' }]);
}

const horizontalTheme = async (page: Page) => (await page.context().cookies(onHost(WORK))).find((cookie) => cookie.name === 'horizontalTheme')?.value;

test('look-01-accept-new-look-and-go-back', async ({ page }) => {
  await startOnWork(page);
  await page.goto(onHost(WORK, '/krakow'));
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'classic');
  const popup = page.getByTestId('horizontal-popup');
  await expect(popup).toBeVisible();
  await shot(page, 'look-01-popup');

  // Accept: the page reloads in the horizontal layout, with the way back on top. Each reload is
  // asked of a hydrated page: a click before hydration does nothing (CI failed once that way).
  await hydrated(page);
  await Promise.all([page.waitForEvent('load'), popup.getByTestId('horizontal-accept').click()]);
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'horizontal');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'horizontal');
  expect(await horizontalTheme(page)).toBe('always');
  const bar = page.getByTestId('look-bar');
  await expect(bar).toContainText('Oglądasz nowy wygląd serwisu.');
  await expect(page.getByTestId('horizontal-popup')).toHaveCount(0);
  await shot(page, 'look-01-new-look-list');

  // The offer page too: its side boxes move into a row above the description.
  await page.getByTestId('offer-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('offer-title')).toBeVisible();
  await expect(bar).toBeVisible();
  const side = await page.locator('.offer-layout__side').boundingBox();
  const main = await page.locator('.offer-layout__main').boundingBox();
  expect(side!.y, 'side boxes above the main column').toBeLessThan(main!.y);
  await shot(page, 'look-01-new-look-offer');

  // Back to the old look: remembered, no popup again, and a link to try the new one.
  await hydrated(page);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('old-look').click()]);
  await expect(page.getByTestId('look-bar')).toHaveCount(0);
  expect(await horizontalTheme(page)).toBe('never');
  await page.goto(onHost(WORK, '/krakow'));
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'classic');
  await expect(page.locator('html')).not.toHaveAttribute('data-layout', /./);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('horizontal-popup')).toHaveCount(0);
  await hydrated(page);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('new-look').click()]);
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'horizontal');
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('look-02-new-look-mobile', async ({ page }) => {
    await startOnWork(page);
    await page.context().addCookies([{ name: 'horizontalTheme', value: 'always', domain: WORK, path: '/' }]);
    await page.goto(onHost(WORK, '/krakow'));
    await expect(page.getByTestId('look-bar')).toBeVisible();
    await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'horizontal');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'look-02-mobile');
  });
});
