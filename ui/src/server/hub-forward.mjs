/**
 * Forwards the hubs' traffic to the API, so the browser connects to its page's own origin: the
 * WebSocket upgrade `GET /hubs/{board}/{hub}` and the negotiate `POST /hubs/{board}/{hub}/negotiate`,
 * for the candidate chat (`chat`) and the employer's offer-form assistant (`assistant`).
 * Plain JavaScript for `server.mjs` (run by Node, not bundled by Next); unit-tested in
 * `hub-forward.test.ts`.
 *
 * As the `/api/*` forwarder does (`src/lib/api-forward.ts`):
 * - only the board of the request's host (`GET /api/boards`, cached 60 s) is forwarded, only the
 *   hub's two paths, only their method; anything else is answered 404/405 here;
 * - headers cross by an explicit list: `Origin` (the API checks it against the board's hosts), the
 *   WebSocket handshake headers, `user-agent`, `accept-language`; never cookies or `authorization`
 *   (the hub token travels in the `access_token` query parameter);
 * - `x-forwarded-for` is the client address `clientAddressOf` resolves (the socket peer, or behind a
 *   trusted proxy its last entry), `x-request-id` a fresh id or the caller's sane one.
 * The query (which holds the access token) is never logged.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { clientAddressOf, requestIdOf } from './request-log.mjs';

/** `/hubs/{board}/{chat|assistant}` and their `/negotiate`, nothing else. */
const HUB_PATH = /^\/hubs\/([a-z0-9][a-z0-9-]{0,62})\/(?:chat|assistant)(\/negotiate)?$/;
const HANDSHAKE_HEADERS = ['origin', 'user-agent', 'accept-language', 'sec-websocket-key', 'sec-websocket-version', 'sec-websocket-extensions', 'sec-websocket-protocol'];
const REQUEST_HEADERS = ['origin', 'user-agent', 'accept-language', 'accept', 'content-type', 'content-length', 'x-requested-with', 'x-signalr-user-agent'];
const RESPONSE_HEADERS = ['content-type', 'content-length', 'cache-control', 'retry-after', 'www-authenticate'];
/** The negotiate body is empty; anything larger is not the client's. */
const MAX_NEGOTIATE_BYTES = 4096;
const BOARDS_TTL_MS = 60_000;
const UPSTREAM_TIMEOUT_MS = 15_000;

/** The host name of a `Host` header, lowercase, without port or trailing dot (IPv6 kept in brackets). */
export function hostNameOf(header) {
  const text = String(header ?? '').trim().toLowerCase();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    return end < 0 ? null : text.slice(0, end + 1);
  }
  const name = text.split(':')[0].replace(/\.$/, '');
  return name || null;
}

/** What a hub request is: `{board, negotiate}` for the hub's paths, else null. */
export function matchHubPath(url) {
  const path = String(url ?? '').split('?')[0];
  const match = HUB_PATH.exec(path);
  return match ? { board: match[1], negotiate: Boolean(match[2]) } : null;
}

/** A cached `GET {api}/api/boards` → the board slug of a host name (null: none). */
export function createBoardLookup(apiUrl, { fetchImpl = fetch, now = Date.now, ttlMs = BOARDS_TTL_MS } = {}) {
  let cached = null;
  let inFlight = null;
  const load = async () => {
    const response = await fetchImpl(`${apiUrl()}/api/boards`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`GET /api/boards answered ${response.status}`);
    const body = await response.json();
    return (Array.isArray(body?.data) ? body.data : []).filter((board) => typeof board?.slug === 'string' && Array.isArray(board.hosts));
  };
  const boards = () => {
    if (cached && now() - cached.at < ttlMs) return Promise.resolve(cached.boards);
    inFlight ??= load()
      .then((list) => (cached = { boards: list, at: now() }).boards)
      .catch((error) => {
        // Keep serving the last list (an API restart must not cut every chat).
        if (!cached) throw error;
        cached = { boards: cached.boards, at: now() };
        return cached.boards;
      })
      .finally(() => (inFlight = null));
    return inFlight;
  };
  return async (hostHeader) => {
    const name = hostNameOf(hostHeader);
    if (!name) return null;
    return (await boards()).find((board) => board.hosts.includes(name))?.slug ?? null;
  };
}

function pick(headers, names) {
  const picked = {};
  for (const name of names) if (headers[name] !== undefined) picked[name] = headers[name];
  return picked;
}

const STATUS_TEXT = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large', 502: 'Bad Gateway', 504: 'Gateway Timeout' };

function errorBody(code, message) {
  return JSON.stringify({ code, message, field: null });
}

/** Answers on a raw socket (the upgrade path has no `ServerResponse`) and closes it. */
function refuseSocket(socket, status, code, message) {
  if (socket.destroyed) return;
  const body = errorBody(code, message);
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
}

/**
 * The forwarder. `apiUrl()` is read at each request (Next may load `.env` late); `boardOf(host)`
 * resolves the request's board (default: `createBoardLookup`); `log(line)` gets one JSON object per
 * hub request.
 */
