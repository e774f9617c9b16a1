/**
 * Shared setup of the journeys: import `test` and `expect` from here, not from '@playwright/test'.
 *
 * - Every context gets the survey popup's "hide" cookie (`hideSurveyPopup=true`), since the popup (a
 *   corner box after 2.5 s) would cover buttons a journey clicks; a journey about popups says
 *   `test.use({ popups: true })`. Extra cookies: `test.use({ cookies: { 'wakat-theme': 'dark' } })`.
 * - A journey fails on an uncaught page error (`pageerror`), reported after the journey's own steps.
 * - The last screen of every journey is written to `test-output/{journey}.png` (and attached to the
 *   report); `shot(page, name)` writes extra ones. `E2E_SHOTS=0` takes neither (scripts/test: CI
 *   keeps no artefacts, and the ~270 screenshots of a run cost ~20 s of CPU).
 * - `config`: the board's configuration, straight from the API (once per worker).
 * Defaults (playwright.config.ts): locale pl-PL, viewport 1280×900.
 */
import { test as base, expect, type Locator, type Page, type Response, type TestInfo } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { apiURL, baseURL, tenant } from './env';

export { expect };
export type { Locator, Page } from '@playwright/test';
export { apiURL, baseURL, tenant } from './env';

/** The parts of the board's configuration (`GET /v2/user-panel/configuration`) the journeys read. */
export interface BoardConfig {
  featureFlags: Record<string, boolean | undefined>;
  categories: { slug: string; value?: number; parentValue?: number | null }[];
  terms: { url: string; fromDate?: string | null; dueDate?: string | null }[];
}

/** An offer as the list calls answer it (only what the journeys read). */
export interface ListOffer {
  slug: string;
  title: string;
  multilocation: { slug: string; city: string }[];
}

interface Options {
  /** Leave the survey popup free to appear (no `hideSurveyPopup` cookie). */
  popups: boolean;
  /** Cookies (name → value) every page of the journey starts with. */
  cookies: Record<string, string>;
}

interface WorkerFixtures {
  config: BoardConfig;
}

/** Where screenshots go: `test-output/` (the parent of the configured outputDir, `test-output/artifacts`). */
export function screenshotDir(testInfo: TestInfo): string {
  return path.dirname(testInfo.project.outputDir);
}

const fileName = (title: string) => title.replace(/[^\w.-]+/g, '-');
const SHOTS = process.env.E2E_SHOTS !== '0';

export const test = base.extend<Options, WorkerFixtures>({
  popups: [false, { option: true }],
  cookies: [{}, { option: true }],

  storageState: async ({ popups, cookies, baseURL }, use) => {
    const domain = new URL(baseURL!).hostname;
    const all: Record<string, string> = { ...(popups ? {} : { hideSurveyPopup: 'true' }), ...cookies };
    await use({
      cookies: Object.entries(all).map(([name, value]) => ({ name, value, domain, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const })),
      origins: [],
    });
  },

  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.setDefaultTimeout(15_000);
    // A page of the app counts as loaded once React has hydrated it (its buttons answer clicks and the
    // router has written its first history entry): `goto` and `reload` wait for that, except with
    // `waitUntil: 'commit'` (the journey waits itself) and without JavaScript.
    if (javaScriptEnabled !== false) {
      for (const method of ['goto', 'reload'] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
        (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          const response = await original(...args);
          const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null);
          if (response && options?.waitUntil !== 'commit' && (response.headers()['content-type'] ?? '').startsWith('text/html')) await hydrated(page);
          return response;
        };
      }
    }
    await use(page);
    if (SHOTS) {
      const file = path.join(screenshotDir(testInfo), `${fileName(testInfo.title)}.png`);
      await mkdir(path.dirname(file), { recursive: true });
      if (await page.screenshot({ path: file }).then(() => true, () => false)) await testInfo.attach('last screen', { path: file, contentType: 'image/png' });
    }
    expect(errors, 'uncaught page errors').toEqual([]);
  },

  config: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext();
      const response = await api.get(`${apiURL}/api/${tenant}/v2/user-panel/configuration`);
      expect(response.status(), 'board configuration').toBe(200);
      await use((await response.json()) as BoardConfig);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

