// Homepage, terms, theme, popups, offer page extras and SEO files (issue: homepage and leftovers).
// Screenshots: home-*.png in test-output/ (desktop 1280 and mobile 360, light and dark).
import { readFileSync } from 'node:fs';
import { test, expect, MOBILE, animationsFinished, apiURL, hydrated, listOffers, shot, tenant } from './fixtures';

const SURVEY_TITLE = (JSON.parse(readFileSync(new URL('../messages/home.pl.json', import.meta.url), 'utf8')) as Record<string, string>)['popup.surveyTitle'];

test('home-01-carousels-and-tabs', async ({ page, config }) => {
  await page.goto('/');
  // Finnish formatting: groups of three digits separated by no-break spaces.
  await expect(page.getByTestId('offers-count')).toHaveText(/^\d{1,3}(\u00a0\d{3})*\s/, { useInnerText: true });
  for (const id of ['category-carousel', 'newest-offers', 'story-carousel', 'partner-carousel', 'testimonial-carousel']) {
    const region = page.getByTestId(id);
    await expect(region, `${id} is a region`).toHaveAttribute('role', 'region');
    await expect(region, `${id} has a label`).toHaveAttribute('aria-label', /./);
  }
  // Category tiles draw the category's icon (issue 23, item 15: two-letter initials made JavaScript
  // and Java both "Ja").
  const categories = page.getByTestId('category-carousel');
  const tileIcon = (slug: string) => categories.locator(`a[href$="/${slug}"] .category-tile__icon svg`).getAttribute('data-icon');
  expect(await tileIcon('javascript')).toBe('javascript');
  expect(await tileIcon('java')).toBe('java');
  await expect(categories.locator('.category-tile__icon svg')).toHaveCount(await categories.locator('.category-tile').count());
  // Previous/next buttons have names, start disabled at the left edge and scroll the track.
  const track = categories.locator('ul').first();
  const scrollLeft = () => track.evaluate((element) => element.scrollLeft);
  const prev = page.getByTestId('category-carousel-prev');
  await expect(prev, 'previous disabled at the start').toBeDisabled();
  await expect(prev).toHaveAttribute('aria-label', 'Poprzednie');
  await page.getByTestId('category-carousel-next').click();
  await expect.poll(scrollLeft, { message: 'next scrolls the track' }).toBeGreaterThan(8);
  await expect(prev).toBeEnabled();
  // Keyboard: the focused track scrolls with the arrow keys and Home.
  await track.focus();
  await page.keyboard.press('Home');
  await expect.poll(scrollLeft, { message: 'Home scrolls back' }).toBeLessThanOrEqual(8);
  await page.keyboard.press('ArrowRight');
  await expect.poll(scrollLeft, { message: 'ArrowRight scrolls' }).toBeGreaterThan(8);
  // Tabs: newWithSalary and popular only (no login, so no favourites / matched tabs).
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.getByTestId('panel-newWithSalary')).toBeVisible();
  await page.getByTestId('tab-popular').click();
  await expect(page.getByTestId('panel-popular')).toBeVisible();
  await expect(page.getByTestId('panel-newWithSalary')).toBeHidden();
  await expect(page.getByTestId('tab-popular')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('popular-offers').getByTestId('offer-card')).not.toHaveCount(0);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tab-newWithSalary'), 'the arrow key switches tabs').toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(config.featureFlags.remoteBanner ? 'remote-banner' : 'local-banner')).toBeVisible();
  await page.getByTestId('offer-tabs').scrollIntoViewIfNeeded();
});

test('home-02-all-categories-dialog', async ({ page, config }) => {
  await page.goto('/');
  await page.getByTestId('all-categories-open').click();
  const dialog = page.getByTestId('all-categories');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL((url) => url.hash === '#all-categories');
  const roots = config.categories.filter((category) => category.slug !== 'it').length;
  await expect(dialog.locator('.all-categories > li'), 'every category listed').toHaveCount(roots);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page, 'hash dropped after closing').toHaveURL((url) => url.hash === '');
  // The hash opens it directly, and a category link leads to its list.
  await page.goto('/#all-categories');
  await expect(dialog).toBeVisible();
  await dialog.locator('.all-categories__main').first().click();
  await expect(page).toHaveURL((url) => url.pathname !== '/');
});

