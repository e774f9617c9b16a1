// Drives the test hub (crates/wakat-hub/examples/test_hub.rs) with the real @microsoft/signalr
// client and, where the client hides the wire, a raw WebSocket (the `ws` package: Node 20 has no
// global WebSocket). scripts/test-hub starts the hub and passes its port in HUB_PORT.
//
// One file, tests in order: the graceful stop is last, since it stops the hub for good.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { HubConnectionBuilder, HubConnectionState, HttpTransportType, LogLevel } from "@microsoft/signalr";

const port = process.env.HUB_PORT;
assert.ok(port, "HUB_PORT must name the test hub's port (run scripts/test-hub)");
const base = `http://127.0.0.1:${port}`;
const hubUrl = (board = "pl") => `${base}/hubs/${board}/test`;
const ORIGIN = "http://allowed.test";
const RS = "\u001e";

/** A SignalR connection as the web app makes it; `name` makes the user (tokens are board:name). */
function connection(name, { board = "pl", tokenBoard = board, origin = ORIGIN, skipNegotiation = false, reconnect } = {}) {
  const headers = origin ? { Origin: origin } : {};
  let builder = new HubConnectionBuilder()
    .withUrl(hubUrl(board), {
      accessTokenFactory: () => `${tokenBoard}:${name}`,
      headers,
      skipNegotiation,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None)
    // The test hub closes connections silent for 3 s.
    .withKeepAliveInterval(1000);
  if (reconnect) builder = builder.withAutomaticReconnect(reconnect);
  return builder.build();
}

async function metrics() {
  const response = await fetch(`${base}/test/metrics`);
  return response.json();
}

async function until(what, check, ms = 8000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting for ${what}`);
}

/** A raw WebSocket to the hub (skipNegotiation's URL), collecting every record it reads. */
function raw(name, { board = "pl", origin = ORIGIN, handshake = true } = {}) {
  const headers = { Authorization: `Bearer ${board}:${name}` };
  if (origin) headers.Origin = origin;
  const socket = new WebSocket(hubUrl(board).replace("http:", "ws:"), { headers });
  const client = { socket, records: [], closed: false, status: undefined };
  socket.on("message", (data) => {
    for (const record of data.toString().split(RS).filter(Boolean)) client.records.push(JSON.parse(record));
  });
  socket.on("error", () => {});
  socket.on("close", () => (client.closed = true));
  client.opened = new Promise((resolve) => {
    socket.on("open", () => {
      if (handshake) socket.send(JSON.stringify({ protocol: "json", version: 1 }) + RS);
      resolve();
    });
    // With this listener ws neither aborts nor emits close: the refusal ends the attempt here.
    socket.on("unexpected-response", (request, response) => {
      client.status = response.statusCode;
      client.closed = true;
      request.destroy();
      resolve();
    });
    socket.on("close", resolve);
  });
  client.send = (message) => socket.send(JSON.stringify(message) + RS);
  return client;
}

test("negotiated mode: handshake, invoke and completion", async () => {
  const hub = connection("ana");
  await hub.start();
  assert.equal(hub.state, HubConnectionState.Connected);
  assert.ok(hub.connectionId, "negotiate gave a connection id");
  assert.deepEqual(await hub.invoke("Echo", { text: "zażółć", n: 1 }), { text: "zażółć", n: 1 });
  assert.deepEqual(await hub.invoke("WhoAmI"), { userKey: "pl:ana", name: "ana" });
  await hub.stop();
});

test("skipNegotiation mode: a direct WebSocket", async () => {
  const hub = connection("ana", { skipNegotiation: true });
  await hub.start();
  assert.equal(hub.state, HubConnectionState.Connected);
  assert.equal(await hub.invoke("Echo", 42), 42);
  await hub.stop();
});

test("a hub error reaches the client as an Error; internal errors are not leaked", async () => {
  const hub = connection("ana");
  await hub.start();
  await assert.rejects(hub.invoke("Fail", "nope"), (error) => error instanceof Error && error.message.includes("nope"));
  await assert.rejects(hub.invoke("Crash"), (error) => error.message.includes("An unexpected error occurred invoking 'Crash'") && !error.message.includes("test crash"));
  await assert.rejects(hub.invoke("NoSuchMethod"), /Unknown hub method 'NoSuchMethod'/);
  assert.equal(hub.state, HubConnectionState.Connected, "errors do not close the connection");
  await hub.stop();
});

test("server push reaches every open connection of the user, and only theirs", async () => {
  const tab1 = connection("bea");
  const tab2 = connection("bea", { skipNegotiation: true });
  const other = connection("cyd");
  const got = { tab1: [], tab2: [], other: [] };
  tab1.on("Pushed", (index, text) => got.tab1.push([index, text]));
  tab2.on("Pushed", (index, text) => got.tab2.push([index, text]));
  other.on("Pushed", (index, text) => got.other.push([index, text]));
  await Promise.all([tab1.start(), tab2.start(), other.start()]);
  assert.equal(await tab1.invoke("PushToMe", 3, "hej"), 6, "3 pushes queued for 2 connections");
  await until("pushes on both tabs", () => got.tab1.length === 3 && got.tab2.length === 3);
  assert.deepEqual(got.tab1, [[0, "hej"], [1, "hej"], [2, "hej"]]);
  assert.deepEqual(got.tab2, got.tab1);
  await sleep(200);
  assert.deepEqual(got.other, []);
  await Promise.all([tab1.stop(), tab2.stop(), other.stop()]);
});

test("invocations run side by side: a slow one does not hold back the next", async () => {
  const hub = connection("dan");
  await hub.start();
  const order = [];
  const slow = hub.invoke("Slow", 600).then(() => order.push("slow"));
  const echo = hub.invoke("Echo", "quick").then(() => order.push("echo"));
  await Promise.all([slow, echo]);
  assert.deepEqual(order, ["echo", "slow"]);
  await hub.stop();
});

test("automatic reconnect after the server drops the connection: reconnecting, then connected", async () => {
  const hub = connection("eve", { reconnect: [0, 100, 200, 500] });
  const states = [];
  hub.onreconnecting(() => states.push(hub.state));
  hub.onreconnected(() => states.push(hub.state));
  await hub.start();
  const before = hub.connectionId;
  await hub.send("DropMe", true);
  await until("reconnected", () => states.length === 2);
  assert.deepEqual(states, [HubConnectionState.Reconnecting, HubConnectionState.Connected]);
  assert.notEqual(hub.connectionId, before, "a new connection");
  assert.equal(await hub.invoke("Echo", "again"), "again");
  await hub.stop();
});

test("after stop the client refuses to invoke with its own error", async () => {
  const hub = connection("fay");
  await hub.start();
  await hub.stop();
  assert.equal(hub.state, HubConnectionState.Disconnected);
  await assert.rejects(hub.invoke("Echo", 1), /Cannot send data if the connection is not in the 'Connected' State/);
});

test("a refused or missing Origin gets 403 on negotiate and on the upgrade", async () => {
  const negotiate = (origin) =>
    fetch(`${hubUrl()}/negotiate?negotiateVersion=1`, {
      method: "POST",
      headers: { Authorization: "Bearer pl:gus", ...(origin ? { Origin: origin } : {}) },
    });
  assert.equal((await negotiate("https://evil.example")).status, 403);
  assert.equal((await negotiate(undefined)).status, 403);
  assert.equal((await negotiate(ORIGIN)).status, 200);
  await assert.rejects(connection("gus", { origin: "https://evil.example" }).start());
  await assert.rejects(connection("gus", { origin: "https://evil.example", skipNegotiation: true }).start());
  const evil = raw("gus", { origin: "https://evil.example" });
  await evil.opened;
  assert.equal(evil.status, 403);
  const none = raw("gus", { origin: null });
  await none.opened;
  assert.equal(none.status, 403);
});

test("a bad access token is refused: 401 on negotiate and on the upgrade", async () => {
  const negotiate = await fetch(`${hubUrl()}/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: { Authorization: "Bearer forged", Origin: ORIGIN },
  });
  assert.equal(negotiate.status, 401);
  await assert.rejects(connection("hal", { tokenBoard: "en" }).start(), "a token of another board");
  await assert.rejects(connection("hal", { tokenBoard: "en", skipNegotiation: true }).start());
  const socket = raw("hal", { board: "pl" });
  socket.socket.close();
  const forged = new WebSocket(hubUrl().replace("http:", "ws:"), { headers: { Origin: ORIGIN, Authorization: "Bearer forged" } });
  const status = await new Promise((resolve) => {
    forged.on("unexpected-response", (request, response) => {
      request.destroy();
      resolve(response.statusCode);
    });
    forged.on("open", () => resolve("opened"));
    forged.on("error", () => {});
  });
  assert.equal(status, 401);
});

