// Core journeys: homepage, search, chips, offer page, language, 404, no-JavaScript, mobile.
import { test, expect, MOBILE, horizontalOverflow, hydrated, scrollListPast, shot } from './fixtures';

test('01-home-count', async ({ page }) => {
  await page.goto('/');
  const count = page.getByTestId('offers-count');
  // A number (thousands separated by spaces), then words.
  await expect(count).toHaveText(/^\d[\d\s\u00a0]*\s\S/, { useInnerText: true });
  expect(Number((await count.innerText()).replace(/\D+/g, ' ').trim().split(' ')[0])).toBeGreaterThan(0);
  await expect(page.getByTestId('newest-offers').getByTestId('offer-card')).not.toHaveCount(0);
});

test('02-search-java-krakow-30', async ({ page }) => {
  await page.goto('/');
  await page.locator('#home-search-keyword').fill('java');
  await page.locator('#home-search-city').fill('Kraków');
  await page.locator('#home-search-radius').selectOption('25');
  await page.locator('#home-search-keyword').press('Enter');
  await expect(page).toHaveURL(/\/krakow\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('keyword'), page.url()).toBe('java');
  expect(url.searchParams.get('radius'), page.url()).toBe('25');
  const heading = page.getByTestId('count-heading');
  await expect(heading).toHaveText(/^[1-9]/, { useInnerText: true });
  await expect(heading).toHaveText(/Kraków \+25 km/, { useInnerText: true });
  await expect(page.getByTestId('offer-card')).not.toHaveCount(0);
});

test('03-filter-chip-add-remove', async ({ page }) => {
  await page.goto('/krakow?keyword=java&radius=30');
  const heading = page.getByTestId('count-heading');
  await expect(heading).toHaveText(/^[1-9]/, { useInnerText: true });
  const before = await heading.innerText();
  const toggle = page.getByTestId('switch-with-salary');
  await toggle.click();
  await expect(page).toHaveURL(/widelki=true/);
  const chip = page.locator('a[data-chip="withSalary"]');
  await expect(chip).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await chip.click();
  await expect(page).toHaveURL((url) => !url.search.includes('widelki'));
  await expect(page.locator('a[data-chip="withSalary"]')).toHaveCount(0);
  await expect(heading).toHaveText(before, { useInnerText: true });
  // Chips for path filters too: remove the keyword chip.
  await page.locator('a[data-chip="keyword"]').click();
  await expect(page).toHaveURL((url) => !url.search.includes('keyword'));
});

test('04-offer-page-json-ld', async ({ page }) => {
  await page.goto('/krakow?keyword=java');
  const first = page.locator('[data-testid=offer-card] h2 a').first();
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/job-offer\//);
  await expect(page.getByTestId('offer-title')).toHaveText(title);
  const jsonLd = async () => {
    const text = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(text ?? 'null') as { '@type'?: string; title?: string } | null;
    return { type: data?.['@type'], title: data?.title };
  };
  await expect.poll(jsonLd, { message: 'JSON-LD JobPosting' }).toEqual({ type: 'JobPosting', title });
  // The document crawlers get (server-rendered) has exactly one canonical link, the offer's. In
  // the browser, the list it came from may stay mounted (hidden) with its own, after a client-side
  // navigation, so the live head is not what is checked here.
  const html = await (await page.request.get(page.url())).text();
  const canonicals = [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((match) => match[1]);
  expect(canonicals, 'canonical links').toHaveLength(1);
  expect(canonicals[0].endsWith(new URL(page.url()).pathname), `canonical ${canonicals[0]}`).toBe(true);
  await expect(page.locator('meta[property="og:title"]')).not.toHaveCount(0);
  await expect.poll(() => page.locator('nav.breadcrumbs li').count(), { message: 'breadcrumbs' }).toBeGreaterThanOrEqual(3);
});

test('05-switch-language', async ({ page }) => {
  await page.goto('/krakow?keyword=java');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await page.getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL((url) => !url.search.includes('lang='));
  await expect(page.getByTestId('count-heading')).toHaveText(/offers?:/, { useInnerText: true });
  expect(new URL(page.url()).pathname, 'left the page').toBe('/krakow');
  await page.goto('/');
  await expect(page.getByTestId('offers-count')).toHaveText(/job offers?/, { useInnerText: true });
});

test('06-unknown-offer-404', async ({ page }) => {
  const response = await page.goto('/job-offer/no-such-offer-e2e');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('06c-a-list-address-that-names-nothing-is-a-404-with-a-way-back', async ({ page }) => {
  for (const path of ['/nonexistent-page/xyz/abc', '/krakow/no-such-category', '/java/no-such-subcategory', '/no-such-place-e2e']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId('not-found'), path).toBeVisible();
  }
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).not.toHaveCount(0);
  const links = page.getByTestId('not-found-links');
  await expect(links.getByRole('link')).not.toHaveCount(0);
  await shot(page, '06c-unknown-list-address');
  await links.getByRole('link').first().click();
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  // Real places and categories still list.
  for (const path of ['/krakow/java', '/kamienna-gora', '/all-locations']) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('06b-unknown-offer-404-no-javascript', async ({ page }) => {
    const response = await page.goto('/job-offer/no-such-offer-e2e');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found'), 'server-rendered 404 page').toBeVisible();
  });

  test('07-no-javascript-list', async ({ page }) => {
    await page.goto('/all-locations?city=Krak%C3%B3w&keyword=java&radius=30');
    expect(new URL(page.url()).pathname, page.url()).toBe('/krakow');
    await expect(page.getByTestId('offer-card')).not.toHaveCount(0);
  });
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('08-mobile-360-list', async ({ page }) => {
    await page.goto('/all-locations');
    expect(await horizontalOverflow(page), 'horizontal overflow at 360 px').toBeLessThanOrEqual(0);
    // The list is virtualised: scrolling to its end loads the next 100 offers.
    await scrollListPast(page, 100);
  });

  test('08b-mobile-360-list-cards-are-dense-and-salaries-whole', async ({ page }) => {
    await page.goto('/all-locations');
    await hydrated(page);
    const cards = page.getByTestId('offer-card');
    await expect(cards.first()).toBeVisible();
    // A screen of the list, from its first card on, shows at least four whole cards.
    await cards.first().evaluate((card) => card.scrollIntoView({ block: 'start' }));
    const viewport = page.viewportSize()!;
    const boxes = (await cards.evaluateAll((elements) => elements.slice(0, 10).map((element) => element.getBoundingClientRect().toJSON()))) as DOMRect[];
    const whole = boxes.filter((box) => box.top >= -1 && box.bottom <= viewport.height + 1);
    expect(whole.length, `whole cards on one screen (tops ${boxes.map((box) => Math.round(box.top)).join(", ")}; heights ${boxes.map((box) => Math.round(box.height)).join(", ")})`).toBeGreaterThanOrEqual(4);
    // No salary runs out of its card (under the heart or past the edge).
    const clipped = await page.getByTestId('offer-card-salary').evaluateAll((elements) => elements.slice(0, 10).filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent));
    expect(clipped, 'salaries wider than their line').toEqual([]);
    await shot(page, '08b-mobile-360-list-dense');
  });
});
