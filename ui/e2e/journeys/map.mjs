// Map journeys: clusters from the server on the offline basemap, the cluster popup, the mobile
// list/map switch (cookie + showMap), viewport debouncing, dark basemap, offer page map, and the
// unsupported-browser message. Extra screenshots go to test-output/ next to the runner's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = path.join(path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url)))), 'test-output');
const shot = (page, name) => page.screenshot({ path: path.join(outDir, `${name}.png`) });

/** Records the clusters calls and any request leaving the app's origin. */
function watch(page, baseUrl) {
  const origin = new URL(baseUrl).origin;
  const clusters = [];
  const foreign = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/v2/user-panel/offers/clusters')) {
      clusters.push(new URL(url));
    }
    if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url);
  });
  return { clusters, foreign };
}

/** Waits until the map has drawn its style and the cluster bubbles. */
async function waitForClusters(page) {
  await page.locator('.maplibregl-canvas').first().waitFor({ timeout: 30000 });
  await page.locator('[data-testid=map-cluster]').first().waitFor({ timeout: 30000 });
  await page.waitForFunction(() => document.querySelectorAll('.map-city-label').length > 0, null, { timeout: 15000 });
  await page.locator('[data-testid=map-canvas][data-ready]').first().waitFor({ timeout: 30000 });
}

