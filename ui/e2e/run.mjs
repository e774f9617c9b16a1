// End-to-end smoke journeys with playwright-core and Debian's Chromium.
// Assumes the API on WAKAT_API_URL (default http://127.0.0.1:8080). Uses the app on E2E_BASE_URL
// (default http://127.0.0.1:3000); when nothing answers there it runs `next start` itself (needs `npm run build`).
// Screenshots of each journey's end go to test-output/.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const baseUrl = (process.env.E2E_BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
const apiUrl = (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const outDir = path.join(root, 'test-output');
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

async function reachable(url) {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    return response.status > 0;
  } catch {
    return false;
  }
}

async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i += 1) {
    if (await reachable(url)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

let server = null;
if (!(await reachable(`${apiUrl}/api/openapi.json`))) {
  console.error(`the API does not answer on ${apiUrl}; start it first (see README)`);
  process.exit(2);
}
if (!(await reachable(baseUrl))) {
  const url = new URL(baseUrl);
  console.log(`starting next start on ${url.host}`);
  server = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '--hostname', url.hostname, '--port', url.port || '3000'], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  if (!(await waitFor(baseUrl, 60))) {
    console.error('next start did not come up');
    process.kill(-server.pid);
    process.exit(2);
  }
}

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

const results = [];
async function journey(name, run, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL', ...contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  const consoleErrors = [];
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  const started = Date.now();
  try {
    await run(page);
    assert(consoleErrors.length === 0, `page errors: ${consoleErrors.join(' | ')}`);
    results.push({ name, ok: true, ms: Date.now() - started });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    results.push({ name, ok: false, error: String(error?.message ?? error) });
    console.log(`FAIL ${name}: ${error?.message ?? error}`);
  } finally {
    await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: false }).catch(() => {});
    await context.close();
  }
}

await journey('01-home-count', async (page) => {
  await page.goto(`${baseUrl}/`);
  const text = await page.getByTestId('offers-count').innerText();
  assert(/^\d[\d\s\u00a0]*\s\S/.test(text), `count text '${text}'`);
  assert(Number(text.replace(/\D+/g, ' ').trim().split(' ')[0].length) > 0, 'no number');
  assert((await page.getByTestId('newest-offers').locator('[data-testid=offer-card]').count()) > 0, 'no newest offers');
});

await journey('02-search-java-krakow-30', async (page) => {
  await page.goto(`${baseUrl}/`);
  await page.locator('#home-search-keyword').fill('java');
  await page.locator('#home-search-city').fill('Kraków');
  await page.locator('#home-search-radius').fill('30');
  await Promise.all([page.waitForURL(/\/krakow\?/), page.locator('#home-search-keyword').press('Enter')]);
  const url = new URL(page.url());
  assert(url.searchParams.get('keyword') === 'java' && url.searchParams.get('radius') === '30', `url ${page.url()}`);
  const heading = await page.getByTestId('count-heading').innerText();
  assert(/^[1-9]/.test(heading), `heading '${heading}'`);
  assert(/Kraków \+30 km/.test(heading), `heading '${heading}'`);
  assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'no cards');
});

await journey('03-filter-chip-add-remove', async (page) => {
  await page.goto(`${baseUrl}/krakow?keyword=java&radius=30`);
  const before = await page.getByTestId('count-heading').innerText();
  await Promise.all([page.waitForURL(/widelki=true/), page.getByTestId('switch-with-salary').click()]);
  const chip = page.locator('a[data-chip="withSalary"]');
  assert(await chip.isVisible(), 'with-salary chip missing');
  assert((await page.getByTestId('switch-with-salary').getAttribute('aria-checked')) === 'true', 'switch not checked');
  await Promise.all([page.waitForURL((url) => !url.search.includes('widelki')), chip.click()]);
  assert((await page.locator('a[data-chip="withSalary"]').count()) === 0, 'chip still shown');
  assert((await page.getByTestId('count-heading').innerText()) === before, 'count differs after removing the chip');
  // Chips for path filters too: remove the keyword chip.
  await Promise.all([page.waitForURL((url) => !url.search.includes('keyword')), page.locator('a[data-chip="keyword"]').click()]);
});

await journey('04-offer-page-json-ld', async (page) => {
  await page.goto(`${baseUrl}/krakow?keyword=java`);
  const first = page.locator('[data-testid=offer-card] h2 a').first();
  const title = (await first.innerText()).trim();
  await Promise.all([page.waitForURL(/\/job-offer\//), first.click()]);
  assert((await page.getByTestId('offer-title').innerText()).trim() === title, 'title differs');
  const jsonLd = JSON.parse(await page.locator('script[type="application/ld+json"]').first().textContent());
  assert(jsonLd['@type'] === 'JobPosting' && jsonLd.title === title, 'JSON-LD JobPosting missing');
  const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
  assert(canonical && canonical.includes('/job-offer/'), 'canonical missing');
  assert(await page.locator('meta[property="og:title"]').count(), 'og:title missing');
  assert((await page.locator('nav.breadcrumbs li').count()) >= 3, 'breadcrumbs missing');
});

await journey('05-switch-language', async (page) => {
  await page.goto(`${baseUrl}/krakow?keyword=java`);
  assert((await page.locator('html').getAttribute('lang')) === 'pl', 'not Polish first');
  await Promise.all([page.waitForURL((url) => !url.search.includes('lang=')), page.getByTestId('language-switch').click()]);
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const heading = await page.getByTestId('count-heading').innerText();
  assert(/offers?:/.test(heading), `heading '${heading}'`);
  assert(new URL(page.url()).pathname === '/krakow', 'left the page');
  await page.goto(`${baseUrl}/`);
  assert(/job offers?/.test(await page.getByTestId('offers-count').innerText()), 'homepage not English');
});

await journey('06-unknown-offer-404', async (page) => {
  const response = await page.goto(`${baseUrl}/job-offer/no-such-offer-e2e`);
  assert(response.status() === 404, `status ${response.status()}`);
  assert(await page.getByTestId('not-found').isVisible(), 'no 404 page');
});

await journey('06b-unknown-offer-404-no-javascript', async (page) => {
  const response = await page.goto(`${baseUrl}/job-offer/no-such-offer-e2e`);
  assert(response.status() === 404, `status ${response.status()}`);
  assert(await page.getByTestId('not-found').isVisible(), 'no server-rendered 404 page');
}, { javaScriptEnabled: false });

await journey('07-no-javascript-list', async (page) => {
  await page.goto(`${baseUrl}/all-locations?city=Krak%C3%B3w&keyword=java&radius=30`);
  assert(new URL(page.url()).pathname === '/krakow', `url ${page.url()}`);
  assert((await page.locator('[data-testid=offer-card]').count()) > 0, 'no cards without JavaScript');
}, { javaScriptEnabled: false });

await journey('08-mobile-360-list', async (page) => {
  await page.goto(`${baseUrl}/all-locations`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert(overflow <= 0, `horizontal overflow ${overflow}px at 360px`);
  await Promise.all([page.waitForResponse((r) => r.url().includes('/v2/user-panel/offers')), page.getByTestId('load-more').click()]);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=offer-card]').length > 100);
}, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

await browser.close();
if (server) process.kill(-server.pid);
const failed = results.filter((result) => !result.ok);
console.log(`\n${results.length - failed.length}/${results.length} journeys passed; screenshots in ${path.relative(process.cwd(), outDir) || '.'}`);
process.exit(failed.length ? 1 : 0);
