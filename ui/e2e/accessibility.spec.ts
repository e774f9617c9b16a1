// Accessibility gate: axe-core (WCAG 2.1 A and AA rules) finds no violation on the home, list, offer
// and terms pages, in both languages and both themes, nor on the map views.
import { test, expect, animationsFinished, listOffers, type Page } from './fixtures';
import { expectNoViolations } from './axe';

/** Waits until the page's map has drawn its style (its controls and labels are in the page). */
async function mapReady(page: Page) {
  await expect(page.locator('[data-testid=map-canvas][data-ready]').first()).toBeVisible({ timeout: 30_000 });
}

/** The pages checked; the offer's slug comes from the API. */
const PAGES: { name: string; path: (slug: string) => string }[] = [
  { name: 'home', path: () => '/' },
  { name: 'list-krakow-java', path: () => '/krakow?keyword=java' },
  { name: 'list-all-locations', path: () => '/all-locations' },
  { name: 'offer', path: (slug) => `/job-offer/${slug}` },
  { name: 'terms', path: () => '/terms-and-privacy-policies' },
  // An offer with a company teaser, a banner and a video link, and that company's story.
  { name: 'offer-media', path: () => '/job-offer/lynx-tech-junior-salesforce-developer-torun-160' },
  { name: 'company-story', path: () => '/brands/story/lynx-tech' },
  { name: 'company-list', path: () => '/brands' },
];

for (const lang of ['pl', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${lang} ${theme}`, () => {
      // Light is the absence of the theme cookie.
      test.use({ cookies: { 'wakat-lang': lang, ...(theme === 'dark' ? { 'wakat-theme': 'dark' } : {}) } });

      for (const target of PAGES) {
        test(`a11y-${target.name}-${lang}-${theme}`, async ({ page, config }) => {
          expect(config.featureFlags.darkMode, 'the board has dark mode on').toBe(true);
          const slug = target.name === 'offer' ? (await listOffers(page, 'perPage=1'))[0].slug : '';
          await page.goto(target.path(slug));
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          if (target.name.startsWith('list') || target.name.startsWith('offer')) {
            // The list at 1280 px has the map beside it, the offer page its own: checked once drawn.
            await mapReady(page);
          }
          await expectNoViolations(page, `${target.name} (${lang}, ${theme})`);
        });
      }
    });
  }
}

test.describe('map views', () => {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(theme, () => {
      test.use({ cookies: theme === 'dark' ? { 'wakat-theme': 'dark' } : {} });

      test(`a11y-map-cluster-popup-${theme}`, async ({ page }) => {
        await page.goto('/all-locations');
        await mapReady(page);
        await page.getByTestId('map-cluster').first().click();
        await expect(page.getByTestId('map-popup-offer').first()).toBeVisible();
        await expectNoViolations(page, `the list's map with a cluster popup (${theme})`);
      });
    });
  }

  test('a11y-map-city-markers', async ({ page }) => {
    await page.goto('/krakow');
    await mapReady(page);
    const marker = page.locator('[data-testid=map-marker][data-count="1"]').first();
    await expect(marker).toBeVisible({ timeout: 30_000 });
    await page.locator('[data-testid=map-marker]').first().focus();
    await expectNoViolations(page, 'the city view with offer markers');
  });

  test.describe('mobile', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('a11y-map-mobile-show-map', async ({ page }) => {
      await page.goto('/all-locations?showMap=true');
      await mapReady(page);
      await expect(page.getByTestId('map-cluster').first()).toBeVisible();
      await expectNoViolations(page, 'the mobile map view');
    });
  });
});

// Dialogs and pop-up lists draw their own surfaces: checked open, in both themes.
test.describe('dialogs', () => {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(theme, () => {
      test.use({ cookies: theme === 'dark' ? { 'wakat-theme': 'dark' } : {} });

      test(`a11y-list-dialogs-${theme}`, async ({ page }) => {
        await page.goto('/krakow?keyword=java');
        // The search bar's suggestions.
        const keyword = page.locator('#search-keyword');
        await keyword.fill('');
        await keyword.pressSequentially('jav');
        await expect(page.getByTestId('keyword-suggestions').locator('[role=option]').first()).toBeVisible();
        await expectNoViolations(page, `keyword suggestions (${theme})`);
        await keyword.press('Escape');
        // The header search's suggestions.
        const header = page.locator('#header-search-keyword');
        await header.pressSequentially('re');
        await expect(page.getByTestId('header-suggestions').locator('[role=option]').first()).toBeVisible();
        await expectNoViolations(page, `header suggestions (${theme})`);
        await header.press('Escape');
        // More filters.
        await page.getByTestId('open-more-filters').click();
        const filters = page.getByTestId('more-filters-dialog');
        await expect(filters).toBeVisible();
        await expect(page.getByTestId('more-filters-submit')).toHaveAttribute('data-count', /\d/);
        await animationsFinished(filters);
        await expectNoViolations(page, `the more-filters dialog (${theme})`);
        await page.keyboard.press('Escape');
        await expect(filters).toBeHidden();
        // Location, with the city suggestions open.
        await page.getByTestId('open-location').click();
        const location = page.getByTestId('location-dialog');
        await expect(location).toBeVisible();
        await page.getByTestId('location-input').pressSequentially('kra');
        await expect(page.getByTestId('location-suggestions').locator('[role=option]').first()).toBeVisible();
        await animationsFinished(location);
        await expectNoViolations(page, `the location dialog (${theme})`);
      });

      test(`a11y-home-all-categories-${theme}`, async ({ page }) => {
        await page.goto('/#all-categories');
        const dialog = page.getByTestId('all-categories');
        await expect(dialog).toBeVisible();
        await animationsFinished(dialog);
        await expectNoViolations(page, `the all-categories dialog (${theme})`);
      });

      test(`a11y-offer-share-${theme}`, async ({ page }) => {
        await page.goto(`/job-offer/${(await listOffers(page, 'perPage=1'))[0].slug}`);
        await page.getByTestId('share-open').click();
        const dialog = page.getByTestId('share-dialog');
        await expect(dialog).toBeVisible();
        await animationsFinished(dialog);
        await expectNoViolations(page, `the share dialog (${theme})`);
      });
    });
  }
});