/** Phone-sized context options (use inside a `test.describe` with `test.use(MOBILE)`). */
export const MOBILE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true } as const;

/** Writes an extra screenshot to `test-output/{name}.png`. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const file = path.join(screenshotDir(test.info()), `${name}.png`);
  await page.screenshot({ path: file });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

/** How many pixels the document is wider than the viewport (≤ 0: no horizontal scrolling). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Waits until the CSS animations and transitions of an element and its descendants have finished. */
export async function animationsFinished(locator: Locator): Promise<void> {
  await locator.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)).then(() => undefined));
}

/** Cookie of the page's context by name. */
export async function cookieOf(page: Page, name: string) {
  return (await page.context().cookies()).find((cookie) => cookie.name === name);
}

/** The number in a count heading ("1 234 ofert…"), or NaN. */
export function leadingNumber(text: string): number {
  return Number(/^[\d\s\u00a0]+/.exec(text)?.[0].replace(/\D/g, '') || Number.NaN);
}

/**
 * Scrolls the virtualised list to its end until offers beyond `index` are loaded (pages of 100
 * through `offers/by-cursor`) and one of those rows shows an offer card.
 */
export async function scrollListPast(page: Page, index: number): Promise<void> {
  const list = page.getByTestId('offer-list');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(Number(await list.getAttribute('data-loaded'))).toBeGreaterThan(index);
    const shown = await page.evaluate(
      (i) => [...document.querySelectorAll('[data-row-index]')].some((row) => Number(row.getAttribute('data-row-index')) >= i && row.querySelector('[data-testid=offer-card]')),
      index,
    );
    expect(shown, `an offer card at row ${index} or beyond`).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** A few offers of the board, from the API (list order). */
export async function listOffers(page: Page, query = 'perPage=50'): Promise<ListOffer[]> {
  const response = await page.request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?${query}`);
  expect(response.status(), `offers?${query}`).toBe(200);
  return ((await response.json()) as { data: ListOffer[] }).data;
}

/**
 * Resolves once React has hydrated the document and flushed the effects queued with it (the
 * scheduler's tasks run on MessageChannel, which the fake clock of `page.clock` leaves alone).
 * After `goto(…, { waitUntil: 'commit' })` the body may not be parsed yet: that is "not yet".
 */
export async function hydrated(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.body !== null && Object.keys(document.body).some((key) => key.startsWith('__reactFiber$'))), { message: 'React hydrated the page' }).toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let rounds = 0;
        channel.port1.onmessage = () => (++rounds < 5 ? channel.port2.postMessage(0) : resolve());
        channel.port2.postMessage(0);
      }),
  );
  // The layout's Suspense boundaries (the snackbar, the language switch) hydrate in later scheduler
  // tasks: an idle callback runs only once none is queued. A fake clock (`page.clock`) replaces
  // requestIdleCallback, and then the rounds above are all we wait for.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if (!String(window.requestIdleCallback).includes('[native code]')) return resolve();
        window.requestIdleCallback(() => window.requestIdleCallback(() => resolve(), { timeout: 2_000 }), { timeout: 2_000 });
      }),
  );
}

const appURL = new URL(baseURL);
/** The app's address on another host name (same scheme and port): `work.localhost` shows the board `work` (Chromium resolves *.localhost to loopback). */
export const onHost = (host: string, path = '/') => `${appURL.protocol}//${host}${appURL.port ? `:${appURL.port}` : ''}${path}`;

/** Keeps the survey and 'new look' popups away on other hosts than the fixtures' own. */
export async function quietPopups(page: Page, hosts: string[]) {
  await page.context().addCookies(
    hosts.flatMap((host) => [
      { name: 'hideSurveyPopup', value: 'true', domain: host, path: '/' },
      { name: 'horizontalPopup', value: '3', domain: host, path: '/' },
    ]),
  );
}