test('home-04-terms-page', async ({ page, config }) => {
  await page.goto('/terms-and-privacy-policies');
  await expect(page.getByTestId('terms-page')).toBeVisible();
  await expect(page.locator('.site-header'), 'no header on the terms page').toHaveCount(0);
  const now = Date.now();
  const upcoming = config.terms.filter((terms) => terms.fromDate && Date.parse(`${terms.fromDate}T00:00:00Z`) > now);
  expect(upcoming.length, 'terms not yet in force in the configuration').toBeGreaterThan(0);
  const label = page.getByTestId('terms-effective-from');
  await expect(label).toHaveCount(upcoming.length);
  await expect(label.first()).toHaveText(/^obowiązuje od /, { useInnerText: true });
  const hidden = config.terms.filter((terms) => terms.dueDate && Date.parse(`${terms.dueDate}T23:59:59Z`) < now);
  for (const terms of hidden) await expect(page.locator(`a[href="${terms.url}"]`), `${terms.url} hidden after its due date`).toHaveCount(0);
  await expect(page.getByTestId('terms-users').locator('li')).not.toHaveCount(0);
  await expect(page.getByTestId('terms-clients').locator('li')).not.toHaveCount(0);
  await expect(page.getByTestId('whistleblower-report'), 'whistleblower section follows its flag').toHaveCount(config.featureFlags.whistleblowerReport ? 1 : 0);
  // A terms document opens (served by the API through the /api rewrite).
  const href = await page.getByTestId('terms-users').locator('a').first().getAttribute('href');
  const document = await page.request.get(href!);
  expect(document.status(), `document ${href}`).toBe(200);
  expect(await document.text()).toContain('<h1>');
  await page.getByTestId('privacy-policy-link').click();
  await expect(page).toHaveURL(/privacy-policy$/);
  await expect(page.getByTestId('privacy-policy')).toBeVisible();
  await expect(page.locator('.site-header'), 'no header on the privacy policy').toHaveCount(0);
});

test('home-05-dark-theme-desktop', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html, 'light before toggling').toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => page.evaluate(() => document.cookie), { message: 'theme cookie' }).toContain('wakat-theme=dark');
  const response = await page.reload();
  expect(await response!.text(), 'the server renders dark').toContain('data-theme="dark"');
  await expect(html, 'dark kept on reload').toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('body'), 'no light background in dark mode').not.toHaveCSS('background-color', 'rgb(246, 247, 249)');
});

