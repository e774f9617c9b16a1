#!/usr/bin/env node
// The chat under load (issue 25), against a running Wakat API (see scripts/bench-chat):
//
// 1. Seeds `--conversations` conversations through the real API: each one a company (sign-up,
//    confirmation, an offer published with a prepaid code) and a passive candidate (registration,
//    confirmation, login, a complete matchmaking profile); the company sends a conversation
//    request, the candidate accepts it.
// 2. Opens two hub connections per conversation (the candidate's and the company's) with the real
//    @microsoft/signalr client, as the web app does (a hub token from the side's REST path).
// 3. Sends `--rate` messages per second for `--seconds` seconds, each from a random side of a
//    random conversation through the hub's `SendMessage`, and measures the delivery latency on the
//    other side's connection (send → `messageReceived`, one process, one clock).
// 4. Counts acknowledged messages that never arrived (lost) or arrived twice (duplicated), and
//    the server's RSS before connecting and after the load (from /proc/{pid}/status).
//
// Prints a JSON report; with `--out BENCHMARKS.md` rewrites its section there.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchArgs, finish, hubClient, percentile, pool, send, verdict } from './bench_hub_common.mjs';

// The hub protocol tests' locked install of the client (scripts/bench-chat runs its `npm ci`).
const hubConnection = hubClient('../tests/hubs-js/package.json');

const args = benchArgs({
  conversations: { type: 'string', default: '1000' },
  rate: { type: 'string', default: '200' },
  seconds: { type: 'string', default: '60' },
  'seed-concurrency': { type: 'string', default: '8' },
  'server-pid': { type: 'string' },
  'internal-token': { type: 'string' },
});
// What BENCHMARKS.md says of the run, around the table.
const SECTION = { script: 'scripts/bench-chat', name: 'chat', title: 'Chat under load (issue 25)',
  server: '', limits: 'rate limits off (one client opens everything).' };
const base = args.base;
const tenant = args.tenant;
const api = `/api/${tenant}`;
const N = Number(args.conversations);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const PASSWORD = 'bench password 1';

async function call(method, path, options) {
  const { response, text } = await send(base, method, path, options);
  return { status: response.status, body: text ? JSON.parse(text) : null, cookies: response.headers.getSetCookie() };
}

function expect(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function mailedToken(email, tag) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = await call('GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = (mails.body?.data ?? []).find((m) => m.tag === tag);
    if (mail) return /token=([A-Za-z0-9_.-]+)/.exec(mail.text)[1];
    await sleep(50);
  }
  throw new Error(`no ${tag} mail for ${email} (the server needs WAKAT_MAIL__DEV_MAILBOX=true)`);
}