test("a negotiated connection token is single-use and bound to its user", async () => {
  const response = await fetch(`${hubUrl()}/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: { Authorization: "Bearer pl:ida", Origin: ORIGIN },
  });
  const body = await response.json();
  assert.equal(body.negotiateVersion, 1);
  assert.deepEqual(body.availableTransports, [{ transport: "WebSockets", transferFormats: ["Text"] }]);
  const statusOf = (token, id) =>
    new Promise((resolve) => {
      const socket = new WebSocket(`${hubUrl().replace("http:", "ws:")}?id=${id}`, {
        headers: { Origin: ORIGIN, Authorization: `Bearer ${token}` },
      });
      socket.on("unexpected-response", (request, res) => {
        request.destroy();
        resolve(res.statusCode);
      });
      socket.on("open", () => {
        socket.close();
        resolve(101);
      });
      socket.on("error", () => {});
    });
  assert.equal(await statusOf("pl:someone-else", body.connectionToken), 404);
  // The failed attempt above consumed it: a token is never tried twice.
  assert.equal(await statusOf("pl:ida", body.connectionToken), 404);
});

test("a slow reader is dropped and counted; a fast one with the same load is not", async () => {
  const fast = connection("jon");
  let received = 0;
  fast.on("Pushed", () => received++);
  await fast.start();
  assert.equal(await fast.invoke("Flood", 100, 1000), 100);
  await until("the fast reader got every push", () => received === 100);
  assert.equal(fast.state, HubConnectionState.Connected);
  await fast.stop();

  const before = (await metrics()).dropped_slow_readers;
  const slow = raw("kim");
  await slow.opened;
  await until("the handshake answer", () => slow.records.length > 0);
  // Stops reading from the socket: the kernel's buffers fill, then the hub's queue.
  slow.socket._socket.pause();
  slow.send({ type: 1, target: "Flood", arguments: [5000, 30000] });
  await until("the slow reader counted", async () => (await metrics()).dropped_slow_readers === before + 1, 20000);
  slow.socket._socket.resume();
  await until("the slow reader's socket closed", () => slow.closed, 10000);
});

test("the per-user rate limit answers 'rate limited' without calling the hub", async () => {
  const hub = connection("lou");
  await hub.start();
  const before = await metrics();
  const results = await Promise.allSettled(Array.from({ length: 30 }, (_, n) => hub.invoke("Echo", n)));
  const limited = results.filter((result) => result.status === "rejected");
  assert.ok(limited.length >= 15, `most of 30 at once are limited (burst 10): ${limited.length}`);
  assert.deepEqual([...new Set(limited.map((result) => result.reason.message))], ["rate limited"]);
  assert.ok(results.filter((result) => result.status === "fulfilled").length >= 10);
  const after = await metrics();
  assert.equal(after.rate_limited - before.rate_limited, limited.length);
  assert.equal(after.invocations.Echo - (before.invocations.Echo ?? 0), 30);
  // Another user is not limited by this one.
  const other = connection("max");
  await other.start();
  assert.equal(await other.invoke("Echo", "free"), "free");
  await Promise.all([hub.stop(), other.stop()]);
});

test("raw protocol: several records in one frame, no completion without an invocation id", async () => {
  const client = raw("ned", { handshake: false });
  await client.opened;
  client.socket.send(
    JSON.stringify({ protocol: "json", version: 1 }) + RS +
      JSON.stringify({ type: 1, target: "Echo", arguments: ["no id"] }) + RS +
      JSON.stringify({ type: 1, invocationId: "7", target: "Echo", arguments: ["with id"] }) + RS,
  );
  await until("the completion", () => client.records.some((record) => record.type === 3));
  await sleep(200);
  assert.deepEqual(client.records[0], {}, "the handshake answer");
  assert.deepEqual(client.records.filter((record) => record.type === 3), [{ type: 3, invocationId: "7", result: "with id" }]);
  client.socket.close();
});

test("raw protocol: a wrong handshake is answered with an error", async () => {
  const client = raw("oli", { handshake: false });
  await client.opened;
  client.socket.send(JSON.stringify({ protocol: "messagepack", version: 1 }) + RS);
  await until("closed", () => client.closed);
  assert.match(client.records[0].error, /messagepack/);
});

test("a frame over the size limit closes the connection with a Close message carrying an error", async () => {
  const before = (await metrics()).oversized_messages;
  const client = raw("pam");
  await client.opened;
  await until("the handshake answer", () => client.records.length > 0);
  client.send({ type: 1, invocationId: "1", target: "Echo", arguments: ["x".repeat(40000)] });
  await until("closed", () => client.closed);
  const close = client.records.find((record) => record.type === 7);
  assert.match(close.error, /maximum size of 32768 bytes/);
  assert.equal((await metrics()).oversized_messages, before + 1);
});

test("time-outs: no handshake, then a silent client, are closed and counted", async () => {
  const before = (await metrics()).closed_by_timeout;
  const mute = raw("quin", { handshake: false });
  const silent = raw("rex");
  await Promise.all([mute.opened, silent.opened]);
  await until("both closed", () => mute.closed && silent.closed, 10000);
  assert.deepEqual(mute.records, []);
  assert.ok(silent.records.some((record) => record.type === 6), "the server pinged meanwhile");
  const close = silent.records.find((record) => record.type === 7);
  assert.match(close.error, /Server timeout elapsed without receiving a message from the client/);
  assert.equal((await metrics()).closed_by_timeout, before + 2);
});

test("graceful stop: every connection gets a Close message, then new ones are refused", async () => {
  const client = raw("sam");
  const hub = connection("tom", { reconnect: [60000] });
  const reconnecting = new Promise((resolve) => hub.onreconnecting(resolve));
  await Promise.all([client.opened, hub.start()]);
  await until("the handshake answer", () => client.records.length > 0);
  const stopped = await (await fetch(`${base}/test/stop`, { method: "POST" })).json();
  assert.equal(stopped.open_connections, 0);
  await until("closed", () => client.closed);
  assert.deepEqual(client.records.find((record) => record.type === 7), { type: 7, error: "Server is shutting down.", allowReconnect: true });
  const error = await reconnecting;
  assert.match(String(error), /Server is shutting down/);
  assert.equal(hub.state, HubConnectionState.Reconnecting, "allowReconnect: the client tries again");
  await hub.stop();
  const refused = await fetch(`${hubUrl()}/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: { Authorization: "Bearer pl:uma", Origin: ORIGIN },
  });
  assert.equal(refused.status, 503);
});
