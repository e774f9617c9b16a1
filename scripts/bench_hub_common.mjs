// What the two hub benchmarks share (scripts/bench_chat.mjs, scripts/bench_assistant.mjs): their
// common options, one HTTP exchange against the running API, the real @microsoft/signalr client
// connected as the web app connects, a bounded pool, percentiles, and the report: printed as JSON
// and, with `--out`, written as the script's generated section of BENCHMARKS.md.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';

/** The options every hub benchmark takes, with the script's own `options`. */
export function benchArgs(options) {
  return parseArgs({
    options: {
      base: { type: 'string' },
      tenant: { type: 'string', default: 'it' },
      origin: { type: 'string', default: 'http://127.0.0.1:3000' },
      ...options,
      out: { type: 'string' },
    },
  }).values;
}

/**
 * Sends one request to `base + path`: `body` as JSON, or `raw` bytes of `contentType`. Returns the
 * response (its body already read) and its text.
 */
export async function send(base, method, path, { body, headers = {}, raw, contentType } = {}) {
  const init = { method, headers: { ...headers } };
  if (raw !== undefined) {
    init.body = raw;
    init.headers['content-type'] = contentType;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const response = await fetch(base + path, init);
  return { response, text: await response.text() };
}

/**
 * Loads the real signalr client from a hub protocol tests' locked install (`packageJson`, relative
 * to scripts/; the shell script runs its `npm ci`) and returns `connect(url, origin, accessToken)`:
 * a built, not yet started, WebSocket connection as the web app opens it.
 */
export function hubClient(packageJson) {
  const require = createRequire(new URL(packageJson, import.meta.url));
  const { HubConnectionBuilder, HttpTransportType, LogLevel } = require('@microsoft/signalr');
  return (url, origin, accessTokenFactory) => new HubConnectionBuilder()
    .withUrl(url, {
      accessTokenFactory,
      headers: { Origin: origin },
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None)
    .build();
}

/** Runs `work(i)` for i in 0..count with at most `concurrency` at a time. */
export async function pool(count, concurrency, work) {
  const results = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      results[i] = await work(i);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

export function percentile(values, fraction) {
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.min(ordered.length - 1, Math.round(fraction * (ordered.length - 1)))];
}

export const verdict = (ok) => (ok ? 'met' : '**missed**');

function markers(script) {
  return [`<!-- ${script} section: generated, do not edit. -->`, `<!-- End of the ${script} section. -->`];
}

/**
 * The script's BENCHMARKS.md section: its title, the machine and commit, how the server ran
 * (`server` follows "release server", `limits` says which limits were off) and the table's rows.
 */
function section({ script, title, server, limits }, rows) {
  const [start, end] = markers(script);
  let commit = '?';
  try { commit = execSync('git rev-parse --short HEAD').toString().trim(); } catch { /* not a checkout */ }
  const model = cpus()[0]?.model ?? '?';
  return [
    start, '',
    `## ${title}: run of ${new Date().toISOString().slice(0, 10)}`, '',
    `Machine: ${model}, ${cpus().length} cores (load ${loadavg()[0].toFixed(1)} at the end); commit ${commit}; release server${server}, `
      + `the client (Node, the real @microsoft/signalr client) on the same machine; ${limits}`, '',
    `\`\`\`sh\n${script}\n\`\`\``, '',
    '| measured | result | target |', '|---|---|---|',
    ...rows,
    '', end,
  ].join('\n');
}

/** Replaces the script's section of the file at `path` (appends it the first time). */
function writeSection(path, script, text) {
  const [start, end] = markers(script);
  let file = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  if (file.includes(start) && file.includes(end)) {
    const [before, rest] = file.split(start);
    file = before + text + rest.split(end)[1];
  } else {
    file = `${file.replace(/\n+$/, '')}\n\n${text}\n`;
  }
  writeFileSync(path, file);
}

/**
 * Prints the report as JSON; with `out`, writes the script's section there (`about`: its script,
 * `name` for the log line, and what `section` takes; `rowsOf(report)`: the table's rows), then
 * exits with 0 as both scripts always did.
 */
export function finish(report, out, about, rowsOf) {
  console.log(JSON.stringify(report, null, 2));
  if (out) {
    writeSection(out, about.script, section(about, rowsOf(report)));
    console.error(`wrote the ${about.name} section of ${out}`);
  }
  process.exit(0);
}
