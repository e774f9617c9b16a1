// Currency journeys: the chooser beside the sort menu (flag currencyChange), `currency` in the list
// address, the `wakat-currency` cookie (offer page, next visit), the removable chip, no JavaScript.
import { test, expect, MOBILE, cookieOf, horizontalOverflow, scrollListPast, type Locator, type Page } from './fixtures';

const YEAR_MINUS_SLACK = 300 * 24 * 3600;

/** The salaries shown on the list's cards (cards without a salary left out). */
const cardSalaries = (page: Page) => page.locator('[data-testid=offer-card] [data-testid=offer-card-salary]:not(.offer-card__salary--none)');

/** The texts that do not name `code`, or a note when there are no texts at all: [] when every salary is in `code`. */
async function notIn(locator: Locator, code: string): Promise<string[]> {
  const texts = await locator.allInnerTexts();
  if (texts.length === 0) return ['(no salaries shown)'];
  return texts.filter((text) => !text.includes(code));
}

/** Every salary of `locator` (default: the cards') shows `code`, eventually. */
async function expectAllIn(page: Page, code: string, locator: Locator = cardSalaries(page), message = `salaries in ${code}`) {
  await expect.poll(() => notIn(locator, code), { message }).toEqual([]);
}

/** Opens the first card that shows a salary; returns the offer page's salaries. */
async function openOfferWithSalary(page: Page): Promise<Locator> {
  const card = page.getByTestId('offer-card').filter({ has: page.locator('.offer-card__salary:not(.offer-card__salary--none)') }).first();
  await card.locator('h2 a').click();
  await expect(page).toHaveURL(/\/job-offer\//);
  return page.getByTestId('offer-salary');
}

test('currency-01-choose-eur-offer-chip', async ({ page }) => {
  await page.goto('/all-locations');
  await expectAllIn(page, 'PLN', cardSalaries(page), 'cards in PLN first');
  const before = await cardSalaries(page).allInnerTexts();
  expect(before.some((text) => /\/\s*(mies\.|godz\.|dzień|rok)$/.test(text)), `pay unit shown: ${before[0]}`).toBe(true);
  const menu = page.getByTestId('currency-menu');
  await menu.locator('summary').click();
  await menu.locator('a[data-currency=eur]').click();
  await expect(page).toHaveURL(/[?&]currency=eur/);
  await expectAllIn(page, 'EUR');
  await expect(menu.locator('summary strong')).toHaveText('EUR');
  await expect(page.locator('a[data-chip="currency"]')).toBeVisible();
  await expect.poll(async () => (await cookieOf(page, 'wakat-currency'))?.value).toBe('eur');
  expect((await cookieOf(page, 'wakat-currency'))!.expires).toBeGreaterThan(Date.now() / 1000 + YEAR_MINUS_SLACK);

  // The more-filters dialog shows (and sends) salaries in EUR.
  await page.getByTestId('open-more-filters').click();
  await expect(page.getByTestId('salary-currency')).toHaveText(/^EUR/, { useInnerText: true });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL((url) => !url.hash);

  // Infinite paging (by-cursor) keeps the currency.
  await scrollListPast(page, 100);
  const later = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-row-index]')]
        .filter((row) => Number(row.getAttribute('data-row-index')) >= 100)
        .map((row) => row.querySelector('.offer-card__salary:not(.offer-card__salary--none)')?.textContent)
        .filter((text): text is string => !!text),
    );
  await expect.poll(async () => {
    const texts = await later();
    return texts.length > 0 ? texts.filter((text) => !text.includes('EUR')) : ['(no salaries beyond row 100)'];
  }, { message: 'second page in EUR' }).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));

  const offer = await openOfferWithSalary(page);
  await expectAllIn(page, 'EUR', offer, 'offer salary in EUR');
  await page.goBack();
  await expect(page).toHaveURL(/[?&]currency=eur/);

  await page.locator('a[data-chip="currency"]').click();
  await expect(page).toHaveURL((url) => !url.search.includes('currency'));
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('[data-testid=offer-card-salary]')].some((el) => el.textContent?.includes('PLN'))), {
      message: 'salaries back in PLN',
    })
    .toBe(true);
  await expectAllIn(page, 'PLN', cardSalaries(page), 'cards back in PLN');
  await expect(page.locator('a[data-chip="currency"]')).toHaveCount(0);
  await expect.poll(async () => (await cookieOf(page, 'wakat-currency'))?.value, { message: 'cookie back to pln' }).toBe('pln');
});

test('currency-02-cookie-next-visit-url-wins', async ({ page }) => {
  await page.goto('/all-locations?currency=usd');
  await expectAllIn(page, 'USD');
  // The next visit without the parameter uses the cookie; links carry it.
  await page.goto('/krakow');
  await expectAllIn(page, 'USD', cardSalaries(page), 'cookie used on the next visit');
  await expect(page.locator('a[data-chip="currency"]'), 'chip for the cookie currency').toBeVisible();
  // The address wins over the cookie.
  await page.goto('/krakow?currency=gbp');
  await expectAllIn(page, 'GBP', cardSalaries(page), 'the address wins over the cookie');
  // Malformed values are dropped (the address is cleaned), the cookie applies.
  await page.goto('/krakow?currency=xyz');
  await expect(page).toHaveURL((url) => url.searchParams.get('currency') === 'gbp');
  // English: same parameter name, English unit.
  await page.goto('/all-locations?currency=chf&lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectAllIn(page, 'CHF');
  const english = await cardSalaries(page).allInnerTexts();
  expect(english.some((text) => /\/\s*(month|hour|day|year)$/.test(text)), `English unit: ${english[0]}`).toBe(true);
  await expect(page).toHaveURL((url) => url.searchParams.get('currency') === 'chf');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('currency-03-no-javascript', async ({ page }) => {
    await page.goto('/all-locations');
    const menu = page.getByTestId('currency-menu');
    await menu.locator('summary').click();
    await menu.locator('a[data-currency=eur]').click();
    await expect(page).toHaveURL(/[?&]currency=eur/);
    await expectAllIn(page, 'EUR', cardSalaries(page), 'cards in EUR without JavaScript');
    const offer = await openOfferWithSalary(page);
    await expectAllIn(page, 'EUR', offer, 'offer salary in EUR without JavaScript');
    await page.goto('/all-locations');
    await expectAllIn(page, 'EUR', cardSalaries(page), 'cookie used without JavaScript');
    // The chip links to currency=pln, which is stored and then dropped from the address (a redirect).
    const clean = page.waitForResponse((response) => response.request().isNavigationRequest() && new URL(response.url()).search === '' && response.status() === 200);
    await page.locator('a[data-chip="currency"]').click();
    await clean;
    await page.waitForLoadState('load');
    await expect(page).toHaveURL((url) => url.search === '');
    await expectAllIn(page, 'PLN', cardSalaries(page), 'back in PLN without JavaScript');
  });
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('currency-04-mobile-360', async ({ page }) => {
    await page.goto('/all-locations?currency=eur');
    expect(await horizontalOverflow(page), 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
    const menu = page.getByTestId('currency-menu');
    await menu.locator('summary').click();
    await expect(menu.locator('a[data-currency=gbp]')).toBeVisible();
  });
});
