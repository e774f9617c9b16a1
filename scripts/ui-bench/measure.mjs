// Measures the web app as the issue asks: Lighthouse (mobile profile) on the list and offer pages,
// the JavaScript the list page loads (gzipped, without the map chunk) and the time to first byte
// of the server-rendered list page. Writes one JSON document; scripts/bench-ui turns it into
// BENCHMARKS.md.
//
//   node measure.mjs --app http://127.0.0.1:3000 --api http://127.0.0.1:8080 --out results.json
import { writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const { values: args } = parseArgs({
  options: {
    app: { type: 'string', default: 'http://127.0.0.1:3000' },
    api: { type: 'string', default: 'http://127.0.0.1:8080' },
    tenant: { type: 'string', default: 'it' },
    out: { type: 'string', default: 'ui-bench.json' },
    runs: { type: 'string', default: '3' },
    'ttfb-requests': { type: 'string', default: '100' },
  },
});
const app = args.app.replace(/\/+$/, '');
const runs = Number(args.runs);
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--enable-unsafe-swiftshader'];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function firstOfferSlug() {
  const response = await fetch(`${args.api}/api/${args.tenant}/v2/user-panel/offers?perPage=1`);
  if (!response.ok) throw new Error(`API answered ${response.status}`);
  const body = await response.json();
  return body.data[0].slug;
}

/** Lighthouse `runs` times (scores vary between runs); keeps every run and the median. */
async function audit(chrome, url) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'] });
    const lhr = result.lhr;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    results.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => a.id),
      scripts: (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url),
    });
  }
  const pick = (key) => median(results.map((r) => r[key]));
  return {
    url,
    runs: results,
    median: { performance: pick('performance'), accessibility: pick('accessibility'), seo: pick('seo'), bestPractices: pick('bestPractices'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls') },
  };
}

/** Gzipped size of every script a page loaded; chunks carrying maplibre count as the map chunk. */
async function scriptWeight(urls) {
  const scripts = [];
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    const isMap = body.includes('maplibre') || body.includes('react-map-gl');
    scripts.push({ url: url.replace(app, ''), bytes: body.length, gzipBytes: gzipSync(body).length, isMap });
  }
  const sum = (list) => list.reduce((total, s) => total + s.gzipBytes, 0);
  return { scripts, gzipBytesTotal: sum(scripts), gzipBytesWithoutMap: sum(scripts.filter((s) => !s.isMap)) };
}

async function timeToFirstByte(url, requests) {
  const ttfb = [];
  const total = [];
  for (let i = 0; i < requests + 5; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const headers = performance.now();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= 5) {
      ttfb.push(headers - started);
      total.push(performance.now() - started);
    }
  }
  return { url, requests, p50Ms: percentile(ttfb, 50), p90Ms: percentile(ttfb, 90), p99Ms: percentile(ttfb, 99), fullPageP50Ms: percentile(total, 50) };
}

const slug = await firstOfferSlug();
const listUrl = `${app}/all-locations`;
const offerUrl = `${app}/job-offer/${slug}`;
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH || '/usr/bin/chromium', chromeFlags });
let list;
let offer;
try {
  list = await audit(chrome, listUrl);
  offer = await audit(chrome, offerUrl);
} finally {
  await chrome.kill();
}
const listScripts = await scriptWeight(list.runs[0].scripts);
const ttfb = await timeToFirstByte(listUrl, Number(args['ttfb-requests']));
const result = { at: new Date().toISOString(), lighthouseVersion: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version, list, offer, listScripts, ttfb };
await writeFile(args.out, JSON.stringify(result, null, 2));
console.log(JSON.stringify({ list: list.median, offer: offer.median, listJsGzipKb: listScripts.gzipBytesWithoutMap / 1024, ttfb }, null, 2));
