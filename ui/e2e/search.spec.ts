// Search journeys: search bar (suggestions, last searches), location with radius, more-filters
// dialog by hash, chips, the virtualised infinite list with scroll restoration, mobile drawers.
import { test, expect, MOBILE, animationsFinished, cookieOf, horizontalOverflow, leadingNumber, shot, type Page } from './fixtures';

/** Whether the list row `index` is (at least partly) inside the viewport. */
const rowInView = (page: Page, index: number) =>
  page.evaluate((i) => {
    const row = document.querySelector(`[data-row-index="${i}"]`);
    if (!row) return false;
    const box = row.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }, index);

/** `localStorage[key]` parsed (an empty list when unset). */
const stored = <T,>(page: Page, key: string) => page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? '[]'), key) as Promise<T>;

test('search-01-keyword-city-radius-filters-chips-scroll-back', async ({ page }) => {
  await page.goto('/all-locations');
  await page.locator('#search-keyword').fill('developer');
  await page.locator('#search-city').fill('Warszawa');
  await page.locator('#search-radius').selectOption('50');
  await page.locator('#search-keyword').press('Enter');
  await expect(page).toHaveURL(/\/warszawa\?/);
  let url = new URL(page.url());
  expect(url.searchParams.get('keyword'), page.url()).toBe('developer');
  expect(url.searchParams.get('radius'), page.url()).toBe('50');
  const heading = page.getByTestId('count-heading');
  await expect(heading, 'heading with city and radius').toHaveText(/Warszawa \+50 km/, { useInnerText: true });

  // Location dialog: change the radius to 100 km.
  await page.getByTestId('open-location').click();
  await expect(page).toHaveURL(/#location$/);
  await page.getByTestId('radius-100').check();
  await expect(page.getByTestId('location-submit'), 'the submit button shows the count').toHaveText(/\d/);
  await page.getByTestId('location-submit').click();
  await expect(page).toHaveURL(/radius=100/);
  expect(page.url(), 'hash left after submit').not.toContain('#');

  // More filters: B2B + with salary through the dialog; the button shows the count.
  await page.getByTestId('open-more-filters').click();
  await page.getByTestId('filter-employmentTypes-b2b').check();
  const submit = page.getByTestId('more-filters-submit');
  // The count is fetched 500 ms after the last change: busy first, then the new count.
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await expect(submit).not.toHaveAttribute('aria-busy');
  await expect(submit).toHaveAttribute('data-count', /^\d+$/);
  const promised = Number(await submit.getAttribute('data-count'));
  await submit.click();
  await expect(page).toHaveURL(/typ-umowy=b2b/);
  await expect.poll(async () => leadingNumber(await heading.innerText()), { message: 'the heading shows the count the dialog promised' }).toBe(promised);
  await expect(page.locator('a[data-chip="employmentTypes:b2b"]')).toBeVisible();

  // Remove chips: the b2b one, then the city (clears radius too).
  await page.locator('a[data-chip="employmentTypes:b2b"]').click();
  await expect(page).toHaveURL((u) => !u.search.includes('typ-umowy'));
  await page.locator('a[data-chip="city"]').click();
  await expect(page).toHaveURL((u) => u.pathname === '/all-locations');
  url = new URL(page.url());
  expect(url.searchParams.has('radius'), `radius after the city chip: ${page.url()}`).toBe(false);
  expect(url.searchParams.get('keyword'), page.url()).toBe('developer');

  // Scroll far into the virtualised list (pages load 100 at a time), open offer 160, go back.
  await expect(page.locator('[data-row-index="5"]')).toBeAttached();
  const card160 = page.locator('[data-row-index="160"] [data-testid=offer-card]');
  await expect(async () => {
    if ((await card160.count()) === 0) await page.mouse.wheel(0, 2500);
    expect(await card160.count(), 'offer 160 rendered').toBeGreaterThan(0);
  }).toPass({ intervals: [250], timeout: 60_000 });
  const target = card160.locator('h2 a');
  await target.scrollIntoViewIfNeeded();
  const rendered = await page.getByTestId('offer-card').count();
  expect(rendered, 'the list is virtualised (cards in the DOM)').toBeLessThan(60);
  const title = (await target.innerText()).trim();
  await target.click();
  await expect(page).toHaveURL(/\/job-offer\//);
  await page.goBack();
  await expect(page).toHaveURL(/from=160/);
  await expect(card160).toBeAttached();
  await expect.poll(() => rowInView(page, 160), { message: 'offer 160 in view after Back' }).toBe(true);
  await expect(page.locator('[data-row-index="160"] h2 a'), 'the same offer at 160').toHaveText(title);
  const cookie = await cookieOf(page, 'offersListNavigation');
  expect(cookie, 'offersListNavigation cookie').toBeDefined();
  expect(cookie!.expires, 'offersListNavigation cookie lifetime').toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
});

test('search-02-suggestions', async ({ page }) => {
  await page.goto('/all-locations');
  const input = page.locator('#search-keyword');
  await input.click();
  await input.pressSequentially('jav', { delay: 40 });
  const list = page.getByTestId('keyword-suggestions');
  await expect(list).toBeVisible();
  await expect(input, 'combobox expanded').toHaveAttribute('aria-expanded', 'true');
  const option = list.locator('[role=option]', { hasText: 'Java' }).first();
  const text = (await option.locator('span').first().innerText()).trim();
  await input.press('ArrowDown');
  await expect(input, 'an active option').toHaveAttribute('aria-activedescendant', /./);
  await option.click();
  await expect(page).toHaveURL(/(titles|skills|companies)=/);
  const url = new URL(page.url());
  const set = ['titles', 'skills', 'companies'].find((name) => url.searchParams.get(name) === text);
  expect(set, `suggestion '${text}' in ${page.url()}`).toBeDefined();
  expect(url.searchParams.has('keyword'), 'keyword kept').toBe(false);
});

test('search-03-more-filters-hash-escape', async ({ page }) => {
  await page.goto('/krakow#more-filters');
  const dialog = page.getByTestId('more-filters-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog, 'an open dialog').toHaveAttribute('open', '');
  await expect(dialog, 'a labelled dialog').toHaveAttribute('aria-labelledby', /./);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL((url) => !url.hash);
  await expect(dialog, 'dialog closed').not.toHaveAttribute('open');
  // Opened from the button: focus stays inside, Back closes and focus returns to the button.
  const opener = page.getByTestId('open-more-filters');
  await opener.click();
  await expect(page).toHaveURL(/#more-filters$/);
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 40; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.hash);
  await expect(opener).toBeFocused();
  expect(new URL(page.url()).pathname, 'Back stays on the page').toBe('/krakow');
});

test('search-04-last-searches-under-3-chars', async ({ page }) => {
  await page.goto('/all-locations');
  for (const word of ['python', 'react']) {
    await page.locator('#search-keyword').fill(word);
    await page.locator('#search-keyword').press('Enter');
    await expect(page).toHaveURL(new RegExp(`keyword=${word}`));
  }
  await expect.poll(async () => (await stored<{ title: string }[]>(page, 'lastSearch')).slice(0, 2).map((entry) => entry.title), { message: 'lastSearch' }).toEqual(['react', 'python']);
  const input = page.locator('#search-keyword');
  await input.fill('');
  await input.pressSequentially('py');
  const list = page.getByTestId('keyword-suggestions');
  await expect(list).toBeVisible();
  const options = list.locator('[role=option]');
  await expect(options.nth(0)).toHaveText(/^react/, { useInnerText: true });
  await expect(options.nth(1)).toHaveText(/^python/, { useInnerText: true });
  await options.nth(1).click();
  await expect(page).toHaveURL(/keyword=python/);
});

test('search-06-no-offers', async ({ page }) => {
  await page.goto('/all-locations?keyword=zzzqqqxxx');
  await expect(page.getByTestId('no-offers')).toBeVisible();
});

test('search-07-desktop-column', async ({ page }) => {
  await page.goto('/krakow?keyword=java&radius=25&widelki=true');
  await page.getByTestId('open-location').click();
  const dialog = page.getByTestId('location-dialog');
  await expect(dialog).toBeVisible();
  // The screenshot (taken at the end) shows the dialog at rest.
  await animationsFinished(dialog);
});

// City picker: gazetteer suggestions (GET /v2/user-panel/cities) with voivodeships, keyboard
// combobox, last locations in the search bar's empty city field.
test('search-08-location-city-suggestions-keyboard', async ({ page }) => {
  await page.goto('/all-locations');
  await page.getByTestId('open-location').click();
  await expect(page).toHaveURL(/#location$/);
  const dialog = page.getByTestId('location-dialog');
  await expect(dialog).toBeVisible();
  const input = page.getByTestId('location-input');
  await expect(input, 'the city input is a combobox').toHaveAttribute('role', 'combobox');
  await input.click();
  await input.pressSequentially('łod', { delay: 60 });
  const list = page.getByTestId('location-suggestions');
  await expect(list).toBeVisible();
  // Łodygowice is not a popular city: only the gazetteer knows it.
  await expect(list.locator('[role=option][data-slug=lodygowice]')).toBeVisible();
  const lodz = list.locator('[role=option][data-slug=lodz]');
  await expect(lodz).toContainText('Łódź');
  await expect(lodz).toContainText('łódzkie');
  await expect(input, 'combobox expanded').toHaveAttribute('aria-expanded', 'true');
  await expect(input, 'aria-controls names the listbox').toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
  await shot(page, 'search-08-location-suggestions');
  // Escape closes the list, not the dialog.
  await input.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog, 'Escape keeps the dialog open').toHaveAttribute('open', '');
  expect(page.url().endsWith('#location'), 'Escape keeps the hash').toBe(true);
  // ArrowDown reopens with the first option active; Enter picks it.
  await input.press('ArrowDown');
  await expect(list).toBeVisible();
  await expect(input).toHaveAttribute('aria-activedescendant', /./);
  const active = (await input.getAttribute('aria-activedescendant'))!;
  const activeOption = page.locator(`[id="${active}"]`);
  await expect(activeOption, 'the first option is active').toHaveAttribute('data-slug', 'lodz');
  await expect(activeOption, 'the active option is selected').toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(list).toBeHidden();
  await expect(input).toHaveValue('Łódź');
  await expect(page.getByTestId('location-chosen')).toContainText('Łódź');
  await expect(page.locator('[data-testid=location-submit][data-count]:not([aria-busy])')).toBeVisible();
  await page.getByTestId('location-submit').click();
  await expect(page).toHaveURL((url) => url.pathname === '/lodz');
  expect(page.url(), 'hash left after submit').not.toContain('#');
  await expect(page.getByTestId('count-heading')).toContainText('Łódź');
  await expect
    .poll(async () => (await stored<{ value: string; region: string }[]>(page, 'lastLocations'))[0], { message: 'lastLocations' })
    .toMatchObject({ value: 'lodz', region: 'łódzkie' });

  // Search bar: the empty city field lists the last locations; typing suggests; a click picks.
  const city = page.locator('#search-city');
  await city.fill('');
  await city.click();
  const barList = page.getByTestId('city-suggestions');
  await expect(barList).toBeVisible();
  await expect(barList.locator('[role=option]').first(), 'the last location first').toHaveAttribute('data-slug', 'lodz');
  await city.pressSequentially('sosn', { delay: 60 });
  const pick = barList.locator('[role=option][data-slug=sosnowiec]');
  await expect(pick).toBeVisible();
  await pick.click();
  await expect(city).toHaveValue('Sosnowiec');
  await page.locator('#search-keyword').press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/sosnowiec');
  await expect
    .poll(async () => (await stored<{ value: string }[]>(page, 'lastLocations')).map((entry) => entry.value).join(), { message: 'lastLocations' })
    .toBe('sosnowiec,lodz');
});

// More filters: Clear resets the fields to the filters in the address (spec), it does not empty them.
test('search-10-more-filters-clear-resets-to-url', async ({ page }) => {
  await page.goto('/krakow?typ-umowy=b2b&widelki=true&zarobki=10000,20000#more-filters');
  const dialog = page.getByTestId('more-filters-dialog');
  await expect(dialog).toBeVisible();
  const b2b = page.getByTestId('filter-employmentTypes-b2b');
  const permanent = page.getByTestId('filter-employmentTypes-permanent');
  const withSalary = dialog.getByRole('switch', { name: 'Z widełkami', exact: true });
  const salaryMin = page.getByTestId('salary-min');
  await expect(b2b, 'b2b from the address').toBeChecked();
  await expect(salaryMin, 'salary from the address').toHaveValue('10 000');
  // Change everything, then Clear.
  await b2b.uncheck();
  await permanent.check();
  await salaryMin.fill('5000');
  await withSalary.uncheck();
  await dialog.getByRole('radio', { name: 'Najnowsze' }).check();
  await shot(page, 'search-10-changed');
  await page.getByTestId('more-filters-clear').click();
  await expect(b2b, 'Clear restores b2b').toBeChecked();
  await expect(permanent, 'Clear drops permanent').not.toBeChecked();
  await expect(salaryMin, 'Clear restores the salary').toHaveValue('10 000');
  await expect(page.getByTestId('salary-max'), 'Clear restores the salary').toHaveValue('20 000');
  await expect(withSalary, 'Clear restores with-salary').toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Domyślnie' }), 'Clear restores the sort').toBeChecked();
  // The count is the address's again, and submitting keeps the address's filters.
  await expect(page.locator('[data-testid=more-filters-submit][data-count]:not([aria-busy])')).toBeVisible();
  await page.getByTestId('more-filters-submit').click();
  await expect(page).toHaveURL((url) => !url.hash);
  const url = new URL(page.url());
  expect(url.pathname, page.url()).toBe('/krakow');
  expect(url.searchParams.get('typ-umowy'), page.url()).toBe('b2b');
  expect(url.searchParams.get('widelki'), page.url()).toBe('true');
  expect(url.searchParams.get('zarobki'), page.url()).toBe('10000,20000');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // The search bar is a plain GET form: a typed city name still lands on its path.
  test('search-09-search-bar-without-javascript', async ({ page }) => {
    await page.goto('/all-locations');
    await page.locator('#search-city').fill('Łódź');
    await page.locator('#search-city').press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/lodz');
    await expect(page.getByTestId('count-heading')).toContainText('Łódź');
  });

  test('search-12-small-city-heading', async ({ page }) => {
    // A gazetteer city beyond the configuration's largest ones keeps its Polish name in the heading.
    await page.goto('/kamienna-gora');
    await expect(page.getByTestId('count-heading')).toContainText('Kamienna Góra');
  });
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('search-05-mobile-360-drawers', async ({ page }) => {
    await page.goto('/all-locations');
    expect(await horizontalOverflow(page), 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
    await expect(page.locator('#search-keyword'), 'no inline search on mobile').toBeHidden();
    await page.getByTestId('open-search-drawer').click();
    await expect(page).toHaveURL(/#search$/);
    const drawer = page.getByTestId('search-dialog');
    await expect(drawer).toBeVisible();
    await animationsFinished(drawer);
    const box = await drawer.boundingBox();
    expect(box, 'drawer box').not.toBeNull();
    expect(Math.abs(box!.y + box!.height - 780), `a bottom drawer: ${JSON.stringify(box)}`).toBeLessThan(4);
    expect(box!.width, 'a full-width drawer').toBeGreaterThanOrEqual(359);
    await page.locator('#drawer-search-keyword').fill('java');
    await page.locator('#drawer-search-city').fill('Gdańsk');
    await shot(page, 'search-05-mobile-drawer-open');
    await page.getByTestId('search-drawer-submit').click();
    await expect(page).toHaveURL(/\/gdansk\?keyword=java/);
    expect(page.url(), 'hash left').not.toContain('#');
    await expect(page.getByTestId('offer-card')).not.toHaveCount(0);
    // Categories drawer with subcategory counts.
    await page.getByTestId('open-categories').click();
    const categories = page.getByTestId('categories-dialog');
    await expect(categories).toBeVisible();
    await categories.getByRole('button', { name: 'Java', exact: true }).click();
    await expect(page.locator('[data-testid^=subcategory-count-]').first(), 'subcategory counts').toHaveText(/\d/);
    await shot(page, 'search-05-mobile-categories');
    await page.locator('[data-testid^=subcategory-]:not([data-testid*=count])').first().check();
    await page.getByTestId('categories-submit').click();
    await expect(page).toHaveURL(/\/gdansk\/java\/[a-z]/);
  });

  test('search-11-mobile-360-location-suggestions', async ({ page }) => {
    await page.goto('/all-locations#location');
    await expect(page.getByTestId('location-dialog')).toBeVisible();
    const input = page.getByTestId('location-input');
    await input.click();
    await input.pressSequentially('kra', { delay: 60 });
    const list = page.getByTestId('location-suggestions');
    await expect(list.locator('[role=option][data-slug=krasnik]')).toBeVisible();
    expect(await horizontalOverflow(page), 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
    await list.locator('[role=option][data-slug=krakow]').click();
    await expect(page.getByTestId('location-chosen')).toContainText('Kraków');
    await input.fill('');
    await input.pressSequentially('kra', { delay: 60 });
    await expect(list.locator('[role=option][data-slug=krasnik]')).toBeVisible();
  });
});
