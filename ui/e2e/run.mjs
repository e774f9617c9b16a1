// End-to-end smoke journeys with playwright-core and Debian's Chromium.
// Assumes the API on WAKAT_API_URL (default http://127.0.0.1:8080). Uses the app on E2E_BASE_URL
// (default http://127.0.0.1:3000); when nothing answers there it runs `next start` itself (needs `npm run build`).
// Screenshots of each journey's end go to test-output/.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
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
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'],
});

const results = [];
// The survey popup (a corner box after 2.5 s) would cover buttons a journey clicks: journeys get
// its "hide" cookie unless they bring their own storage or ask for popups ({ popups: true }).
function quietStorage() {
  const host = new URL(baseUrl).hostname;
  return { cookies: [{ name: 'hideSurveyPopup', value: 'true', domain: host, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }], origins: [] };
}

async function journey(name, run, { popups = false, ...contextOptions } = {}) {
  const storage = popups || contextOptions.storageState ? {} : { storageState: quietStorage() };
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL', ...storage, ...contextOptions });
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

// Each file in e2e/journeys/ exports a default async function ({ journey, baseUrl, apiUrl, assert }),
// run in file-name order; E2E_ONLY=name runs only the files whose name contains it.
const journeyDir = path.join(root, 'e2e', 'journeys');
const only = process.env.E2E_ONLY || '';
for (const file of (await readdir(journeyDir)).filter((name) => name.endsWith('.mjs') && name.includes(only)).sort()) {
  const { default: register } = await import(pathToFileURL(path.join(journeyDir, file)).href);
  await register({ journey, baseUrl, apiUrl, assert });
}

await browser.close();
if (server) process.kill(-server.pid);
const failed = results.filter((result) => !result.ok);
console.log(`\n${results.length - failed.length}/${results.length} journeys passed; screenshots in ${path.relative(process.cwd(), outDir) || '.'}`);
process.exit(failed.length ? 1 : 0);
