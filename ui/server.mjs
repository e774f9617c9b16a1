#!/usr/bin/env node
/**
 * The web app's production server: Next's own request handler (the same one `next start` uses)
 * behind a plain Node HTTP server, so every request gets one log line with its duration and the
 * API calls made for it (src/server/request-log.mjs), and the client address the `/api/*`
 * forwarder passes on is the socket peer, not a header a browser can write.
 *
 *   node server.mjs [--hostname 127.0.0.1] [--port 3000]     (PORT works too; needs `next build`)
 *
 * WAKAT_TRUST_PROXY=1: the app sits behind a reverse proxy; the client is the last
 * `x-forwarded-for` entry it adds.
 *
 * The chat hub (`/hubs/{board}/chat`: the WebSocket upgrade and the negotiate POST) is forwarded to
 * the API here, before Next (which cannot carry a WebSocket): `src/server/hub-forward.mjs`.
 */
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHubForwarder } from './src/server/hub-forward.mjs';
import { handleWithLog, trackApiCalls } from './src/server/request-log.mjs';

const { values: args } = parseArgs({
  options: { hostname: { type: 'string', short: 'H' }, port: { type: 'string', short: 'p' } },
  strict: false,
});
const hostname = String(args.hostname ?? '127.0.0.1');
const port = Number(args.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port '${args.port ?? process.env.PORT}'`);
  process.exit(2);
}
const trustProxy = ['1', 'true', 'yes'].includes((process.env.WAKAT_TRUST_PROXY ?? '').toLowerCase());

// As `next start` does; Next reads these when it loads.
process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

// Before Next loads: Next wraps the global fetch (caching, deduplication) while preparing, so the
// tracker sits underneath and sees only the calls that really go out. Read lazily: Next's `.env`
// loading may set WAKAT_API_URL during prepare().
globalThis.fetch = trackApiCalls(() => process.env.WAKAT_API_URL || 'http://127.0.0.1:8080', globalThis.fetch);

const { default: next } = await import('next');
// Next puts its own 'upgrade' listener on the server of the first request it handles (or on
// `httpServer`), and that listener ends every upgrade one of its routes matches — the catch-all list
// page matches /hubs/it/chat, so the browser saw its WebSocket closed before any answer. Next serves
// no WebSocket in production: its listener goes on this sink, and the hub's upgrades are ours alone.
const nextUpgradeSink = new EventEmitter();
const app = next({ dev: false, dir: dirname(fileURLToPath(import.meta.url)), hostname, port, httpServer: nextUpgradeSink });
const handle = app.getRequestHandler();
await app.prepare();

const apiUrl = () => (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const hub = createHubForwarder({ apiUrl, trustProxy });
const server = createServer((req, res) => handleWithLog(req, res, (request, response) => (hub.isHubRequest(request) ? hub.handleRequest(request, response) : handle(request, response)), { trustProxy }));
// Upgrades other than the hub's are refused there (Next serves none in production).
server.on('upgrade', (req, socket, head) => void hub.handleUpgrade(req, socket, head));
server.listen(port, hostname, () => {
  const address = server.address();
  const url = `http://${hostname}:${typeof address === 'object' && address ? address.port : port}`;
  console.log(JSON.stringify({ time: new Date().toISOString(), msg: 'ready', url }));
});

function shutdown(signal) {
  console.log(JSON.stringify({ time: new Date().toISOString(), msg: 'stopping', signal }));
  server.close(() => app.close().finally(() => process.exit(0)));
  server.closeIdleConnections();
  // Keep-alive clients or a stuck render must not hold the process.
  setTimeout(() => process.exit(0), 5000).unref();
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