/** A company with one published offer: its bearer header and the offer's slug. */
async function company(n, run) {
  const email = `bench-co-${run}-${n}@bench.example`;
  expect(await call('POST', `${api}/v1/users/sign_up`, {
    body: { company: { name: `Bench Company ${n}`, accepted_regulations: true },
      user: { name: 'Bench User', email, password: PASSWORD, password_confirmation: PASSWORD } },
  }), 202, 'employer sign-up');
  const token = await mailedToken(email, 'employer.confirm');
  const confirmed = expect(await call('PATCH', `${api}/v1/users/confirm`, { body: { token } }), 200, 'employer confirmation');
  const auth = { authorization: `Bearer ${confirmed.access_token}` };
  const started = expect(await call('POST', `${api}/v1/offers/initiate`, { body: { pricing_plan: 'basic' }, headers: auth }), 201, 'initiate');
  const { slug, token: edit } = started;
  const offer = expect(await call('GET', `${api}/v1/offers/${slug}?token=${edit}`, { headers: auth }), 200, 'load');
  const boundary = randomUUID().replaceAll('-', '');
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400)]);
  const logo = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="companyLogo"; filename="logo.png"\r\ncontent-type: image/png\r\n\r\n`),
    png, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  expect(await call('POST', `${api}/v1/offers/${slug}/logo?token=${edit}`, { headers: auth, raw: logo, contentType: `multipart/form-data; boundary=${boundary}` }), 200, 'logo');
  expect(await call('PATCH', `${api}/v1/offers/${slug}?token=${edit}`, { headers: auth, body: offerForm(n) }), 200, 'offer form');
  const code = expect(await call('POST', `${api}/internal/companies/${offer.companyId}/codes`, {
    body: { plan_key: 'basic' }, headers: { authorization: `Bearer ${args['internal-token']}` },
  }), 201, 'code');
  const published = expect(await call('POST', `${api}/v1/offers/${slug}/publish-with-code?code=${code.code}`, { headers: auth, body: { token: edit } }), 200, 'publish');
  return { auth, slug: published.slug ?? slug };
}

function offerForm(n) {
  return {
    companyName: `Bench Company ${n}`, companySize: '11-25', companyWebsite: 'https://bench.example',
    jobPositionName: `Senior Rust Developer ${n}`, jobPositionExperience: 'senior',
    jobCategory: 'javascript', jobSubcategory: 'react', requiredSkills: [{ name: 'Rust', level: 4 }],
    primaryEmploymentType: 'b2b', primarySalaryFrom: 10000, primarySalaryTo: 20000, salaryCurrency: 'pln', salaryUnit: 'month',
    jobDescription: '<p>Benchmark offer.</p>', locations: [{ city: 'Kraków', street: 'Rynek 1' }],
    workingPlace: 'hybrid', workingTime: 'full_time', applicationType: 'email', applicationTypeUri: 'jobs@bench.example',
    informationClauseText: 'The controller of your data is Bench Company sp. z o.o., Kraków, Rynek 1.',
    contactName: 'Bench User', contactEmail: 'bench@bench.example', state: 'workInProgress',
  };
}

/** A logged-in passive candidate: its cookie header and its anonymous reference. */
async function candidate(n, run, categories) {
  const email = `bench-cand-${run}-${n}@example.pl`;
  expect(await call('POST', `${api}/v1/candidate/register`, { body: { email, password: PASSWORD, acceptedTerms: true } }), 202, 'register');
  const token = await mailedToken(email, 'account.confirm');
  expect(await call('POST', `${api}/v1/candidate/confirm`, { body: { token } }), 200, 'confirm');
  const login = await call('POST', `${api}/v1/candidate/login`, { body: { email, password: PASSWORD } });
  expect(login, 200, 'login');
  const pairs = login.cookies.map((c) => c.split(';')[0]);
  // Writes repeat the session's readable CSRF cookie in a header (double submit), as the web app does.
  const csrf = pairs.find((pair) => pair.startsWith('wakat_csrf='))?.slice('wakat_csrf='.length) ?? '';
  const headers = { cookie: pairs.join('; '), 'x-csrf-token': csrf };
  const profile = expect(await call('PUT', `${api}/v1/candidate/chat/profile`, {
    headers,
    body: {
      openToOffers: true,
      preferences: { skills: ['Rust'], experienceLevels: ['senior'], cities: ['krakow'], remote: true, salaryMin: 10000, currency: 'pln' },
      salaryUnit: 'month', categories, contractTypes: ['b2b'],
    },
  }), 200, 'passive profile');
  if (!profile.findable) throw new Error(`candidate ${n} is not findable: ${JSON.stringify(profile.missing)}`);
  return { headers, ref: profile.profile.publicId };
}

async function seed() {
  const run = randomUUID().slice(0, 8);
  const configuration = expect(await call('GET', `${api}/v2/user-panel/configuration`), 200, 'configuration');
  const category = (configuration.categories ?? []).find((c) => c.slug === 'javascript');
  const categories = category ? [category.value] : [1];
  const concurrency = Number(args['seed-concurrency']);
  const started = performance.now();
  let done = 0;
  const pairs = await pool(N, concurrency, async (n) => {
    const [co, cand] = await Promise.all([company(n, run), candidate(n, run, categories)]);
    const sent = expect(await call('POST', `${api}/v2/employer-panel/chat/conversation-requests`, {
      headers: co.auth, body: { offerSlug: co.slug, candidateRef: cand.ref, message: `Hello from company ${n}` },
    }), 201, 'conversation request');
    const conversation = expect(await call('POST', `${api}/v1/candidate/chat/conversation-requests/${sent.id}/accept`, {
      headers: cand.headers, body: { shareName: false, shareEmail: false, cvDocumentId: null },
    }), 201, 'accept');
    done += 1;
    if (done % 100 === 0) console.error(`seeded ${done}/${N} conversations`);
    return { conversationId: conversation.id, company: co, candidate: cand };
  });
  return { pairs, seconds: (performance.now() - started) / 1000 };
}

async function connect(side, headers, tokenPath) {
  const connection = hubConnection(`${base}/hubs/${tenant}/chat`, args.origin,
    async () => expect(await call('POST', tokenPath, { headers, body: {} }), 200, 'hub token').accessToken);
  await connection.start();
  return connection;
}

function rssKb(pid) {
  if (!pid) return null;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

async function load(pairs) {
  const pid = args['server-pid'];
  const rssBefore = rssKb(pid);
  const connectStarted = performance.now();
  // Both sides of each conversation; a few at a time, as tabs opening.
  const connections = await pool(pairs.length, 16, async (i) => {
    const pair = pairs[i];
    return {
      candidate: await connect('candidate', pair.candidate.headers, `${api}/v1/candidate/chat/hub-token`),
      company: await connect('company', pair.company.auth, `${api}/v2/employer-panel/chat/hub-token`),
    };
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const rssConnected = rssKb(pid);

  const sentAt = new Map(); // clientMessageId → send time
  const delivered = new Map(); // clientMessageId → deliveries on the other side
  const latencies = [];
  connections.forEach((pair) => {
    for (const connection of [pair.candidate, pair.company]) {
      connection.on('messageReceived', (message) => {
        if (message.mine) return;
        const id = message.clientMessageId;
        const at = sentAt.get(id);
        if (at === undefined) return;
        delivered.set(id, (delivered.get(id) ?? 0) + 1);
        latencies.push(performance.now() - at);
      });
    }
  });

  let acknowledged = 0;
  let refused = 0;
  const pending = [];
  const total = RATE * SECONDS;
  const interval = 1000 / RATE;
  const loadStarted = performance.now();
  for (let n = 0; n < total; n += 1) {
    const due = loadStarted + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const i = Math.floor(Math.random() * pairs.length);
    const side = Math.random() < 0.5 ? 'candidate' : 'company';
    const id = randomUUID();
    sentAt.set(id, performance.now());
    pending.push(
      connections[i][side].invoke('SendMessage', pairs[i].conversationId, id, `bench message ${n}`).then(
        () => { acknowledged += 1; },
        () => { refused += 1; sentAt.delete(id); },
      ),
    );
  }
  await Promise.all(pending);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  // Stragglers: give deliveries 5 s after the last acknowledgement.
  for (let waited = 0; waited < 5000 && [...sentAt.keys()].some((id) => !delivered.has(id)); waited += 100) await sleep(100);
  const rssAfter = rssKb(pid);
  const lost = [...sentAt.keys()].filter((id) => !delivered.has(id)).length;
  const duplicated = [...delivered.values()].filter((count) => count > 1).length;
  await Promise.all(connections.flatMap((pair) => [pair.candidate.stop(), pair.company.stop()]));
  return {
    connections: connections.length * 2,
    connect_seconds: Number(connectSeconds.toFixed(1)),
    messages: total, acknowledged, refused, lost, duplicated,
    achieved_rate: Number((total / loadSeconds).toFixed(1)),
    latency_ms: {
      p50: Number(percentile(latencies, 0.5).toFixed(1)), p99: Number(percentile(latencies, 0.99).toFixed(1)),
      max: Number(Math.max(...latencies).toFixed(1)),
    },
    rss_mb: {
      before_connecting: rssBefore && Math.round(rssBefore / 1024), connected: rssConnected && Math.round(rssConnected / 1024),
      after_load: rssAfter && Math.round(rssAfter / 1024), growth: rssBefore && Math.round((rssAfter - rssBefore) / 1024),
    },
  };
}

const seeded = await seed();
const report = { seed: { conversations: N, seconds: seeded.seconds }, load: await load(seeded.pairs) };
finish(report, args.out, SECTION, ({ load: l, seed: s }) => [
  `| seeding: ${N} companies with a published offer, ${N} passive candidates, ${N} accepted requests | ${s.seconds.toFixed(0)} s | — |`,
  `| open WebSocket connections (${N} conversations, both sides) | ${l.connections} in ${l.connect_seconds} s | 2,000 |`,
  `| messages sent through the hub (${RATE}/s for ${SECONDS} s) | ${l.messages} (${l.achieved_rate}/s achieved), ${l.acknowledged} acknowledged, ${l.refused} refused | — |`,
  `| delivery latency to the other side, send → messageReceived | p50 ${l.latency_ms.p50} ms, p99 ${l.latency_ms.p99} ms, max ${l.latency_ms.max} ms | p99 ≤ 50 ms: ${verdict(l.latency_ms.p99 <= 50)} |`,
  `| acknowledged messages lost / duplicated | ${l.lost} / ${l.duplicated} | 0 / 0: ${verdict(l.lost === 0 && l.duplicated === 0)} |`,
  `| server RSS: before connecting → connected → after the load | ${l.rss_mb.before_connecting} → ${l.rss_mb.connected} → ${l.rss_mb.after_load} MB (growth ${l.rss_mb.growth} MB) | ≤ 300 MB: ${verdict(l.rss_mb.growth !== null && l.rss_mb.growth <= 300)} |`,
]);
