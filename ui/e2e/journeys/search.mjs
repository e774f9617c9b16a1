// Search journeys: search bar (suggestions, last searches), location with radius, more-filters
// dialog by hash, chips, the virtualised infinite list with scroll restoration, mobile drawers.
export default async function searchJourneys({ journey, baseUrl, assert }) {
  const rowInView = (page, index) =>
    page.evaluate((i) => {
      const row = document.querySelector(`[data-row-index="${i}"]`);
      if (!row) return false;
      const box = row.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    }, index);

  await journey('search-01-keyword-city-radius-filters-chips-scroll-back', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    await page.locator('#search-keyword').fill('developer');
    await page.locator('#search-city').fill('Warszawa');
    await page.locator('#search-radius').selectOption('50');
    await Promise.all([page.waitForURL(/\/warszawa\?/), page.locator('#search-keyword').press('Enter')]);
    let url = new URL(page.url());
    assert(url.searchParams.get('keyword') === 'developer' && url.searchParams.get('radius') === '50', `url ${page.url()}`);
    assert(/Warszawa \+50 km/.test(await page.getByTestId('count-heading').innerText()), 'heading without city and radius');

    // Location dialog: change the radius to 100 km.
    await page.getByTestId('open-location').click();
    await page.waitForURL(/#location$/);
    await page.getByTestId('radius-100').check();
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=location-submit]')?.textContent ?? ''));
    await Promise.all([page.waitForURL(/radius=100/), page.getByTestId('location-submit').click()]);
    assert(!page.url().includes('#'), 'hash left after submit');

    // More filters: B2B + with salary through the dialog; the button shows the count.
    await page.getByTestId('open-more-filters').click();
    await page.getByTestId('filter-employmentTypes-b2b').check();
    await page.waitForTimeout(100);
    await page.waitForSelector('[data-testid=more-filters-submit][data-count]:not([aria-busy])');
    const promised = Number(await page.getByTestId('more-filters-submit').getAttribute('data-count'));
    await Promise.all([page.waitForURL(/typ-umowy=b2b/), page.getByTestId('more-filters-submit').click()]);
    const heading = await page.getByTestId('count-heading').innerText();
    const shown = Number(/^[\d\s\u00a0]+/.exec(heading)?.[0].replace(/\D/g, ''));
    assert(shown === promised, `dialog promised ${promised}, heading '${heading}'`);
    assert(await page.locator('a[data-chip="employmentTypes:b2b"]').isVisible(), 'no b2b chip');

    // Remove chips: the b2b one, then the city (clears radius too).
    await Promise.all([page.waitForURL((u) => !u.search.includes('typ-umowy')), page.locator('a[data-chip="employmentTypes:b2b"]').click()]);
    await Promise.all([page.waitForURL((u) => u.pathname === '/all-locations'), page.locator('a[data-chip="city"]').click()]);
    url = new URL(page.url());
    assert(!url.searchParams.has('radius') && url.searchParams.get('keyword') === 'developer', `url after chips ${page.url()}`);

    // Scroll far into the virtualised list (pages load 100 at a time), open offer 150+, go back.
    await page.waitForSelector('[data-row-index="5"]');
    for (let i = 0; i < 60; i += 1) {
      if (await page.locator('[data-row-index="160"] [data-testid=offer-card]').count()) break;
      await page.mouse.wheel(0, 2500);
      await page.waitForTimeout(250);
    }
    const target = page.locator('[data-row-index="160"] [data-testid=offer-card] h2 a');
    await target.scrollIntoViewIfNeeded();
    const rendered = await page.locator('[data-testid=offer-card]').count();
    assert(rendered < 60, `list is not virtualised (${rendered} cards in the DOM)`);
    const title = (await target.innerText()).trim();
    await Promise.all([page.waitForURL(/\/job-offer\//), target.click()]);
    await page.goBack();
    await page.waitForURL(/from=160/);
    await page.waitForFunction(() => !!document.querySelector('[data-row-index="160"] [data-testid=offer-card]'));
    await page.waitForTimeout(700);
    assert(await rowInView(page, 160), 'offer 160 not in view after Back');
    const back = (await page.locator('[data-row-index="160"] h2 a').innerText()).trim();
    assert(back === title, `another offer at 160: '${back}' vs '${title}'`);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'offersListNavigation');
    assert(cookie && cookie.expires > Date.now() / 1000 + 300 * 24 * 3600, 'offersListNavigation cookie missing or short-lived');
  });

  await journey('search-02-suggestions', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    const input = page.locator('#search-keyword');
    await input.click();
    await input.pressSequentially('jav', { delay: 40 });
    const list = page.getByTestId('keyword-suggestions');
    await list.waitFor();
    assert((await input.getAttribute('aria-expanded')) === 'true', 'combobox not expanded');
    const option = list.locator('[role=option]', { hasText: 'Java' }).first();
    const text = (await option.locator('span').first().innerText()).trim();
    await input.press('ArrowDown');
    assert((await input.getAttribute('aria-activedescendant')) !== null, 'no active option');
    await Promise.all([page.waitForURL(/(titles|skills|companies)=/), option.click()]);
    const url = new URL(page.url());
    const set = ['titles', 'skills', 'companies'].find((name) => url.searchParams.get(name) === text);
    assert(set, `suggestion '${text}' not in ${page.url()}`);
    assert(!url.searchParams.has('keyword'), 'keyword kept');
  });

  await journey('search-03-more-filters-hash-escape', async (page) => {
    await page.goto(`${baseUrl}/krakow#more-filters`);
    const dialog = page.getByTestId('more-filters-dialog');
    await dialog.waitFor({ state: 'visible' });
    assert(await dialog.evaluate((element) => element.open && !!element.getAttribute('aria-labelledby')), 'not an open labelled dialog');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !location.hash);
    assert(!(await dialog.evaluate((element) => element.open)), 'dialog still open');
    // Opened from the button: focus returns to it, Back closes.
    const opener = page.getByTestId('open-more-filters');
    await opener.click();
    await page.waitForURL(/#more-filters$/);
    await dialog.waitFor({ state: 'visible' });
    for (let i = 0; i < 40; i += 1) await page.keyboard.press('Tab');
    assert(await dialog.evaluate((element) => element.contains(document.activeElement)), 'focus left the dialog');
    await page.goBack();
    await page.waitForFunction(() => !location.hash);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'open-more-filters');
    assert(new URL(page.url()).pathname === '/krakow', 'Back left the page');
  });

  await journey('search-04-last-searches-under-3-chars', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    for (const word of ['python', 'react']) {
      await page.locator('#search-keyword').fill(word);
      await Promise.all([page.waitForURL(new RegExp(`keyword=${word}`)), page.locator('#search-keyword').press('Enter')]);
    }
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lastSearch') ?? '[]'));
    assert(stored[0]?.title === 'react' && stored[1]?.title === 'python', `lastSearch ${JSON.stringify(stored)}`);
    const input = page.locator('#search-keyword');
    await input.fill('');
    await input.pressSequentially('py');
    const list = page.getByTestId('keyword-suggestions');
    await list.waitFor();
    const options = await list.locator('[role=option]').allInnerTexts();
    assert(options[0].startsWith('react') && options[1].startsWith('python'), `options ${options}`);
    await Promise.all([page.waitForURL(/keyword=python/), list.locator('[role=option]').nth(1).click()]);
  });

  await journey('search-05-mobile-360-drawers', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert(overflow <= 0, `horizontal overflow ${overflow}px at 360px`);
    assert(!(await page.locator('#search-keyword').isVisible()), 'inline search shown on mobile');
    await page.getByTestId('open-search-drawer').click();
    await page.waitForURL(/#search$/);
    const drawer = page.getByTestId('search-dialog');
    await drawer.waitFor({ state: 'visible' });
    await page.waitForTimeout(400);
    const box = await drawer.boundingBox();
    assert(box && Math.abs(box.y + box.height - 780) < 4 && box.width >= 359, `not a bottom drawer: ${JSON.stringify(box)}`);
    await page.locator('#drawer-search-keyword').fill('java');
    await page.locator('#drawer-search-city').fill('Gdańsk');
    await page.screenshot({ path: 'test-output/search-05-mobile-drawer-open.png' });
    await Promise.all([page.waitForURL(/\/gdansk\?keyword=java/), page.getByTestId('search-drawer-submit').click()]);
    assert(!page.url().includes('#'), 'hash left');
    assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'no cards');
    // Categories drawer with subcategory counts.
    await page.getByTestId('open-categories').click();
    const categories = page.getByTestId('categories-dialog');
    await categories.waitFor({ state: 'visible' });
    await categories.getByRole('button', { name: 'Java', exact: true }).click();
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid^=subcategory-count-]')?.textContent ?? ''));
    await page.screenshot({ path: 'test-output/search-05-mobile-categories.png' });
    await page.locator('[data-testid^=subcategory-]:not([data-testid*=count])').first().check();
    await Promise.all([page.waitForURL(/\/gdansk\/java\/[a-z]/), page.getByTestId('categories-submit').click()]);
  }, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  await journey('search-06-no-offers', async (page) => {
    await page.goto(`${baseUrl}/all-locations?keyword=zzzqqqxxx`);
    assert(await page.getByTestId('no-offers').isVisible(), 'no empty state');
  });

  await journey('search-07-desktop-column', async (page) => {
    await page.goto(`${baseUrl}/krakow?keyword=java&radius=25&widelki=true`);
    await page.getByTestId('open-location').click();
    await page.getByTestId('location-dialog').waitFor({ state: 'visible' });
    await page.waitForTimeout(700);
  });
}
