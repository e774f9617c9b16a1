// Flags of issue 27 "Flags do what they say", each on the IT board (127.0.0.1, flag on in
// wakat.toml) against the work board (flag off): the homepage's promotional hero
// (promotionalHomepage), new offers list (newOffersList) and blog showcase with its pages
// (blogShowcase); the real-time-bidding event (realTimeBidding); the theme toggle between the
// looks (themeToggle, cookie horizontalTheme for a day) beside the light/dark control (darkMode).
// The flag-off side of the flags on both boards is src/app/known-flags.test.ts.
import { test, expect, apiURL, tenant, onHost, quietPopups, shot, type Page } from './fixtures';
import { expectNoViolations } from './axe';

const WORK = 'work.localhost';

test('flags-04-homepage-hero-new-offers-and-blog', async ({ page }) => {
  const newest = (await (await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?sortBy=newest&orderBy=DESC&perPage=6`)).json()).data as { slug: string }[];
  await page.goto('/');
  // promotionalHomepage: the hero has the board's image, headline and link.
  const hero = page.getByTestId('promotional-hero');
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('/promo/it.svg');
  await expect(page.getByTestId('promotion')).toContainText('Zarobki widać od razu: każda oferta z widełkami');
  await expect(page.getByTestId('promotion-link')).toHaveAttribute('href', '/all-locations?widelki=true');
  await shot(page, 'flags-04-hero');

  // newOffersList: the six newest offers, in order, and the way to all of them newest first.
  const list = page.getByTestId('new-offers-list');
  await expect(list.getByRole('heading', { name: 'Najnowsze oferty' })).toBeVisible();
  const hrefs = await list.getByTestId('offer-card').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.filter((href) => href?.startsWith('/job-offer/')).map((href) => href!.split('/')[2].split('?')[0]).slice(0, 6)).toEqual(newest.map((offer) => offer.slug));
  await list.scrollIntoViewIfNeeded();
  await shot(page, 'flags-04-new-offers');

  // blogShowcase: the three newest posts, each to its page.
  const showcase = page.getByTestId('blog-showcase');
  await expect(showcase.getByTestId('post-card')).toHaveCount(3);
  await expect(showcase.getByTestId('post-card').first()).toContainText('Jak czytać widełki w ogłoszeniach IT');
  await showcase.scrollIntoViewIfNeeded();
  await shot(page, 'flags-04-blog-showcase');
  await expectNoViolations(page, 'the homepage with hero, new offers and blog');

  await showcase.getByRole('link', { name: 'Jak czytać widełki w ogłoszeniach IT' }).click();
  await expect(page).toHaveURL(/\/blog\/jak-czytac-widelki$/);
  const post = page.getByTestId('blog-post');
  await expect(post.getByRole('heading', { level: 1 })).toHaveText('Jak czytać widełki w ogłoszeniach IT');
  await expect(post.getByRole('heading', { level: 2, name: 'Umowa o pracę i B2B' })).toBeVisible();
  await expect(post.locator('strong', { hasText: 'brutto' })).toBeVisible();
  await shot(page, 'flags-04-blog-post');
  await expectNoViolations(page, 'a blog post');
  await post.getByRole('link', { name: /Wróć do bloga/ }).click();
  await expect(page.getByTestId('blog-page').getByTestId('post-card')).toHaveCount(4);
  await expectNoViolations(page, 'the blog');

  // The work board has the three flags off: none of it, and no blog pages.
  await quietPopups(page, [WORK]);
  await page.goto(onHost(WORK, '/'));
  await expect(page.getByTestId('offers-count')).toBeVisible();
  for (const section of ['promotional-hero', 'new-offers-list', 'blog-showcase']) await expect(page.getByTestId(section), section).toHaveCount(0);
  expect((await page.goto(onHost(WORK, '/blog')))?.status()).toBe(404);
  expect((await page.goto(onHost(WORK, '/blog/jak-czytac-widelki')))?.status()).toBe(404);
});

/** Records the real-time-bidding events the page sends (window event and dataLayer). */
async function recordBidding(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { biddingEvents: unknown[] }).biddingEvents = seen;
    window.addEventListener('realTimeBidding', (event) => seen.push((event as CustomEvent).detail));
  });
}
const biddingEvents = (page: Page) => page.evaluate(() => (window as unknown as { biddingEvents: { slugs: string[] }[] }).biddingEvents);

test('flags-05-real-time-bidding', async ({ page }) => {
  await recordBidding(page);
  await page.goto('/all-locations?sortBy=salary&orderBy=DESC');
  const firstFive = await page.getByTestId('offer-card').locator('a[href^="/job-offer/"]').evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!.split('/')[2].split('?')[0]))].slice(0, 5));
  expect(firstFive).toHaveLength(5);
  await expect.poll(() => biddingEvents(page)).toEqual([{ slugs: firstFive }]);
  expect(await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer)).toEqual([{ event: 'realTimeBidding', slugs: firstFive }]);

  // A filtered list sends nothing; nor does the work board, which has the flag off.
  await page.goto('/krakow');
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  expect(await biddingEvents(page)).toEqual([]);
  await quietPopups(page, [WORK]);
  await page.goto(onHost(WORK, '/all-locations'));
  await expect(page.getByTestId('offer-card').first()).toBeVisible();
  expect(await biddingEvents(page)).toEqual([]);
});

test('flags-06-theme-toggle-switches-the-look-dark-mode-apart', async ({ page }) => {
  // IT board: themeToggle and darkMode on, no 'new look' popup. The light/dark control is its own.
  await page.goto('/krakow');
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'column');
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  const tryNew = page.getByTestId('new-look');
  await expect(tryNew).toBeVisible();
  await Promise.all([page.waitForEvent('load'), tryNew.click()]);
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'horizontal');
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'horizontalTheme');
  expect(cookie?.value).toBe('always');
  const lifetime = cookie!.expires - Date.now() / 1000;
  expect(lifetime, 'the horizontal theme cookie lasts one day').toBeGreaterThan(86_400 - 120);
  expect(lifetime).toBeLessThanOrEqual(86_400 + 5);
  await expect(page.getByTestId('theme-toggle'), 'light/dark stays a separate control').toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'flags-06-horizontal');
  await expectNoViolations(page, 'the list in the horizontal layout');
  await Promise.all([page.waitForEvent('load'), page.getByTestId('old-look').click()]);
  await expect(page.locator('.list-page')).toHaveAttribute('data-layout', 'column');
  expect((await page.context().cookies()).find((entry) => entry.name === 'horizontalTheme')?.value).toBe('never');

  // The work board has no dark mode: no light/dark control, but its theme toggle is there.
  await quietPopups(page, [WORK]);
  await page.goto(onHost(WORK, '/krakow'));
  await expect(page.getByTestId('new-look')).toBeVisible();
  await expect(page.getByTestId('theme-toggle')).toHaveCount(0);
});
