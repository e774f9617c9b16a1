#!/usr/bin/env node
// The job-ad assistant under load (issue 26), against a running Wakat API (see
// scripts/bench-assistant), with the offline drafter answering:
//
// 1. Seeds `--sessions` companies through the real API (sign-up, login, a draft offer each).
// 2. Opens one assistant hub connection per company with the real @microsoft/signalr client, as
//    the web app does (a hub token from `…/assistant/hub-token`), and opens its draft's
//    conversation (`UpdateContextV2`, the greeting streamed).
// 3. Every session then sends `--messages` messages one after the other (the next once the answer
//    ended, as a person does), all sessions at once, and measures the time from `SendMessage` to
//    the answer's first `MessagePart` (one process, one clock), and to its `MessageEnd`.
//
// Prints a JSON report; with `--out BENCHMARKS.md` rewrites its section there.
import { benchArgs, finish, hubClient, percentile, pool, send, verdict } from './bench_hub_common.mjs';

// The assistant hub protocol tests' locked install of the client (scripts/bench-assistant runs its `npm ci`).
const hubConnection = hubClient('../tests/hubs-js/package.json');

const args = benchArgs({
  sessions: { type: 'string', default: '200' },
  messages: { type: 'string', default: '5' },
  // An employer reads the answer and types the next message: a pause drawn in this range (ms)
  // before each message, the first one too (so sessions do not start in lockstep). `0-0` makes
  // it a closed loop: every session sends again the moment its answer ended.
  'think-ms': { type: 'string', default: '1000-4000' },
});
// What BENCHMARKS.md says of the run, around the table.
const SECTION = { script: 'scripts/bench-assistant', name: 'assistant', title: 'Job-ad assistant under load (issue 26)',
  server: ' with the offline drafter', limits: 'rate limits and the assistant\'s per-company limits off.' };
const base = args.base;
const tenant = args.tenant;
const N = Number(args.sessions);
const M = Number(args.messages);
const [THINK_MIN, THINK_MAX] = args['think-ms'].split('-').map(Number);
const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN)));
const PASSWORD = 'bench password 1';
// What employers write, in turn: the drafter's work grows with the conversation.
const TEXTS = [
  'Szukamy Senior Rust Developera do zespołu płatności, praca zdalna.',
  'Widełki 20-28 tys. netto na B2B, albo 16-22 tys. brutto na UoP.',
  'Wymagamy Rust, Tokio, PostgreSQL i Kubernetes; mile widziany Kafka.',
  'Angielski B2, rekrutacja zdalna, pełny etat.',
  'Zaproponuj ogłoszenie',
  'We are also open to a mid-level engineer in Kraków or Warsaw.',
];

async function call(method, path, body, token) {
  // Every request says JSON, the hub token's bodiless POST too.
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const { response, text } = await send(base, method, `/api/${tenant}${path}`, { body, headers });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function seed() {
  const started = performance.now();
  const sessions = await pool(N, 8, async (i) => {
    const email = `bench${i}@assistant${i}.example`;
    await call('POST', '/v1/users/sign_up', {
      company: { name: `Bench ${i}`, accepted_regulations: true, subscribe_to_newsletter: false },
      user: { name: 'Anna Nowak', phone: '+48 600 700 800', email, password: PASSWORD, password_confirmation: PASSWORD },
    });
    const login = await call('POST', '/v1/oauth/token', { grant_type: 'password', username: email, password: PASSWORD });
    const draft = await call('POST', '/v1/offers/initiate', { pricing_plan: 'basic' }, login.access_token);
    return { session: login.access_token, slug: draft.slug };
  });
  return { sessions, seconds: (performance.now() - started) / 1000 };
}

/** A connected session with its draft's conversation open; `next()` resolves the next answer's timings. */
async function open({ session, slug }) {
  const hub = hubConnection(`${base}/hubs/${tenant}/assistant`, args.origin,
    async () => (await call('POST', '/v2/employer-panel/assistant/hub-token', undefined, session)).token);
  let waiting = null;
  hub.on('MessagePart', () => {
    if (waiting && waiting.firstPart === undefined) waiting.firstPart = performance.now();
  });
  hub.on('MessageEnd', () => {
    if (waiting) {
      const done = waiting;
      waiting = null;
      done.resolve({ firstPart: done.firstPart - done.sent, end: performance.now() - done.sent });
    }
  });
  await hub.start();
  const ended = new Promise((resolve) => { waiting = { sent: performance.now(), resolve }; });
  await hub.invoke('UpdateContextV2', tenant, slug);
  await ended; // the greeting
  return {
    hub,
    async send(text) {
      const answered = new Promise((resolve) => { waiting = { sent: performance.now(), resolve }; });
      await hub.invoke('SendMessage', text);
      return answered;
    },
  };
}

async function load(sessions) {
  const connectStarted = performance.now();
  const connections = await pool(sessions.length, 16, (i) => open(sessions[i]));
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const firstParts = [];
  const ends = [];
  let refused = 0;
  const started = performance.now();
  await Promise.all(connections.map(async (connection, i) => {
    for (let n = 0; n < M; n += 1) {
      if (THINK_MAX > 0) await think();
      try {
        const timing = await connection.send(TEXTS[(i + n) % TEXTS.length]);
        firstParts.push(timing.firstPart);
        ends.push(timing.end);
      } catch {
        refused += 1;
      }
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(connections.map((connection) => connection.hub.stop()));
  const ms = (values, fraction) => Number(percentile(values, fraction).toFixed(1));
  return {
    sessions: connections.length,
    connect_seconds: Number(connectSeconds.toFixed(1)),
    messages: firstParts.length, refused,
    answers_per_second: Number((firstParts.length / seconds).toFixed(1)),
    first_part_ms: { p50: ms(firstParts, 0.5), p99: ms(firstParts, 0.99), max: Number(Math.max(...firstParts).toFixed(1)) },
    message_end_ms: { p50: ms(ends, 0.5), p99: ms(ends, 0.99) },
  };
}

const seeded = await seed();
const report = { seed: { sessions: N, seconds: seeded.seconds }, load: await load(seeded.sessions) };
finish(report, args.out, SECTION, ({ load: l, seed: s }) => [
  `| seeding: ${N} companies with a draft offer | ${s.seconds.toFixed(0)} s | — |`,
  `| assistant hub connections, each with its draft's conversation open (greeting streamed) | ${l.sessions} in ${l.connect_seconds} s | 200 |`,
  `| messages: ${M} per session, each ${THINK_MAX > 0 ? `${THINK_MIN}–${THINK_MAX} ms (uniform) after the previous answer ended` : 'the moment the previous answer ended (closed loop)'}, every session at once | ${l.messages} answered (${l.answers_per_second}/s), ${l.refused} refused | — |`,
  `| SendMessage → first MessagePart | p50 ${l.first_part_ms.p50} ms, p99 ${l.first_part_ms.p99} ms, max ${l.first_part_ms.max} ms | p99 ≤ 50 ms: ${verdict(l.first_part_ms.p99 <= 50)} |`,
  `| SendMessage → MessageEnd (the answer stored) | p50 ${l.message_end_ms.p50} ms, p99 ${l.message_end_ms.p99} ms | — |`,
]);