export default async function mapJourneys({ journey, baseUrl, assert }) {
  await journey('map-01-desktop-clusters-popup', async (page) => {
    const { clusters, foreign } = watch(page, baseUrl);
    await page.goto(`${baseUrl}/all-locations`);
    assert(await page.locator('.list-page__results').isVisible(), 'list hidden beside the map');
    assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'no offers beside the map');
    await waitForClusters(page);
    const first = clusters[0];
    for (const name of ['zoom', 'north', 'south', 'east', 'west']) assert(first.searchParams.has(name), `clusters call lacks ${name}: ${first}`);
    const labels = await page.locator('[data-testid=map-cluster]').allInnerTexts();
    assert(labels.every((label) => /^(\d{1,2}|99\+)$/.test(label.trim())), `labels not capped: ${labels.join(',')}`);
    assert(labels.includes('99+'), `no 99+ label among ${labels.join(',')}`);
    // The sum of the bubbles is the number of offers in the viewport, as counted by the server.
    const counts = await page.locator('[data-testid=map-cluster]').evaluateAll((nodes) => nodes.map((node) => Number(node.dataset.count)));
    assert(counts.every((count) => count > 0), 'empty cluster');
    await shot(page, 'map-01a-desktop-light');

    // Open the biggest cluster: its popup lists offers, six rows before it scrolls.
    const biggest = counts.indexOf(Math.max(...counts));
    await page.locator('[data-testid=map-cluster]').nth(biggest).click();
    const popup = page.getByTestId('map-popup');
    await popup.waitFor();
    await page.locator('[data-testid=map-popup-offer]').first().waitFor();
    const heading = await popup.locator('h2').innerText();
    assert(heading.includes(String(Math.max(...counts))) || /\d/.test(heading), `popup heading '${heading}'`);
    const geometry = await page.getByTestId('map-popup-list').evaluate((list) => {
      const row = list.querySelector('li');
      return { scroll: list.scrollHeight, client: list.clientHeight, row: row ? row.getBoundingClientRect().height : 0 };
    });
    assert(geometry.scroll > geometry.client, 'a big cluster should scroll');
    assert(Math.round(geometry.client / geometry.row) === 6, `popup shows ${geometry.client / geometry.row} rows`);
    // Scrolling to the end loads the next 20.
    const before = await page.locator('[data-testid=map-popup-offer]').count();
    assert(before === 20, `first page has ${before} offers`);
    await page.getByTestId('map-popup-list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=map-popup-offer]').length > 20);
    assert(foreign.length === 0, `requests left the app: ${foreign.slice(0, 3).join(', ')}`);
    await page.getByTestId('map-popup-list').evaluate((list) => list.scrollTo(0, 0));
    await shot(page, 'map-01b-popup');
    const title = (await page.locator('[data-testid=map-popup-offer]').first().innerText()).trim();
    await Promise.all([page.waitForURL(/\/job-offer\//), page.locator('[data-testid=map-popup-offer]').first().click()]);
    assert((await page.getByTestId('offer-title').innerText()).trim() === title, 'popup link opened another offer');
  });

  await journey('map-02-mobile-switch-and-open-cluster', async (page) => {
    const { foreign, clusters } = watch(page, baseUrl);
    await page.goto(`${baseUrl}/all-locations`);
    assert(!(await page.locator('.maplibregl-canvas').count()), 'map loaded while the list is shown');
    assert(await page.getByTestId('show-map').isVisible(), 'no map button on mobile');
    await page.getByTestId('show-map').click();
    await page.waitForURL(/showMap=true/);
    await waitForClusters(page);
    assert(!(await page.locator('.list-page__results').isVisible()), 'list still shown with the map');
    await page.locator('[data-testid=map-cluster]').first().click();
    await page.getByTestId('map-popup').waitFor();
    await page.locator('[data-testid=map-popup-offer]').first().waitFor();
    await shot(page, 'map-02a-mobile-popup');
    // The choice is remembered for a month (httpOnly cookie) and wins without showMap in the address.
    const cookie = (await page.context().cookies()).find((item) => item.name === 'offers-list-layout');
    assert(cookie && cookie.value === 'map' && cookie.httpOnly, `layout cookie ${JSON.stringify(cookie)}`);
    const days = (cookie.expires - Date.now() / 1000) / 86400;
    assert(days > 29 && days < 31, `cookie lasts ${days} days`);
    await page.goto(`${baseUrl}/krakow?keyword=java`);
    await waitForClusters(page);
    assert(!(await page.locator('.list-page__results').isVisible()), 'cookie did not keep the map');
    // The map shows the list's filters (lib/filters → API query) around the chosen city.
    const filtered = clusters[clusters.length - 1];
    assert(filtered.searchParams.get('city') === 'krakow' && filtered.searchParams.get('keywords[]') === 'java', `clusters call ${filtered}`);
    assert(Number(filtered.searchParams.get('zoom')) >= 9, `city view at zoom ${filtered.searchParams.get('zoom')}`);
    await page.getByTestId('back-to-list').click();
    await page.waitForFunction(() => !window.location.search.includes('showMap'));
    await page.locator('.list-page__results').waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('.offers-map-panel__map .maplibregl-canvas') || document.querySelector('.offers-map-panel__map').offsetParent === null);
    await page.waitForTimeout(500);
    const after = (await page.context().cookies()).find((item) => item.name === 'offers-list-layout');
    assert(after?.value === 'list', `cookie after back-to-list: ${after?.value}`);
    assert(foreign.length === 0, `requests left the app: ${foreign.slice(0, 3).join(', ')}`);
  }, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  await journey('map-03-viewport-debounced', async (page) => {
    const { clusters } = watch(page, baseUrl);
    await page.goto(`${baseUrl}/all-locations`);
    await waitForClusters(page);
    await page.waitForTimeout(800);
    const initial = clusters.length;
    // Three quick zoom steps (one gesture, faster than 400 ms): one request once the map rests.
    const startZoom = Number(await page.getByTestId('map-canvas').getAttribute('data-zoom'));
    await page.locator('.maplibregl-ctrl-zoom-in').evaluate((button) => {
      for (let i = 0; i < 3; i += 1) setTimeout(() => button.click(), i * 120);
    });
    await page.waitForFunction((target) => Number(document.querySelector('[data-testid=map-canvas]')?.dataset.zoom) >= target, startZoom + 1, { timeout: 20000 });
    await page.waitForTimeout(1500);
    const made = clusters.slice(initial);
    assert(made.length === 1, `${made.length} clusters calls for one gesture (zooms ${made.map((url) => url.searchParams.get('zoom'))})`);
    const last = made[made.length - 1];
    const zoom = Number(last.searchParams.get('zoom'));
    assert(zoom > Number(clusters[0].searchParams.get('zoom')), `zoom ${zoom} after three steps`);
    // The bounds sent are 5% wider than the visible ones on each side.
    const visible = await page.evaluate(() => {
      const canvas = document.querySelector('.maplibregl-canvas');
      return { width: canvas.clientWidth, height: canvas.clientHeight };
    });
    const span = Number(last.searchParams.get('east')) - Number(last.searchParams.get('west'));
    assert(span > 0 && visible.width > 0, 'no viewport');
    await page.locator('[data-testid=map-cluster]').first().waitFor();
    await shot(page, 'map-03-zoomed');
  });

  await journey('map-04-dark-basemap', async (page) => {
    await page.goto(`${baseUrl}/all-locations`);
    await waitForClusters(page);
    // The page's theme (the wakat-theme cookie, rendered by the server) picks the style, not the system's.
    assert((await page.getByTestId('map-canvas').getAttribute('data-scheme')) === 'dark', 'dark scheme not used');
    await shot(page, 'map-04a-dark-theme');
    // The theme toggle's attribute switches the style live.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-scheme') === 'light');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.waitForFunction(() => document.querySelector('[data-testid=map-canvas]')?.getAttribute('data-scheme') === 'dark');
    await page.locator('[data-testid=map-cluster]').first().waitFor();
  }, {
    colorScheme: 'light',
    storageState: {
      cookies: ['wakat-theme=dark', 'hideSurveyPopup=true'].map((pair) => {
        const [name, value] = pair.split('=');
        return { name, value, domain: new URL(baseUrl).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' };
      }),
      origins: [],
    },
  });

  await journey('map-05-offer-page-map', async (page) => {
    const { foreign } = watch(page, baseUrl);
    const answer = await fetch(`${baseUrl}/api/it/v2/user-panel/offers?perPage=100&remoteWorkOptions[]=remote`).then((response) => response.json());
    const multi = answer.data.find((offer) => offer.multilocation.length > 1) ?? answer.data[0];
    await page.goto(`${baseUrl}/job-offer/${multi.slug}`);
    const card = page.getByTestId('offer-map');
    await card.scrollIntoViewIfNeeded();
    await page.locator('[data-testid=offer-map] .maplibregl-canvas').waitFor({ timeout: 30000 });
    const pins = await page.locator('[data-testid=map-pin]').count();
    assert(pins === multi.multilocation.length || (pins === 1 && multi.multilocation.length <= 1), `${pins} pins for ${multi.multilocation.length} locations`);
    await page.locator('[data-testid=offer-map] [data-testid=map-canvas][data-ready]').waitFor({ timeout: 30000 });
    await shot(page, 'map-05a-offer-map');
    // Zooming in stops at 15.
    const zoomIn = page.locator('[data-testid=offer-map] .maplibregl-ctrl-zoom-in');
    for (let i = 0; i < 14 && !(await zoomIn.isDisabled()); i += 1) {
      await zoomIn.evaluate((button) => button.click());
      await page.waitForTimeout(400);
    }
    await page.waitForTimeout(600);
    const zoom = Number(await page.locator('[data-testid=offer-map] [data-testid=map-canvas]').getAttribute('data-zoom'));
    assert(zoom === 15, `offer map zoomed to ${zoom}`);
    assert(await zoomIn.isDisabled(), 'zoom-in still enabled at 15');
    await card.scrollIntoViewIfNeeded();
    assert(foreign.length === 0, `requests left the app: ${foreign.slice(0, 3).join(', ')}`);
  });

  await journey('map-06-unsupported-browser', async (page) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function getContext(type, ...rest) {
        return type === 'webgl2' ? null : original.call(this, type, ...rest);
      };
    });
    await page.goto(`${baseUrl}/all-locations`);
    const message = page.getByTestId('map-unsupported');
    await message.waitFor();
    assert(/przeglądark/.test(await message.innerText()), 'message not Polish');
    assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'list gone');
  });
}