test.describe('popups', () => {
  test.use({ popups: true });

  test('home-07-survey-popup', async ({ page }) => {
    const popup = page.getByTestId('survey-popup');
    // The page's clock is paused before the page exists, so the 2.5 s delay is measured exactly.
    // (Paused once the answer began, a busy machine could run the page's script first: its timer
    // then started before the pause, whose 1 s jump counted towards the delay.)
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const first = await page.goto('/terms-and-privacy-policies', { waitUntil: 'commit' });
    expect(await first!.text(), 'the server renders the survey').toContain(SURVEY_TITLE);
    await hydrated(page);
    await expect(popup, 'no survey at once').toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(popup, 'no survey after 1.5 s on desktop').toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(popup, 'the survey after 2.5 s on desktop').toBeVisible();
    await expect(popup).toHaveAttribute('role', 'dialog');
    await page.getByTestId('survey-close').click();
    await expect(popup).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.cookie), { message: 'hide cookie' }).toContain('hideSurveyPopup=true');
    // Dismissed: the server leaves it out and it does not come back, however long the page stays.
    const again = await page.reload({ waitUntil: 'commit' });
    expect(await again!.text(), 'the server leaves the survey out').not.toContain(SURVEY_TITLE);
    await hydrated(page);
    await page.clock.runFor(10_000);
    await expect(popup, 'survey shown again after dismissal').toHaveCount(0);
  });

  test.describe('mobile 360', () => {
    test.use(MOBILE);

    test('home-08-survey-popup-mobile', async ({ page }) => {
      const popup = page.getByTestId('survey-popup');
      // Paused before the page exists, as in home-07.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1_000);
      await page.goto('/', { waitUntil: 'commit' });
      await hydrated(page);
      await expect(popup, 'no survey at once').toHaveCount(0);
      await page.clock.runFor(400);
      await expect(popup, 'no survey after 0.4 s on mobile').toHaveCount(0);
      await page.clock.runFor(200);
      await expect(popup, 'the survey after 0.5 s on mobile').toBeVisible();
      // A low bottom sheet over the whole width: the heading and the search stay in view.
      const sheet = (await popup.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(sheet.x, 'from the left edge').toBe(0);
      expect(sheet.width, 'the whole width').toBe(viewport.width);
      expect(Math.round(sheet.y + sheet.height), 'on the bottom edge').toBe(viewport.height);
      expect(sheet.height, 'at most a quarter of the screen').toBeLessThanOrEqual(viewport.height / 4);
      const search = (await page.locator('.hero form').first().boundingBox())!;
      expect(search.y + search.height, 'the search is above the sheet').toBeLessThan(sheet.y);
      await shot(page, 'home-08-survey-bottom-sheet');
    });
  });
});

test('home-09-offer-share-and-view', async ({ page, config }) => {
  const offers = await listOffers(page, 'perPage=50');
  const offer = offers.find((item) => item.multilocation.length > 1) ?? offers[0];
  const viewRequest = page.waitForRequest((request) => request.url().endsWith(`/api/${tenant}/v1/views`) && request.method() === 'POST');
  await page.goto(`/job-offer/${offer.slug}`);
  const view = await viewRequest;
  const body = JSON.parse(view.postData() ?? 'null') as { brand?: string; offerSlug?: string; visitedAt?: string };
  expect(body.brand, JSON.stringify(body)).toBe(tenant);
  expect(body.offerSlug, JSON.stringify(body)).toBe(offer.slug);
  expect(Number.isNaN(Date.parse(body.visitedAt ?? '')), `visitedAt ${body.visitedAt}`).toBe(false);
  const answer = await view.response();
  expect(answer?.status(), 'view answered').toBe(200);
  await expect(page.locator('.site-header'), 'no header on the offer page').toHaveCount(0);
  if (offer.multilocation.length > 1) {
    await expect(page.getByTestId('location-more')).toHaveText(new RegExp(`^\\+${offer.multilocation.length - 1}`), { useInnerText: true });
  }
  await page.getByTestId('share-open').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  const facebook = (await page.getByTestId('share-facebook').getAttribute('href')) ?? '';
  const linkedin = (await page.getByTestId('share-linkedin').getAttribute('href')) ?? '';
  expect(facebook.startsWith('https://www.facebook.com/sharer/sharer.php?u='), facebook).toBe(true);
  expect(facebook).toContain(encodeURIComponent(`/job-offer/${offer.slug}`));
  expect(linkedin.startsWith('https://www.linkedin.com/sharing/share-offsite/?url='), linkedin).toBe(true);
  await animationsFinished(dialog);
  expect((await dialog.boundingBox())!.width, 'share dialog width').toBeLessThanOrEqual(460);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const flags = config.featureFlags;
  if (flags.categoryBanner) await expect(page.getByTestId('category-banner')).toHaveCount(1);
  if (flags.remoteBanner) await expect(page.getByTestId('remote-banner')).toHaveCount(1);
  // Opened directly (short history): back leads to the offers root.
  await page.getByTestId('back-button').click();
  await expect(page).toHaveURL(/\/all-locations$/);
});

