// Drives the assistant hub (/hubs/{board}/assistant) of the real wakat binary with the real
// @microsoft/signalr client, as the web app connects: every method, every event and every state
// (connected, the not-connected error, the rate limit, reconnecting after the server's graceful
// stop and reconnected to a restarted server). The offline drafter answers (the default brain).
// scripts/test-assistant-hub builds the binary and passes it in WAKAT_BIN.
//
// One file, tests in order: the reconnect test restarts the server, so it is last.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { HubConnectionBuilder, HubConnectionState, HttpTransportType, LogLevel } from "@microsoft/signalr";

const BIN = process.env.WAKAT_BIN;
const REPO = process.env.WAKAT_REPO;
assert.ok(BIN && REPO, "WAKAT_BIN and WAKAT_REPO must be set (run scripts/test-assistant-hub)");
const ORIGIN = "http://127.0.0.1:3000";
const PER_MINUTE = 3;
const dataDir = mkdtempSync(join(tmpdir(), "wakat-assistant-hub-"));
let port;
let server;

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `wakat serve` on the suite's port and data directory; resolves once it listens. */
async function startServer() {
  const child = spawn(BIN, ["serve", "--bind", `127.0.0.1:${port}`, "--data-dir", dataDir], {
    env: {
      ...process.env,
      WAKAT_CONFIG: join(REPO, "wakat.toml"),
      WAKAT_SERVER__INDEX_DATA_DIR: join(REPO, "index-data"),
      WAKAT_SERVER__WORKERS: "2",
      WAKAT_SERVER__RATE_LIMITS_ENABLED: "false",
      WAKAT_SERVER__SCHEDULER_ENABLED: "false",
      WAKAT_MAIL__DEV_MAILBOX: "true",
      WAKAT_ACCOUNTS__PASSWORD_MEMORY_KIB: "64",
      WAKAT_ACCOUNTS__PASSWORD_ITERATIONS: "1",
      WAKAT_TENANTS__0__DEFAULT_DATA: "",
      WAKAT_TENANTS__1__DEFAULT_DATA: "",
      WAKAT_ASSISTANT__MESSAGES_PER_MINUTE: String(PER_MINUTE),
    },
    stdio: ["ignore", "pipe", process.env.TEST_LOG ? "inherit" : "ignore"],
  });
  await new Promise((resolve, reject) => {
    let seen = "";
    child.stdout.on("data", (chunk) => {
      seen += chunk;
      if (seen.includes("wakat API listening on")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`wakat exited with ${code}`)));
  });
  child.stdout.resume();
  return child;
}

