/**
 * Who may open the `/dev/mailbox` pages: a visitor on the machine the web app runs on, and only
 * while the API has its mailbox switched on (`WAKAT_MAIL__DEV_MAILBOX=true`). The mailbox shows
 * every mail, password-reset links included.
 *
 * The API answers its mailbox to loopback clients only, and the web app's server is a loopback
 * client for everybody, so the page must tell visitors apart itself. Two conditions, both needed:
 *
 * - The visitor's address is loopback. The production server (`server.mjs`) writes the socket
 *   peer into `x-forwarded-for` on every request (or, with WAKAT_TRUST_PROXY=1, the address its
 *   reverse proxy appended), overwriting what a browser sent; that is the address read here. The
 *   page's own API calls carry it too, so the API refuses a visitor from elsewhere as well.
 * - The host the visitor asked for is a loopback name (`localhost`, `*.localhost`, `127.x.x.x`,
 *   `[::1]`). A `Host` header is written by the client, so this alone proves nothing; it keeps the
 *   page off every public host name (a proxy on this machine forwarding a public board makes every
 *   visitor a loopback peer) and out of reach of DNS-rebinding pages in a local browser.
 *
 * Under `next dev` (no `server.mjs`), Next fills `x-forwarded-for` from the socket only when the
 * request has none, so a client could claim loopback; `npm run dev` listens on 127.0.0.1, where
 * only this machine connects.
 */
import { BOARD_HOST_HEADER } from '@/lib/boards';

/** Whether `address` (as Node or a proxy writes it) is this machine: `127.0.0.0/8`, `::1`, IPv4 loopback in IPv6. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  let text = (address ?? '').trim().toLowerCase();
  if (text.startsWith('[')) text = text.slice(1, text.indexOf(']') < 0 ? undefined : text.indexOf(']'));
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  if (text.startsWith('::ffff:')) text = text.slice('::ffff:'.length);
  if (text === '::1' || text === '0:0:0:0:0:0:0:1') return true;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  return !!octets && octets.slice(1).every((octet) => Number(octet) <= 255) && octets[1] === '127';
}

/** Whether a `Host` header names this machine: `localhost`, `*.localhost`, `127.x.x.x` or `[::1]`, with any port. */
export function isLoopbackHost(host: string | null | undefined): boolean {
  const text = (host ?? '').trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/.exec(text);
  if (!match) return false;
  const name = match[1].replace(/\.$/, '');
  if (name.startsWith('[')) return isLoopbackAddress(name);
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/**
 * Whether the request may see the mailbox, from its headers as the page gets them: the client
 * address `server.mjs` resolved (`x-forwarded-for`, a single entry there; every entry must be
 * loopback otherwise) and the host the proxy recorded (`x-wakat-board-host`, else `Host`).
 */
export function mailboxVisitorAllowed(headers: Pick<Headers, 'get'>): boolean {
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
  const host = headers.get(BOARD_HOST_HEADER) ?? headers.get('host');
  return forwarded.every((entry) => isLoopbackAddress(entry)) && isLoopbackHost(host);
}
