// Core journeys: homepage, search, chips, offer page, language, 404, no-JavaScript, mobile.
export default async function coreJourneys({ journey, baseUrl, assert }) {
  await journey('01-home-count', async (page) => {
    await page.goto(`${baseUrl}/`);
    const text = await page.getByTestId('offers-count').innerText();
    assert(/^\d[\d\s\u00a0]*\s\S/.test(text), `count text '${text}'`);
    assert(Number(text.replace(/\D+/g, ' ').trim().split(' ')[0].length) > 0, 'no number');
    assert((await page.getByTestId('newest-offers').locator('[data-testid=offer-card]').count()) > 0, 'no newest offers');
  });

  await journey('02-search-java-krakow-30', async (page) => {
    await page.goto(`${baseUrl}/`);
    await page.locator('#home-search-keyword').fill('java');
    await page.locator('#home-search-city').fill('Kraków');
    await page.locator('#home-search-radius').selectOption('25');
    await Promise.all([page.waitForURL(/\/krakow\?/), page.locator('#home-search-keyword').press('Enter')]);
    const url = new URL(page.url());
    assert(url.searchParams.get('keyword') === 'java' && url.searchParams.get('radius') === '25', `url ${page.url()}`);
    const heading = await page.getByTestId('count-heading').innerText();
    assert(/^[1-9]/.test(heading), `heading '${heading}'`);
    assert(/Kraków \+25 km/.test(heading), `heading '${heading}'`);
    assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'no cards');
  });

  await journey('03-filter-chip-add-remove', async (page) => {
    await page.goto(`${baseUrl}/krakow?keyword=java&radius=30`);
    const before = await page.getByTestId('count-heading').innerText();
    await Promise.all([page.waitForURL(/widelki=true/), page.getByTestId('switch-with-salary').click()]);
    const chip = page.locator('a[data-chip="withSalary"]');
    assert(await chip.isVisible(), 'with-salary chip missing');
    assert((await page.getByTestId('switch-with-salary').getAttribute('aria-checked')) === 'true', 'switch not checked');
    await Promise.all([page.waitForURL((url) => !url.search.includes('widelki')), chip.click()]);
    assert((await page.locator('a[data-chip="withSalary"]').count()) === 0, 'chip still shown');
    assert((await page.getByTestId('count-heading').innerText()) === before, 'count differs after removing the chip');
    // Chips for path filters too: remove the keyword chip.
    await Promise.all([page.waitForURL((url) => !url.search.includes('keyword')), page.locator('a[data-chip="keyword"]').click()]);
  });

  await journey('04-offer-page-json-ld', async (page) => {
    await page.goto(`${baseUrl}/krakow?keyword=java`);
    const first = page.locator('[data-testid=offer-card] h2 a').first();
    const title = (await first.innerText()).trim();
    await Promise.all([page.waitForURL(/\/job-offer\//), first.click()]);
    assert((await page.getByTestId('offer-title').innerText()).trim() === title, 'title differs');
    const jsonLd = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent());
    assert(jsonLd['@type'] === 'JobPosting' && jsonLd.title === title, 'JSON-LD JobPosting missing');
    // The document crawlers get (server-rendered) has exactly one canonical link, the offer's. In
    // the browser, the list it came from may stay mounted (hidden) with its own, after a client-side
    // navigation, so the live head is not what is checked here.
    const html = await (await page.request.get(page.url())).text();
    const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => match[1]);
    assert(canonicals.length === 1 && canonicals[0].endsWith(new URL(page.url()).pathname), `canonical links ${canonicals.join(', ')}`);
    assert(await page.locator('meta[property="og:title"]').count(), 'og:title missing');
    assert((await page.locator('nav.breadcrumbs li').count()) >= 3, 'breadcrumbs missing');
  });

  await journey('05-switch-language', async (page) => {
    await page.goto(`${baseUrl}/krakow?keyword=java`);
    assert((await page.locator('html').getAttribute('lang')) === 'pl', 'not Polish first');
    await Promise.all([page.waitForURL((url) => !url.search.includes('lang=')), page.getByTestId('language-switch').click()]);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    const heading = await page.getByTestId('count-heading').innerText();
    assert(/offers?:/.test(heading), `heading '${heading}'`);
    assert(new URL(page.url()).pathname === '/krakow', 'left the page');
    await page.goto(`${baseUrl}/`);
    assert(/job offers?/.test(await page.getByTestId('offers-count').innerText()), 'homepage not English');
  });

  await journey('06-unknown-offer-404', async (page) => {
    const response = await page.goto(`${baseUrl}/job-offer/no-such-offer-e2e`);
    assert(response.status() === 404, `status ${response.status()}`);
    assert(await page.getByTestId('not-found').isVisible(), 'no 404 page');
  });

  await journey('06b-unknown-offer-404-no-javascript', async (page) => {
    const response = await page.goto(`${baseUrl}/job-offer/no-such-offer-e2e`);
    assert(response.status() === 404, `status ${response.status()}`);
    assert(await page.getByTestId('not-found').isVisible(), 'no server-rendered 404 page');
  }, { javaScriptEnabled: false });

  await journey('07-no-javascript-list', async (page) => {
    await page.goto(`${baseUrl}/all-locations?city=Krak%C3%B3w&keyword=java&radius=30`);
    assert(new URL(page.url()).pathname === '/krakow', `url ${page.url()}`);
    assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'no cards without JavaScript');
  }, { javaScriptEnabled: false });

  await journey('08-mobile-360-list', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert(overflow <= 0, `horizontal overflow ${overflow}px at 360px`);
    // The list is virtualised: scrolling to its end loads the next 100 offers.
    const loaded = () => page.evaluate(() => Number(document.querySelector('[data-testid=offer-list]')?.getAttribute('data-loaded') ?? 0));
    for (let i = 0; i < 40 && (await loaded()) <= 100; i += 1) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(300);
    }
    await page.waitForFunction(() => [...document.querySelectorAll('[data-row-index]')].some((row) => Number(row.getAttribute('data-row-index')) >= 100 && row.querySelector('[data-testid=offer-card]')));
  }, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
}
