/**
 * The mails a real SMTP server on loopback received (`scripts/smtp-sink.py DIR`, one `.eml` file
 * per message with `X-Sink-Envelope-To`), read as the dev mailbox's `Mail`s so the alert helpers
 * work on them: headers unfolded, the multipart/alternative parts decoded (quoted-printable,
 * base64, 7/8 bit) as UTF-8.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { linksOf, type Mail } from './alerts';

/** `name: value` pairs of a header block (folded lines joined). */
function headerPairs(block: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && pairs.length) pairs[pairs.length - 1][1] += ` ${line.trim()}`;
    else if (line.includes(':')) pairs.push([line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]);
  }
  return pairs;
}

const header = (pairs: [string, string][], name: string) => pairs.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? '';

/** The body of one part as UTF-8 text (the raw text is latin1: one char per byte). */
function decodePart(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return Buffer.from(body, 'latin1').toString('utf8');
  }
}

function split(raw: string): { headers: [string, string][]; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: headerPairs(raw), body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)![0].length;
  return { headers: headerPairs(raw.slice(0, at)), body: raw.slice(at + gap) };
}

/** One received message as a `Mail`. */
export function parseEml(id: string, bytes: Buffer): Mail {
  const { headers, body } = split(bytes.toString('latin1'));
  const parts: Record<string, string> = {};
  const boundary = header(headers, 'Content-Type').match(/boundary="?([^";]+)"?/i)?.[1];
  const chunks = boundary ? body.split(`--${boundary}`).slice(1, -1) : [body];
  for (const chunk of chunks) {
    const part = boundary ? split(chunk.replace(/^\r?\n/, '')) : { headers, body };
    const type = header(part.headers, 'Content-Type').split(';')[0].trim().toLowerCase() || 'text/plain';
    parts[type] = decodePart(part.body, header(part.headers, 'Content-Transfer-Encoding') || '7bit');
  }
  return {
    id,
    to: header(headers, 'X-Sink-Envelope-To'),
    subject: header(headers, 'Subject'),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? null,
    tag: header(headers, 'X-Wakat-Tag') || null,
    headers,
  };
}

/** The SMTP server's directory (`E2E_SMTP_DIR`). */
export function smtpDir(): string {
  const dir = process.env.E2E_SMTP_DIR;
  if (!dir) throw new Error('E2E_SMTP_DIR names the directory of scripts/smtp-sink.py');
  return dir;
}

/** Every message the SMTP server received for `to`, newest first. */
export function smtpMailsTo(to: string): Mail[] {
  const dir = smtpDir();
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
    .map((name) => parseEml(name, readFileSync(join(dir, name))))
    .filter((mail) => String(mail.to).split(',').map((address) => address.trim().toLowerCase()).includes(to.toLowerCase()));
}

/** Waits for a message to `to` that `pick` accepts. */
export async function waitForSmtpMail(to: string, pick: (mail: Mail) => boolean, what: string): Promise<Mail> {
  let found: Mail | null = null;
  await expect
    .poll(() => {
      found = smtpMailsTo(to).find(pick) ?? null;
      return found ? 'found' : `no ${what} yet`;
    }, { message: `${what} to ${to} at the SMTP server`, timeout: 30_000, intervals: [250, 500, 1000] })
    .toBe('found');
  return found as unknown as Mail;
}

/** Waits for a message to `to` with a link to `pathPrefix`; returns that link's path and query. */
export async function smtpLink(to: string, pathPrefix: string): Promise<string> {
  const hasLink = (mail: Mail) => linksOf(mail).some((url) => url.pathname.startsWith(pathPrefix));
  const mail = await waitForSmtpMail(to, hasLink, `a mail with a ${pathPrefix} link`);
  const link = linksOf(mail).find((url) => url.pathname.startsWith(pathPrefix))!;
  return link.pathname + link.search;
}
