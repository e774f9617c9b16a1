/**
 * The hub forwarder with real sockets: a fake API (a Node server that accepts WebSocket upgrades
 * and echoes bytes) behind the forwarder mounted as `server.mjs` mounts it, and a client speaking
 * raw HTTP upgrades to it (the forwarder only relays bytes, so no WebSocket framing is needed).
 */
import { createHash } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardLookup, createHubForwarder, hostNameOf, matchHubPath, type HubLogLine } from './hub-forward.mjs';
import { handleWithLog } from './request-log.mjs';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

let api: Server;
let app: Server;
let apiPort = 0;
let appPort = 0;
const seen: Seen[] = [];
const logs: HubLogLine[] = [];
/** How the fake API answers the next upgrade: 101 (echo), or a refusal status. */
let upgradeAnswer = 101;

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  api = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'leak=1' });
      res.end(JSON.stringify({ negotiated: true, body }));
    });
  });
  api.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    if (upgradeAnswer !== 101) {
      socket.end(`HTTP/1.1 ${upgradeAnswer} Refused\r\ncontent-type: text/plain\r\ncontent-length: 7\r\n\r\nrefused`);
      return;
    }
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.on('data', (data) => socket.write(Buffer.concat([Buffer.from('echo:'), data])));
    // As a WebSocket server does: the client's end is the end.
    socket.on('end', () => socket.end());
  });
  apiPort = await listen(api);
  const boards = async (host: string | undefined) => ({ 'it.localhost': 'it', 'work.localhost': 'work' })[hostNameOf(host) ?? ''] ?? null;
  const hub = createHubForwarder({ apiUrl: () => `http://127.0.0.1:${apiPort}`, boardOf: boards, log: (line) => logs.push(line) });
  app = createServer((req, res) => handleWithLog(req, res, (request, response) => (hub.isHubRequest(request) ? hub.handleRequest(request, response) : response.end('next')), { write: () => undefined }));
  app.on('upgrade', (req, socket, head) => void hub.handleUpgrade(req, socket, head));
  appPort = await listen(app);
});

afterAll(async () => {
  app.closeAllConnections();
  api.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
  await new Promise((resolve) => api.close(resolve));
});

/** Opens an upgrade through the app; resolves with the status and, on 101, the socket. */
function upgrade(path: string, headers: Record<string, string> = {}): Promise<{ status: number; socket: Socket | null; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: appPort, path, headers: { host: 'it.localhost:3100', connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', origin: 'http://it.localhost:3100', ...headers } });
    req.on('upgrade', (res, socket) => resolve({ status: res.statusCode ?? 0, socket, body: '' }));
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: null, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function post(path: string, host = 'it.localhost:3100', body = ''): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: appPort, path, method: 'POST', headers: { host, 'content-type': 'text/plain', cookie: 'wakat_session=secret', authorization: 'Bearer nope', 'content-length': Buffer.byteLength(body) } });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const lastSeen = () => seen[seen.length - 1];

describe('hub paths', () => {
  it('knows the hub and its negotiate path, nothing else', () => {
    expect(matchHubPath('/hubs/it/chat?access_token=x')).toEqual({ board: 'it', negotiate: false });
    expect(matchHubPath('/hubs/it/chat/negotiate?negotiateVersion=1')).toEqual({ board: 'it', negotiate: true });
    // The offer form's assistant (issue 26) has its own hub.
    expect(matchHubPath('/hubs/work/assistant?access_token=x')).toEqual({ board: 'work', negotiate: false });
    for (const path of ['/hubs/it/other', '/hubs/it/assistants', '/hubs/it/chatassistant', '/hubs/it/chat/', '/hubs/../api/it/chat', '/hubs/%2e%2e/chat', '/hubs/IT/chat', '/hubs//chat', '/api/it/chat']) expect(matchHubPath(path), path).toBeNull();
    expect(hostNameOf('It.LocalHost.:3100')).toBe('it.localhost');
    expect(hostNameOf('[::1]:3100')).toBe('[::1]');
  });
});

