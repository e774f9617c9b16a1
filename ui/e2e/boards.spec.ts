// One web app, every board: the board is chosen by the host name (`hosts` of each board in
// wakat.toml, listed by GET /api/boards). Chromium resolves any *.localhost name to the loopback
// address, so `work.localhost` and `it.localhost` reach the same server as 127.0.0.1.
import { test, expect, onHost, quietPopups, type Page } from './fixtures';

/** What a page of the app says about its board. */
async function boardOf(page: Page) {
  return {
    slug: await page.locator('html').getAttribute('data-board'),
    name: (await page.getByTestId('board-brand').innerText()).trim(),
    primary: await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--primary').trim()),
  };
}

test('boards-01-two-hosts-two-boards', async ({ page }) => {
  await quietPopups(page, ['work.localhost', 'it.localhost']);
  await page.goto(onHost('work.localhost'));
  const work = await boardOf(page);
  expect(work.slug).toBe('work');
  expect(work.name).toBe('Wakat Praca');
  await expect(page).toHaveTitle(/Wakat Praca/);

  await page.goto(onHost('it.localhost'));
  const it = await boardOf(page);
  expect(it).toEqual({ slug: 'it', name: 'Wakat IT', primary: expect.any(String) });
  expect(it.primary, 'each board its own colours').not.toBe(work.primary);

  // Each board its own offers (the homepages both count all boards: flag countAllBoardsOffers).
  await page.goto(onHost('it.localhost', '/all-locations'));
  const itCount = await page.getByTestId('count-heading').innerText();
  // The browser's API calls go to the page's own board, through the same-origin forwarder, which
  // forwards that board only.
  await page.goto(onHost('work.localhost', '/all-locations'));
  expect(await page.getByTestId('count-heading').innerText(), 'each board its own offers').not.toBe(itCount);
  const answers = await page.evaluate(async () => {
    const status = async (path: string) => (await fetch(path)).status;
    return { own: await status('/api/work/v2/user-panel/offers/count'), other: await status('/api/it/v2/user-panel/offers/count') };
  });
  expect(answers).toEqual({ own: 200, other: 404 });
  const firstOffer = page.getByTestId('offer-card').first().getByRole('link').first();
  const href = await firstOffer.getAttribute('href');
  await firstOffer.click();
  await expect(page).toHaveURL(onHost('work.localhost', href ?? ''));
  await expect(page.getByTestId('offer-title')).toBeVisible();
  // Canonical URLs are on the board's primary host. After a client-side navigation the list page's
  // canonical stays in the head until the offer page's metadata has streamed in: wait for one only.
  const canonical = page.locator('link[rel=canonical]');
  await expect(canonical).toHaveCount(1);
  await expect(canonical).toHaveAttribute('href', onHost('work.localhost', href ?? ''));
});

test('boards-04-each-board-speaks-of-its-own-trade', async ({ page }) => {
  // Every board-facing text comes from the board's configuration (`[tenants.texts]`): the IT
  // board's words never show on the other board.
  await quietPopups(page, ['work.localhost', 'it.localhost']);
  const texts = async (host: string) => {
    await page.goto(onHost(host));
    return {
      heading: (await page.locator('#hero-heading').innerText()).trim(),
      searchLabel: (await page.locator('label[for="home-search-keyword"]').innerText()).trim(),
      description: await page.locator('meta[name="description"]').getAttribute('content'),
    };
  };
  const it = await texts('it.localhost');
  const work = await texts('work.localhost');
  expect(it.heading).toBe('Znajdź pracę w IT');
  expect(work.heading).toBe('Znajdź pracę w sprzedaży, logistyce i HR');
  for (const key of ['heading', 'searchLabel', 'description'] as const) {
    expect(work[key], key).not.toBe(it[key]);
    expect(work[key] ?? '', key).not.toMatch(/\bIT\b|technolog/i);
  }
});

test('boards-02-unknown-host-is-a-clear-404', async ({ page }) => {
  const response = await page.goto(onHost('nope.localhost', '/krakow'));
  expect(response?.status()).toBe(404);
  const view = page.getByTestId('unknown-board');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText('Pod tym adresem nie ma serwisu');
  await expect(view).toContainText('nope.localhost');
  // It points to the boards there are.
  await expect(view.getByRole('link', { name: 'Wakat Praca' })).toHaveAttribute('href', onHost('work.localhost'));
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  // The API forwarder serves no board there either.
  const api = await page.evaluate(async () => {
    const answer = await fetch('/api/it/v2/user-panel/offers/count');
    return { status: answer.status, body: await answer.json() };
  });
  expect(api).toEqual({ status: 404, body: { code: 'unknown_board', message: expect.any(String), field: null } });
});

test('boards-03-robots-and-sitemap-per-board', async ({ page }) => {
  await page.goto(onHost('work.localhost', '/robots.txt'));
  await expect(page.locator('body')).toContainText(`Sitemap: ${onHost('work.localhost', '/sitemap.xml')}`);
  const sitemap = await page.goto(onHost('work.localhost', '/sitemap.xml'));
  const xml = (await sitemap?.text()) ?? '';
  expect(xml).toContain(`<loc>${onHost('work.localhost', '/')}</loc>`);
  expect(xml).not.toContain('it.localhost');
  await page.goto(onHost('nope.localhost', '/robots.txt'));
  await expect(page.locator('body')).toContainText('Disallow: /');
  expect(await page.evaluate(async () => (await fetch('/sitemap.xml')).status), 'no sitemap on a host no board lists').toBe(404);
});
