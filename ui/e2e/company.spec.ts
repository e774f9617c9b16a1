// The offer page's company teaser (short-info), banner and video, and the company story page.
import { test, expect, apiURL, tenant, MOBILE, shot, type Page } from './fixtures';

/** A default IT offer with a brand story, a banner (its company's cover) and a video link (index-data/offers-it.jsonl). */
const WITH_MEDIA = 'lynx-tech-junior-salesforce-developer-torun-160';
const STORY = 'lynx-tech';

/** Collects the page's CSP refusals (a banner or player the policy would block). */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

test('company-01-offer-teaser-banner-and-video', async ({ page }) => {
  const refusals = cspRefusals(page);
  const story = await (await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/brand-stories/company/${STORY}/short-info`)).json();
  await page.goto(`/job-offer/${WITH_MEDIA}`);

  const banner = page.getByTestId('offer-banner');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toHaveAttribute('src', `/api/${tenant}/v1/images/cover/${STORY}.svg`);
  await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { message: 'the banner loads' }).toBe(true);
  const video = page.getByTestId('offer-video');
  await expect(video).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=/);
  await expect(video).toHaveAttribute('target', '_blank');
  await expect(video).toContainText('YouTube');
  await expect(page.locator('iframe'), 'no player is embedded').toHaveCount(0);

  const teaser = page.getByTestId('company-teaser');
  await expect(teaser.getByRole('heading', { level: 2 })).toHaveText(story.name);
  await expect(teaser).toContainText('Software house');
  await expect(teaser).toContainText(`${story.offersCount} aktualn`);
  await teaser.scrollIntoViewIfNeeded();
  await shot(page, 'company-01-offer-teaser');
  await page.getByTestId('offer-media').scrollIntoViewIfNeeded();
  await shot(page, 'company-01-offer-media');
  expect(refusals, 'no CSP refusal').toEqual([]);

  await teaser.getByTestId('company-profile-link').click();
  await expect(page).toHaveURL(new RegExp(`/brands/story/${STORY}$`));
  await expect(page.getByTestId('story-name')).toHaveText(story.name);
});

test('company-02-story-page-shows-the-story-and-its-offers', async ({ page }) => {
  const story = await (await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/brand-stories/company/${STORY}/short-info`)).json();
  await page.goto(`/brands/story/${STORY}`);
  await expect(page).toHaveTitle(new RegExp(story.name));
  await expect(page.getByTestId('story-name')).toHaveText(story.name);
  await expect(page.getByTestId('story-type')).toHaveText('Software house');
  await expect(page.getByTestId('story-offers-count')).toContainText(String(story.offersCount));
  await expect(page.getByText(story.shortDescription)).toBeVisible();
  const cards = page.getByTestId('story-offers').getByTestId('offer-card');
  await expect(cards).toHaveCount(Math.min(story.offersCount, 50));
  for (const company of await cards.locator('.offer-card__company').allInnerTexts()) expect(company).toBe(story.name);
  await shot(page, 'company-02-story-desktop');
  await page.getByTestId('story-list-link').click();
  await expect(page).toHaveURL((url) => url.pathname === '/all-locations' && url.searchParams.get('companies') === story.name);
});

test('company-03-home-stories-lead-to-the-story-page-and-unknown-stories-are-404', async ({ page }) => {
  await page.goto('/');
  const first = page.getByTestId('story-carousel').locator('.story-card h3 a').first();
  const name = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/brands\/story\/[a-z0-9-]+$/);
  await expect(page.getByTestId('story-name')).toHaveText(name);

  const response = await page.goto('/brands/story/no-such-company');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('company-04-offer-without-story-has-no-teaser', async ({ page }) => {
  const offers = (await (await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?perPage=50`)).json()).data as { slug: string; brandStorySlug: string | null }[];
  const plain = offers.find((offer) => !offer.brandStorySlug);
  expect(plain, 'an offer without a story').toBeTruthy();
  await page.goto(`/job-offer/${plain!.slug}`);
  await expect(page.getByTestId('offer-title')).toBeVisible();
  await expect(page.getByTestId('company-teaser')).toHaveCount(0);
  await expect(page.getByTestId('offer-media')).toHaveCount(0);
});

test.describe('mobile 360', () => {
  test.use(MOBILE);

  test('company-05-story-and-media-mobile', async ({ page }) => {
    await page.goto(`/brands/story/${STORY}`);
    await expect(page.getByTestId('story-name')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'no horizontal scrolling').toBeLessThanOrEqual(0);
    await shot(page, 'company-05-story-mobile');
    await page.goto(`/job-offer/${WITH_MEDIA}`);
    await page.getByTestId('offer-video').scrollIntoViewIfNeeded();
    await shot(page, 'company-05-media-mobile');
    await page.getByTestId('company-teaser').scrollIntoViewIfNeeded();
    await shot(page, 'company-05-teaser-mobile');
  });
});

/** Pages of the company list: the API's count of published stories, 20 a page. */
async function storyPages(page: Page): Promise<number> {
  const answer = await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/brand-stories/company/list?perPage=1`);
  return Math.ceil(((await answer.json()) as { meta: { totalItems: number } }).meta.totalItems / 20);
}

test('company-06-the-company-list-pages-and-leads-to-a-story', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('all-stories').click();
  await expect(page).toHaveURL(/\/brands$/);
  const cards = page.getByTestId('brands-list').getByTestId('story-card');
  await expect(cards).toHaveCount(20);
  const pages = await storyPages(page);
  expect(pages, 'the default data has more than one page of stories').toBeGreaterThan(1);
  await expect(page.getByTestId('brands-paging')).toContainText(`Strona 1 z ${pages}`);
  await expect(page.getByTestId('brands-previous')).toHaveCount(0);
  await shot(page, 'company-06-list-1280');
  await page.getByTestId('brands-next').click();
  await expect(page).toHaveURL(/\/brands\?page=2$/);
  await expect(page.getByTestId('brands-paging')).toContainText(`Strona 2 z ${pages}`);
  const link = cards.first().locator('h3 a');
  const name = await link.innerText();
  await link.click();
  await expect(page).toHaveURL(/\/brands\/story\/[a-z0-9-]+$/);
  await expect(page.getByTestId('story-name')).toHaveText(name);

  expect((await page.goto(`/brands?page=${pages + 1}`))?.status()).toBe(404);
  expect((await page.goto('/brands?page=abc'))?.status()).toBe(404);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('company-07-the-company-list-pages-without-javascript', async ({ page }) => {
    const pages = await storyPages(page);
    await page.goto(`/brands?page=${pages}`);
    await expect(page.getByTestId('brands-next')).toHaveCount(0);
    await page.getByTestId('brands-previous').click();
    await expect(page).toHaveURL(new RegExp(`/brands(\\?page=${pages - 1})?$`));
    await expect(page.getByTestId('brands-list').getByTestId('story-card')).toHaveCount(20);
  });
});

test.describe('mobile 360', () => {
  test.use({ ...MOBILE });
  test('company-08-the-company-list-on-a-phone', async ({ page }) => {
    await page.goto('/brands');
    await expect(page.getByTestId('brands-list').getByTestId('story-card').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
    await shot(page, 'company-08-list-360');
  });
});
