// Currency journeys: the chooser beside the sort menu (flag currencyChange), `currency` in the list
// address, the `wakat-currency` cookie (offer page, next visit), the removable chip, no JavaScript.
export default async function currencyJourneys({ journey, baseUrl, assert }) {
  const salaries = (page) => page.locator('[data-testid=offer-card] [data-testid=offer-card-salary]:not(.offer-card__salary--none)').allInnerTexts();
  const allIn = (texts, code) => texts.length > 0 && texts.every((text) => text.includes(code));
  const cookieOf = async (page) => (await page.context().cookies()).find((cookie) => cookie.name === 'wakat-currency');

  /** Opens the first card that shows a salary and returns its offer page salaries. */
  async function openOfferWithSalary(page) {
    const card = page.locator('[data-testid=offer-card]').filter({ has: page.locator('.offer-card__salary:not(.offer-card__salary--none)') }).first();
    await Promise.all([page.waitForURL(/\/job-offer\//), card.locator('h2 a').click()]);
    return page.getByTestId('offer-salary').allInnerTexts();
  }

  await journey('currency-01-choose-eur-offer-chip', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    const before = await salaries(page);
    assert(allIn(before, 'PLN'), `cards not in PLN first: ${before.slice(0, 3).join(' | ')}`);
    assert(before.some((text) => /\/\s*(mies\.|godz\.|dzień|rok)$/.test(text)), `no pay unit shown: ${before[0]}`);
    const menu = page.getByTestId('currency-menu');
    await menu.locator('summary').click();
    await Promise.all([page.waitForURL(/[?&]currency=eur/), menu.locator('a[data-currency=eur]').click()]);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=offer-card-salary]')].some((el) => el.textContent.includes('EUR')));
    const eur = await salaries(page);
    assert(allIn(eur, 'EUR'), `cards not in EUR: ${eur.slice(0, 3).join(' | ')}`);
    assert((await menu.locator('summary strong').innerText()) === 'EUR', 'chooser does not show EUR');
    assert(await page.locator('a[data-chip="currency"]').isVisible(), 'currency chip missing');
    const cookie = await cookieOf(page);
    assert(cookie?.value === 'eur' && cookie.expires > Date.now() / 1000 + 300 * 24 * 3600, `cookie ${JSON.stringify(cookie)}`);

    // The more-filters dialog shows (and sends) salaries in EUR.
    await page.getByTestId('open-more-filters').click();
    assert((await page.getByTestId('salary-currency').innerText()).startsWith('EUR'), 'salary filter not in EUR');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !window.location.hash);

    // Infinite paging (by-cursor) keeps the currency.
    const loaded = () => page.evaluate(() => Number(document.querySelector('[data-testid=offer-list]')?.getAttribute('data-loaded') ?? 0));
    for (let i = 0; i < 40 && (await loaded()) <= 100; i += 1) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
    }
    await page.waitForFunction(() => [...document.querySelectorAll('[data-row-index]')].some((row) => Number(row.getAttribute('data-row-index')) >= 100 && row.querySelector('[data-testid=offer-card]')));
    const later = await page.evaluate(() =>
      [...document.querySelectorAll('[data-row-index]')]
        .filter((row) => Number(row.getAttribute('data-row-index')) >= 100)
        .map((row) => row.querySelector('.offer-card__salary:not(.offer-card__salary--none)')?.textContent)
        .filter(Boolean),
    );
    assert(allIn(later, 'EUR'), `second page not in EUR: ${later.slice(0, 3).join(' | ')}`);
    await page.evaluate(() => window.scrollTo(0, 0));

    const offer = await openOfferWithSalary(page);
    assert(allIn(offer, 'EUR'), `offer salary not in EUR: ${offer.join(' | ')}`);
    await page.goBack();
    await page.waitForURL(/[?&]currency=eur/);

    const chip = page.locator('a[data-chip="currency"]');
    await Promise.all([page.waitForURL((url) => !url.search.includes('currency')), chip.click()]);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=offer-card-salary]')].some((el) => el.textContent.includes('PLN')), null, { timeout: 15000 }).catch(async () => {
      throw new Error(`still not PLN at ${page.url()}, cookie ${JSON.stringify(await cookieOf(page))}`);
    });
    const after = await salaries(page);
    assert(allIn(after, 'PLN'), `cards not back in PLN: ${after.slice(0, 3).join(' | ')}`);
    assert((await page.locator('a[data-chip="currency"]').count()) === 0, 'chip still shown');
    assert((await cookieOf(page))?.value === 'pln', 'cookie not back to pln');
  });

  await journey('currency-02-cookie-next-visit-url-wins', async (page) => {
    await page.goto(`${baseUrl}/all-locations?currency=usd`);
    assert(allIn(await salaries(page), 'USD'), 'not in USD');
    // The next visit without the parameter uses the cookie; links carry it.
    await page.goto(`${baseUrl}/krakow`);
    assert(allIn(await salaries(page), 'USD'), 'cookie not used on the next visit');
    assert(await page.locator('a[data-chip="currency"]').isVisible(), 'chip missing for the cookie currency');
    // The address wins over the cookie.
    await page.goto(`${baseUrl}/krakow?currency=gbp`);
    assert(allIn(await salaries(page), 'GBP'), 'URL did not win over the cookie');
    // Malformed values are dropped (the address is cleaned), the cookie applies.
    await page.goto(`${baseUrl}/krakow?currency=xyz`);
    assert(new URL(page.url()).searchParams.get('currency') === 'gbp', `url ${page.url()}`);
    // English: same parameter name, English unit.
    await page.goto(`${baseUrl}/all-locations?currency=chf&lang=en`);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    const english = await salaries(page);
    assert(allIn(english, 'CHF') && english.some((text) => /\/\s*(month|hour|day|year)$/.test(text)), `english ${english[0]}`);
    assert(new URL(page.url()).searchParams.get('currency') === 'chf', `url ${page.url()}`);
  });

  await journey('currency-03-no-javascript', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    const menu = page.getByTestId('currency-menu');
    await menu.locator('summary').click();
    await Promise.all([page.waitForURL(/[?&]currency=eur/), menu.locator('a[data-currency=eur]').click()]);
    assert(allIn(await salaries(page), 'EUR'), 'cards not in EUR without JavaScript');
    const offer = await openOfferWithSalary(page);
    assert(allIn(offer, 'EUR'), `offer salary not in EUR without JavaScript: ${offer.join(' | ')}`);
    await page.goto(`${baseUrl}/all-locations`);
    assert(allIn(await salaries(page), 'EUR'), 'cookie not used without JavaScript');
    const clean = page.waitForResponse((response) => response.request().isNavigationRequest() && new URL(response.url()).search === '' && response.status() === 200);
    await Promise.all([clean, page.locator('a[data-chip="currency"]').click()]);
    await page.waitForLoadState('load');
    assert(new URL(page.url()).search === '', `url ${page.url()}`);
    assert(allIn(await salaries(page), 'PLN'), 'not back in PLN without JavaScript');
  }, { javaScriptEnabled: false });

  await journey('currency-04-mobile-360', async (page) => {
    await page.goto(`${baseUrl}/all-locations?currency=eur`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert(overflow <= 0, `horizontal overflow ${overflow}px at 360px`);
    const menu = page.getByTestId('currency-menu');
    await menu.locator('summary').click();
    assert(await menu.locator('a[data-currency=gbp]').isVisible(), 'currency choices not visible at 360px');
  }, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
}