test('home-11-sitemap-and-robots', async ({ page, config }) => {
  // Other journeys publish and finish offers meanwhile: the sitemap's count lies between the counts before and after it.
  const activeCount = async () => ((await (await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers/count`)).json()) as { count: number }).count;
  const activeBefore = await activeCount();
  const robots = await page.request.get('/robots.txt');
  const robotsText = await robots.text();
  expect(robots.status()).toBe(200);
  expect(robotsText).toMatch(/^User-Agent: \*/m);
  expect(robotsText).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  const sitemap = await page.request.get('/sitemap.xml');
  const xml = await sitemap.text();
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  // Well-formed: parse it in the browser.
  await page.goto('about:blank');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.querySelector('parsererror');
    if (error) return { error: error.textContent, root: '', ns: '', locs: [] as string[] };
    const locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? '');
    return { error: null, root: doc.documentElement.localName, ns: doc.documentElement.namespaceURI, locs };
  }, xml);
  expect(parsed.error, 'sitemap is XML').toBeNull();
  expect(parsed.root).toBe('urlset');
  expect(parsed.ns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const paths = parsed.locs.map((loc) => new URL(loc).pathname);
  expect(paths).toEqual(expect.arrayContaining(['/', '/krakow', `/${config.categories[0].slug}`]));
  const offers = paths.filter((path) => path.startsWith('/job-offer/'));
  const activeAfter = await activeCount();
  expect(offers.length, 'every active offer in the sitemap').toBeGreaterThanOrEqual(Math.min(activeBefore, activeAfter));
  expect(offers.length, 'every active offer in the sitemap').toBeLessThanOrEqual(Math.max(activeBefore, activeAfter));
});

test.describe('dark', () => {
  test.use({ ...MOBILE, cookies: { 'wakat-theme': 'dark' } });

  test('home-06-dark-theme-mobile', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html, 'cookie honoured').toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('offer-tabs').scrollIntoViewIfNeeded();
    // Back to light deletes the cookie.
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.cookie), { message: 'theme cookie deleted' }).not.toContain('wakat-theme=');
    await page.reload();
    await expect(html, 'light after switching back').toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.evaluate(() => document.cookie), { message: 'theme cookie' }).toContain('wakat-theme=dark');
  });
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('home-03-mobile-360', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'page wider than 360').toBeLessThanOrEqual(0);
    await page.getByTestId('all-categories-open').click();
    const drawer = page.getByTestId('all-categories');
    await expect(drawer).toBeVisible();
    await animationsFinished(drawer);
    const box = await drawer.boundingBox();
    expect(box && Math.round(box.y + box.height), 'all categories is a bottom drawer on mobile').toBeGreaterThanOrEqual(779);
  });

  test('home-10-offer-mobile-top-bar', async ({ page }) => {
    await page.goto('/all-locations');
    const href = await page.locator('[data-testid=offer-card] a[href^="/job-offer/"]').first().getAttribute('href');
    await page.goto(href!);
    expect(await page.evaluate(() => history.length), 'history long enough for this journey').toBeGreaterThan(2);
    const bar = page.getByTestId('mobile-top-bar');
    const visible = /mobile-top-bar--visible/;
    await expect(bar, 'bar hidden at the top').not.toHaveClass(visible);
    const scrollTo = async (y: number) => {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    };
    // At 168 px it stays hidden (checked as a change: shown at 400 px, hidden again at 168 px).
    await scrollTo(168);
    await expect(bar, 'bar hidden at 168 px').not.toHaveClass(visible);
    await scrollTo(400);
    await expect(bar, 'bar shown at 400 px').toHaveClass(visible);
    await scrollTo(168);
    await expect(bar, 'bar hidden at 168 px').not.toHaveClass(visible);
    await scrollTo(169);
    await expect(bar, 'bar shown past 168 px').toHaveClass(visible);
    await scrollTo(400);
    await animationsFinished(bar);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'offer page wider than 360').toBeLessThanOrEqual(0);
    // History holds the list page too (3 entries with the blank start page): back returns to it.
    await page.getByTestId('back-button').click();
    await expect(page).toHaveURL(/\/all-locations/);
  });
});
