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

  // City picker: gazetteer suggestions (GET /v2/user-panel/cities) with voivodeships, keyboard
  // combobox, last locations in the search bar's empty city field.
  await journey('search-08-location-city-suggestions-keyboard', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    await page.getByTestId('open-location').click();
    await page.waitForURL(/#location$/);
    const dialog = page.getByTestId('location-dialog');
    await dialog.waitFor({ state: 'visible' });
    const input = page.getByTestId('location-input');
    assert((await input.getAttribute('role')) === 'combobox', 'city input is not a combobox');
    await input.click();
    await input.pressSequentially('łod', { delay: 60 });
    const list = page.getByTestId('location-suggestions');
    await list.waitFor();
    // Łodygowice is not a popular city: only the gazetteer knows it.
    const lodz = list.locator('[role=option][data-slug=lodz]');
    await list.locator('[role=option][data-slug=lodygowice]').waitFor();
    assert((await lodz.innerText()).includes('Łódź') && (await lodz.innerText()).includes('łódzkie'), `option '${await lodz.innerText()}'`);
    assert((await input.getAttribute('aria-expanded')) === 'true', 'combobox not expanded');
    assert((await input.getAttribute('aria-controls')) === (await list.getAttribute('id')), 'aria-controls does not name the listbox');
    await page.screenshot({ path: 'test-output/search-08-location-suggestions.png' });
    // Escape closes the list, not the dialog.
    await input.press('Escape');
    await list.waitFor({ state: 'hidden' });
    assert(await dialog.evaluate((element) => element.open), 'Escape closed the dialog');
    assert(page.url().endsWith('#location'), 'Escape left the hash');
    // ArrowDown reopens with the first option active; Enter picks it.
    await input.press('ArrowDown');
    await list.waitFor();
    const active = await input.getAttribute('aria-activedescendant');
    assert(active && (await page.locator(`#${active}`).getAttribute('data-slug')) === 'lodz', `active option ${active}`);
    assert((await page.locator(`#${active}`).getAttribute('aria-selected')) === 'true', 'active option not selected');
    await input.press('Enter');
    await list.waitFor({ state: 'hidden' });
    assert((await input.inputValue()) === 'Łódź', `input '${await input.inputValue()}'`);
    assert((await page.getByTestId('location-chosen').innerText()).includes('Łódź'), 'no chosen city');
    await page.waitForSelector('[data-testid=location-submit][data-count]:not([aria-busy])');
    await Promise.all([page.waitForURL((url) => url.pathname === '/lodz'), page.getByTestId('location-submit').click()]);
    assert(!page.url().includes('#'), 'hash left after submit');
    await page.waitForFunction(() => (document.querySelector('[data-testid=count-heading]')?.textContent ?? '').includes('Łódź'));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lastLocations') ?? '[]'));
    assert(stored[0]?.value === 'lodz' && stored[0]?.region === 'łódzkie', `lastLocations ${JSON.stringify(stored)}`);

    // Search bar: the empty city field lists the last locations; typing suggests; a click picks.
    const city = page.locator('#search-city');
    await city.fill('');
    await city.click();
    const barList = page.getByTestId('city-suggestions');
    await barList.waitFor();
    assert((await barList.locator('[role=option]').first().getAttribute('data-slug')) === 'lodz', 'last location not first');
    await city.pressSequentially('sosnowiec'.slice(0, 4), { delay: 60 });
    const pick = barList.locator('[role=option][data-slug=sosnowiec]');
    await pick.waitFor();
    await pick.click();
    assert((await city.inputValue()) === 'Sosnowiec', `city '${await city.inputValue()}'`);
    await Promise.all([page.waitForURL((url) => url.pathname === '/sosnowiec'), page.locator('#search-keyword').press('Enter')]);
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('lastLocations') ?? '[]'));
    assert(after.map((entry) => entry.value).join() === 'sosnowiec,lodz', `lastLocations ${JSON.stringify(after)}`);
  });

  // Without JavaScript the search bar is a plain GET form: a typed city name still lands on its path.
  await journey('search-09-search-bar-without-javascript', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    await page.locator('#search-city').fill('Łódź');
    await Promise.all([page.waitForURL((url) => url.pathname === '/lodz'), page.locator('#search-city').press('Enter')]);
    assert(/Łódź/.test(await page.getByTestId('count-heading').innerText()), 'heading without Łódź');
  }, { javaScriptEnabled: false });

  // More filters: Clear resets the fields to the filters in the address (spec), it does not empty them.
  await journey('search-10-more-filters-clear-resets-to-url', async (page) => {
    await page.goto(`${baseUrl}/krakow?typ-umowy=b2b&widelki=true&zarobki=10000,20000#more-filters`);
    const dialog = page.getByTestId('more-filters-dialog');
    await dialog.waitFor({ state: 'visible' });
    const b2b = page.getByTestId('filter-employmentTypes-b2b');
    const permanent = page.getByTestId('filter-employmentTypes-permanent');
    const withSalary = dialog.getByRole('switch', { name: 'Z widełkami', exact: true });
    assert(await b2b.isChecked(), 'b2b from the address not checked');
    assert((await page.getByTestId('salary-min').inputValue()) === '10000', 'salary from the address missing');
    // Change everything, then Clear.
    await b2b.uncheck();
    await permanent.check();
    await page.getByTestId('salary-min').fill('5000');
    await withSalary.uncheck();
    await dialog.getByRole('radio', { name: 'Najnowsze' }).check();
    await page.screenshot({ path: 'test-output/search-10-changed.png' });
    await page.getByTestId('more-filters-clear').click();
    assert(await b2b.isChecked(), 'Clear did not restore b2b');
    assert(!(await permanent.isChecked()), 'Clear kept permanent');
    assert((await page.getByTestId('salary-min').inputValue()) === '10000' && (await page.getByTestId('salary-max').inputValue()) === '20000', 'Clear did not restore the salary');
    assert(await withSalary.isChecked(), 'Clear did not restore with-salary');
    assert(await dialog.getByRole('radio', { name: 'Domyślnie' }).isChecked(), 'Clear did not restore the sort');
    // The count is the address's again, and submitting keeps the address's filters.
    await page.waitForSelector('[data-testid=more-filters-submit][data-count]:not([aria-busy])');
    await Promise.all([page.waitForURL((url) => !url.hash), page.getByTestId('more-filters-submit').click()]);
    const url = new URL(page.url());
    assert(url.pathname === '/krakow' && url.searchParams.get('typ-umowy') === 'b2b' && url.searchParams.get('widelki') === 'true' && url.searchParams.get('zarobki') === '10000,20000', `url ${page.url()}`);
  });

  await journey('search-11-mobile-360-location-suggestions', async (page) => {
    await page.goto(`${baseUrl}/all-locations#location`);
    await page.getByTestId('location-dialog').waitFor({ state: 'visible' });
    const input = page.getByTestId('location-input');
    await input.click();
    await input.pressSequentially('kra', { delay: 60 });
    const list = page.getByTestId('location-suggestions');
    await list.locator('[role=option][data-slug=krasnik]').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert(overflow <= 0, `horizontal overflow ${overflow}px at 360px`);
    await list.locator('[role=option][data-slug=krakow]').click();
    assert((await page.getByTestId('location-chosen').innerText()).includes('Kraków'), 'no chosen city');
    await input.fill('');
    await input.pressSequentially('kra', { delay: 60 });
    await list.locator('[role=option][data-slug=krasnik]').waitFor();
  }, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

  await journey('search-12-small-city-heading', async (page) => {
    // A gazetteer city beyond the configuration's largest ones keeps its Polish name in the heading.
    await page.goto(`${baseUrl}/kamienna-gora`);
    const heading = await page.getByTestId('count-heading').innerText();
    assert(heading.includes('Kamienna Góra'), `heading '${heading}'`);
  }, { javaScriptEnabled: false });
}