describe('the WebSocket upgrade', () => {
  it('reaches the API with the origin, the token query and the client address, and relays bytes both ways', async () => {
    seen.length = 0;
    const { status, socket } = await upgrade('/hubs/it/chat?access_token=tok', { cookie: 'wakat_session=secret', authorization: 'Bearer x', 'x-forwarded-for': '203.0.113.9' });
    expect(status).toBe(101);
    const call = lastSeen();
    expect(call.url).toBe('/hubs/it/chat?access_token=tok');
    expect(call.headers.origin).toBe('http://it.localhost:3100');
    expect(call.headers['sec-websocket-key']).toBe('dGhlIHNhbXBsZSBub25jZQ==');
    // The socket peer, not the header the client wrote; no cookies, no authorization.
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(call.headers['x-forwarded-host']).toBe('it.localhost:3100');
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers.authorization).toBeUndefined();
    const echoed = new Promise<string>((resolve) => socket!.once('data', (data) => resolve(String(data))));
    socket!.write('{"protocol":"json","version":1}\u001e');
    expect(await echoed).toBe('echo:{"protocol":"json","version":1}\u001e');
    socket!.destroy();
    // The log line has the path only: the query holds the access token.
    expect(logs.some((line) => line.path === '/hubs/it/chat' && line.status === 101)).toBe(true);
    expect(JSON.stringify(logs)).not.toContain('tok');
  });

  it('never forwards another board, another path or a non-WebSocket upgrade', async () => {
    seen.length = 0;
    expect((await upgrade('/hubs/work/chat?access_token=t')).status).toBe(404);
    expect((await upgrade('/hubs/it/chat', { host: 'elsewhere.example' })).status).toBe(404);
    expect((await upgrade('/hubs/it/chat/negotiate')).status).toBe(404);
    expect((await upgrade('/_next/webpack-hmr')).status).toBe(404);
    expect((await upgrade('/hubs/it/chat', { upgrade: 'h2c' })).status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('passes the API\'s refusal on (a bad token, a foreign origin)', async () => {
    upgradeAnswer = 401;
    try {
      const answer = await upgrade('/hubs/it/chat?access_token=bad');
      expect(answer.status).toBe(401);
      expect(answer.body).toBe('refused');
    } finally {
      upgradeAnswer = 101;
    }
  });

  it('behind a trusted proxy, passes the client and protocol that proxy names, as /api/* does', async () => {
    const trusted = createHubForwarder({ apiUrl: () => `http://127.0.0.1:${apiPort}`, trustProxy: true, boardOf: async () => 'it', log: () => undefined });
    const server = createServer();
    server.on('upgrade', (req, socket, head) => void trusted.handleUpgrade(req, socket, head));
    const port = await listen(server);
    seen.length = 0;
    const socket = await new Promise<Socket>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/hubs/it/chat', headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'x-forwarded-for': '198.51.100.1, 203.0.113.7', 'x-forwarded-proto': 'https' } });
      req.on('upgrade', (_res, upgraded) => resolve(upgraded));
      req.end();
    });
    socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    expect(lastSeen().headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(lastSeen().headers['x-forwarded-proto']).toBe('https');
  });

  it('answers 502 when the API is down', async () => {
    const down = createHubForwarder({ apiUrl: () => 'http://127.0.0.1:1', boardOf: async () => 'it', log: () => undefined });
    const server = createServer();
    server.on('upgrade', (req, socket, head) => void down.handleUpgrade(req, socket, head));
    const port = await listen(server);
    const status = await new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/hubs/it/chat', headers: { connection: 'Upgrade', upgrade: 'websocket' } });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.end();
    });
    await new Promise((resolve) => server.close(resolve));
    expect(status).toBe(502);
  });
});

describe('the negotiate POST', () => {
  it('is forwarded with its query and body, without cookies, authorization or the API\'s cookies', async () => {
    seen.length = 0;
    const answer = await post('/hubs/it/chat/negotiate?negotiateVersion=1', 'it.localhost:3100', '');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ negotiated: true, body: '' });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    const call = lastSeen();
    expect(call).toMatchObject({ method: 'POST', url: '/hubs/it/chat/negotiate?negotiateVersion=1' });
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers.authorization).toBeUndefined();
    expect(call.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('refuses other boards, other paths and large bodies here', async () => {
    seen.length = 0;
    expect((await post('/hubs/work/chat/negotiate')).status).toBe(404);
    expect((await post('/hubs/it/chat')).status).toBe(404);
    expect((await post('/hubs/it/chat/negotiate', 'it.localhost', 'x'.repeat(5000))).status).toBe(413);
    expect(seen).toEqual([]);
  });
});

describe('the board lookup', () => {
  it('caches /api/boards and keeps the last list when a refresh fails', async () => {
    let calls = 0;
    let now = 0;
    let fail = false;
    const fetchImpl = (async () => {
      calls += 1;
      if (fail) throw new Error('down');
      return new Response(JSON.stringify({ data: [{ slug: 'it', hosts: ['it.localhost', '127.0.0.1'] }, { bad: true }] }));
    }) as unknown as typeof fetch;
    const lookup = createBoardLookup(() => 'http://api', { fetchImpl, now: () => now, ttlMs: 1000 });
    expect(await lookup('127.0.0.1:3100')).toBe('it');
    expect(await lookup('other.example')).toBeNull();
    expect(calls).toBe(1);
    now = 5000;
    fail = true;
    expect(await lookup('it.localhost')).toBe('it');
    expect(calls).toBe(2);
  });
});