async function stopServer(child, signal = "SIGTERM") {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

before(async () => {
  port = await freePort();
  server = await startServer();
});

after(async () => {
  if (server && server.exitCode === null) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path) => `http://127.0.0.1:${port}/api/it${path}`;

async function call(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(api(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let companies = 0;
/** A new company's owner: its session token and a new draft's slug. */
async function employer() {
  companies += 1;
  const email = `owner${companies}@company${companies}.example`;
  const password = "correct horse battery staple 42";
  const signed = await call("POST", "/v1/users/sign_up", {
    company: { name: `Company ${companies}`, accepted_regulations: true, subscribe_to_newsletter: false },
    user: { name: "Anna Nowak", phone: "+48 600 700 800", email, password, password_confirmation: password },
  });
  assert.equal(signed.status, 202, JSON.stringify(signed.body));
  const login = await call("POST", "/v1/oauth/token", { grant_type: "password", username: email, password });
  assert.equal(login.status, 200);
  const session = login.body.access_token;
  const draft = await call("POST", "/v1/offers/initiate", { pricing_plan: "basic" }, session);
  assert.equal(draft.status, 201);
  return { session, slug: draft.body.slug };
}

/** The web app's connection: a fresh hub token per (re)connect, WebSockets without negotiation. */
function connection(session, { reconnect } = {}) {
  let builder = new HubConnectionBuilder()
    .withUrl(`http://127.0.0.1:${port}/hubs/it/assistant`, {
      accessTokenFactory: async () => {
        const token = await call("POST", "/v2/employer-panel/assistant/hub-token", undefined, session);
        assert.equal(token.status, 200);
        return token.body.token;
      },
      headers: { Origin: ORIGIN },
      skipNegotiation: true,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None);
  if (reconnect) builder = builder.withAutomaticReconnect(reconnect);
  return builder.build();
}

const EVENTS = ["MessageStart", "MessagePart", "MessageEnd", "JobAdProposing", "JobAdProposed", "InternetSearchStart", "InternetSearchEnd", "RateLimit", "AssistantError"];

/** Every event the connection receives, in order. */
function record(hub) {
  const events = [];
  for (const name of EVENTS) hub.on(name, (...args) => events.push([name, ...args]));
  return events;
}

async function until(what, check, ms = 10000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await sleep(20);
  }
  assert.fail(`timed out waiting for ${what}`);
}

/** Waits for the next MessageEnd after `from` events; the events of that answer. */
async function answer(events, from) {
  await until("MessageEnd", () => events.slice(from).some(([name]) => name === "MessageEnd"));
  const end = events.findIndex(([name], index) => index >= from && name === "MessageEnd");
  return events.slice(from, end + 1);
}

/** A new employer's draft and a started connection recording its events. */
async function connected() {
  const { session, slug } = await employer();
  const hub = connection(session);
  const events = record(hub);
  await hub.start();
  return { slug, hub, events };
}

test("the not-connected error: invoking before start rejects on the client", async () => {
  const { session } = await employer();
  const hub = connection(session);
  assert.equal(hub.state, HubConnectionState.Disconnected);
  await assert.rejects(hub.invoke("SendMessage", "hello"), /not in the 'Connected' State/);
});

test("UpdateContextV2 opens the job ad's conversation and streams the greeting; SendMessage needs it first", async () => {
  const { slug, hub, events } = await connected();
  assert.equal(hub.state, HubConnectionState.Connected);
  await assert.rejects(hub.invoke("SendMessage", "hello"), /^Error: .*assistant_no_context: /);
  await assert.rejects(hub.invoke("UpdateContextV2", "it", "no-such-offer"), /offer_not_found: /);
  const context = await hub.invoke("UpdateContextV2", "it", slug);
  assert.deepEqual(context, { jobAdId: slug, messages: [], proposal: null, limits: { perMinute: PER_MINUTE, perDay: 100, usedToday: 0 } });
  const greeting = await answer(events, 0);
  assert.deepEqual(greeting.map(([name]) => name), ["MessageStart", "MessagePart", "MessageEnd"]);
  const [, start] = greeting[0];
  const [, end] = greeting[2];
  assert.equal(start.content, "");
  assert.equal(greeting[1][1], start.id);
  assert.equal(end.content, greeting[1][2]);
  assert.equal(end.scorable, false, "the greeting is never scorable");
  await hub.stop();
});

test("UpdateContextV2's third argument, the panel's language: the greeting in it, not the board's default", async () => {
  const { slug, hub, events } = await connected();
  await assert.rejects(hub.invoke("UpdateContextV2", "it", slug, "de"), /invalid_assistant_input: /);
  await hub.invoke("UpdateContextV2", "it", slug, "en");
  const greeting = await answer(events, 0);
  assert.match(greeting[2][1].content, /^Hi! I'm the offline job-ad drafter/);
  await hub.stop();
});

test("SendMessage: the stored message, then start, parts, proposing, proposed, end; ScoreMessage once", async () => {
  const { slug, hub, events } = await connected();
  await hub.invoke("UpdateContextV2", "it", slug);
  await answer(events, 0);
  let from = events.length;
  const sent = await hub.invoke("SendMessage", "Szukamy Senior Rust Developera, B2B 20-28 tys. netto, praca zdalna, Rust i Tokio.");
  assert.equal(sent.isUser, true);
  assert.match(sent.timestamp, /Z$/);
  const first = await answer(events, from);
  assert.equal(first[0][0], "MessageStart");
  const id = first[0][1].id;
  const parts = first.filter(([name]) => name === "MessagePart");
  assert.ok(parts.length >= 1 && parts.every(([, messageId]) => messageId === id));
  const end = first.at(-1)[1];
  assert.equal(end.content, parts.map(([, , text]) => text).join(""), "the parts make the message");
  assert.equal(end.scorable, true);
  assert.ok(!first.some(([name]) => name.startsWith("InternetSearch")), "the offline drafter never searches");

  from = events.length;
  await hub.invoke("SendMessage", "Zaproponuj ogłoszenie");
  const second = await answer(events, from);
  const names = second.map(([name]) => name);
  const proposing = names.indexOf("JobAdProposing");
  const proposed = names.indexOf("JobAdProposed");
  assert.ok(names[0] === "MessageStart" && proposing > 0 && proposed > proposing && proposed < names.length - 1, names.join(","));
  const [, proposalMessage, proposal] = second[proposed];
  assert.equal(proposalMessage, second[0][1].id);
  assert.match(proposal.title, /Rust/);
  assert.equal(proposal.seniority, "senior");

  assert.deepEqual(await hub.invoke("ScoreMessage", id, 1), { id, score: 1 });
  await assert.rejects(hub.invoke("ScoreMessage", id, -1), /assistant_already_scored: /);
  await assert.rejects(hub.invoke("ScoreMessage", sent.id, 1), /assistant_not_scorable: /);
  await assert.rejects(hub.invoke("ScoreMessage", "1-000000000000", 1), /assistant_(not_scorable|message_not_found): /);
  await assert.rejects(hub.invoke("ScoreMessage", id, 5), /invalid_assistant_input: /);
  await hub.stop();
});

test("RateLimit: over the per-minute limit the event arrives, the invocation rejects, the connection stays", async () => {
  const { session, slug } = await employer();
  const hub = connection(session, { reconnect: [0, 100] });
  const events = record(hub);
  await hub.start();
  await hub.invoke("UpdateContextV2", "it", slug);
  await answer(events, 0);
  for (let n = 0; n < PER_MINUTE; n += 1) {
    const from = events.length;
    await hub.invoke("SendMessage", `Message ${n}: a tester in Kraków`);
    await answer(events, from);
  }
  await assert.rejects(hub.invoke("SendMessage", "one too many"), /assistant_rate_limited: /);
  await until("RateLimit", () => events.some(([name]) => name === "RateLimit"));
  const [, retryAfter] = events.find(([name]) => name === "RateLimit");
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
  assert.equal(hub.state, HubConnectionState.Connected, "the server does not close it: not reconnecting is the client's choice");
  await hub.stop();
});

test("reconnect: the server's graceful stop lets the client reconnect to the restarted server, which shows the history", async () => {
  const { session, slug } = await employer();
  const hub = connection(session, { reconnect: [0, 200, 500, 1000, 1000, 1000, 2000, 2000, 2000, 2000] });
  const events = record(hub);
  const states = [];
  hub.onreconnecting(() => states.push(hub.state));
  const reconnected = new Promise((resolve) => hub.onreconnected(resolve));
  await hub.start();
  await hub.invoke("UpdateContextV2", "it", slug);
  await answer(events, 0);
  const from = events.length;
  const sent = await hub.invoke("SendMessage", "Szukamy Java developera w Gdańsku");
  await answer(events, from);

  await stopServer(server);
  await until("reconnecting", () => states.includes(HubConnectionState.Reconnecting));
  server = await startServer();
  await reconnected;
  assert.equal(hub.state, HubConnectionState.Connected);
  // A new connection has no context yet: the web app opens the job ad again and sees the history.
  await assert.rejects(hub.invoke("SendMessage", "still there?"), /assistant_no_context: /);
  const context = await hub.invoke("UpdateContextV2", "it", slug);
  assert.equal(context.messages.length, 3, "greeting, message, answer");
  assert.deepEqual(context.messages[1], { ...sent, scorable: false });
  await hub.stop();
});
