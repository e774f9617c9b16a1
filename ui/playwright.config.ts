/**
 * End-to-end journeys (`npm run e2e` = `playwright test`) in Debian's Chromium (no browser download:
 * `/usr/bin/chromium`, or `CHROMIUM_PATH`).
 *
 * - The API must already answer on `WAKAT_API_URL` (default http://127.0.0.1:8080); `e2e/global-setup.ts`
 *   stops the run at once with a clear message when it does not.
 * - The web app is used on `E2E_BASE_URL` (default http://127.0.0.1:3000); when nothing answers there,
 *   `next start` is run on that host and port (after `npm run build`, whose `WAKAT_API_URL` fixes the
 *   `/api/*` rewrite).
 * - Screenshots of each journey's end go to `test-output/{journey}.png`; traces of failed journeys and
 *   other artefacts to `test-output/artifacts/`, the HTML report to `test-output/report/` (all git-ignored).
 *   `E2E_OUTPUT_DIR` names another directory than `test-output`: two runs at once need one each, since
 *   a run empties its artefacts and report directories when it starts (scripts/test runs two).
 */
import { defineConfig } from '@playwright/test';

const baseURL = (process.env.E2E_BASE_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '');
const base = new URL(baseURL);
const port = base.port || (base.protocol === 'https:' ? '443' : '80');
const output = process.env.E2E_OUTPUT_DIR || 'test-output';

export default defineConfig({
  testDir: './e2e',
  // The captcha journey needs an API with a captcha, the SMTP ones an API that mails through SMTP:
  // each runs alone, chosen by its variable (scripts/test runs them on an API of their own).
  testMatch: process.env.E2E_CAPTCHA_STUB ? '**/captcha.journey.ts' : process.env.E2E_SMTP_DIR ? '**/*-smtp.journey.ts' : '**/*.spec.ts',
  outputDir: `./${output}/artifacts`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // The machine (and CI) has 2 cores; the app server and the API share them.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `./${output}/report` }]],
  use: {
    baseURL,
    locale: 'pl-PL',
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // Traces of failed journeys (DOM snapshots, network, console, sources); the screencast frames are
    // left out: recording them for every journey costs a third of the run on 2 cores, and the
    // snapshots show the same pages. `E2E_TRACES=0` (scripts/test: CI keeps no artefacts) records
    // none, a tenth less time.
    trace: process.env.E2E_TRACES === '0' ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // Every journey's last screen is written to test-output/ by the page fixture (e2e/fixtures.ts).
    screenshot: 'only-on-failure',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // The map needs WebGL 2: SwiftShader (software) since there is no GPU.
      args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `node server.mjs --hostname ${base.hostname} --port ${port}`,
    // robots.txt needs no API call: the server counts as up even before e2e/global-setup.ts checks the API.
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: true,
    timeout: 120_000,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