export function createHubForwarder({ apiUrl, trustProxy = false, boardOf = createBoardLookup(apiUrl), log = (line) => process.stdout.write(`${JSON.stringify(line)}\n`) }) {
  /** Checks path, method and board; the error to answer, or the target. */
  async function route(req, { upgrade }) {
    const hub = matchHubPath(req.url);
    if (!hub || hub.negotiate === upgrade) return { error: [404, 'not_found', 'no such endpoint'] };
    const method = (req.method ?? 'GET').toUpperCase();
    if (method !== (upgrade ? 'GET' : 'POST')) return { error: [405, 'method_not_allowed', `use ${upgrade ? 'GET' : 'POST'}`] };
    let board;
    try {
      board = await boardOf(req.headers.host);
    } catch {
      return { error: [502, 'api_unreachable', 'the API cannot be reached'] };
    }
    // Only the board of the page's host: a page of one board never opens another's hub.
    if (board !== hub.board) return { error: [404, 'unknown_board', 'no board is served on this host'] };
    return { hub };
  }

  function upstreamOptions(req, headers) {
    const api = new URL(apiUrl());
    const client = clientAddressOf(req.headers['x-forwarded-for'], req.socket.remoteAddress, trustProxy);
    return {
      request: api.protocol === 'https:' ? httpsRequest : httpRequest,
      options: {
        protocol: api.protocol,
        hostname: api.hostname,
        port: api.port || undefined,
        method: req.method,
        // The path as received: `route` checked it, and the query carries the token and ids.
        path: req.url,
        headers: {
          ...headers,
          host: api.host,
          'x-forwarded-for': client,
          'x-forwarded-host': req.headers.host ?? '',
          // Behind a trusted proxy its own word (it terminated TLS), else this socket's.
          'x-forwarded-proto': (trustProxy && typeof req.headers['x-forwarded-proto'] === 'string' && req.headers['x-forwarded-proto']) || (req.socket.encrypted ? 'https' : 'http'),
          'x-request-id': requestIdOf(req.headers['x-request-id']),
        },
      },
    };
  }

  const pathOf = (req) => String(req.url ?? '/').split('?')[0];

  /** `server.on('upgrade')`: the WebSocket of the hub; any other upgrade is refused. */
  async function handleUpgrade(req, socket, head) {
    const started = performance.now();
    socket.on('error', () => socket.destroy());
    const finish = (status) => log({ time: new Date().toISOString(), msg: 'hub', method: 'GET', path: pathOf(req), status, ms: Math.round(performance.now() - started) });
    const routed = String(req.headers.upgrade ?? '').toLowerCase() === 'websocket' ? await route(req, { upgrade: true }) : { error: [400, 'bad_request', 'only WebSocket upgrades'] };
    if (routed.error) {
      refuseSocket(socket, ...routed.error);
      return finish(routed.error[0]);
    }
    const { request, options } = upstreamOptions(req, { ...pick(req.headers, HANDSHAKE_HEADERS), connection: 'Upgrade', upgrade: 'websocket' });
    const upstream = request(options);
    upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error('timeout')));
    upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
      upstream.setTimeout(0);
      let head101 = `HTTP/1.1 101 Switching Protocols\r\n`;
      for (let index = 0; index < answer.rawHeaders.length; index += 2) head101 += `${answer.rawHeaders[index]}: ${answer.rawHeaders[index + 1]}\r\n`;
      socket.write(`${head101}\r\n`);
      if (upstreamHead?.length) socket.write(upstreamHead);
      if (head?.length) upstreamSocket.write(head);
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('error', () => upstreamSocket.destroy());
      // A WebSocket is not half-closed: when either side ends, the tunnel goes (the server's own
      // half-open sockets would otherwise keep it).
      upstreamSocket.on('close', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      socket.on('end', () => upstreamSocket.destroy());
      upstreamSocket.on('end', () => socket.end());
      upstreamSocket.pipe(socket);
      socket.pipe(upstreamSocket);
      socket.setTimeout(0);
      socket.setNoDelay(true);
      upstreamSocket.setNoDelay(true);
      finish(101);
    });
    // A refusal (401 token, 403 origin, 404 chat off, 503 stopping): its status and body, then close.
    upstream.on('response', (answer) => {
      const headers = pick(answer.headers, RESPONSE_HEADERS);
      let text = `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}\r\n`;
      for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
      socket.write(`${text}connection: close\r\n\r\n`);
      answer.pipe(socket);
      finish(answer.statusCode ?? 0);
    });
    upstream.on('error', (error) => {
      refuseSocket(socket, error.message === 'timeout' ? 504 : 502, error.message === 'timeout' ? 'api_timeout' : 'api_unreachable', 'the API cannot be reached');
      finish(error.message === 'timeout' ? 504 : 502);
    });
    upstream.end();
  }

  /** Whether an HTTP request is the hub's (the negotiate POST); `server.mjs` then calls `handleRequest`. */
  function isHubRequest(req) {
    return String(req.url ?? '').startsWith('/hubs/');
  }

  /** The negotiate POST (and any other `/hubs/*` request, refused). */
  async function handleRequest(req, res) {
    const refuse = (status, code, message) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(errorBody(code, message));
    };
    const routed = await route(req, { upgrade: false });
    if (routed.error) return refuse(...routed.error);
    if (Number(req.headers['content-length'] ?? 0) > MAX_NEGOTIATE_BYTES) return refuse(413, 'payload_too_large', `the body may have at most ${MAX_NEGOTIATE_BYTES} bytes`);
    const { request, options } = upstreamOptions(req, pick(req.headers, REQUEST_HEADERS));
    await new Promise((resolve) => {
      const upstream = request(options, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...pick(answer.headers, RESPONSE_HEADERS), 'cache-control': 'no-store' });
        answer.pipe(res);
        answer.on('end', resolve);
        answer.on('error', resolve);
      });
      upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error('timeout')));
      upstream.on('error', (error) => {
        if (!res.headersSent) refuse(error.message === 'timeout' ? 504 : 502, error.message === 'timeout' ? 'api_timeout' : 'api_unreachable', 'the API cannot be reached');
        else res.destroy();
        resolve();
      });
      let size = 0;
      req.on('data', (chunk) => {
        size += chunk.length;
        if (size > MAX_NEGOTIATE_BYTES) {
          upstream.destroy();
          req.destroy();
        }
      });
      req.pipe(upstream);
    });
  }

  return { handleUpgrade, handleRequest, isHubRequest };
}
