/**
 * Helpers of the job-alert journeys (alerts-*.spec.ts): the internal API's token, publishing a
 * new offer through it, running the alerts' digest, and reading the alert mails of the API's dev
 * mailbox (activation links, digests with their `List-Unsubscribe` headers).
 *
 * The internal token: `WAKAT_INTERNAL_TOKEN`, else `wakat internal-token --data-dir $WAKAT_DATA_DIR`
 * (the binary: `WAKAT_BIN`, default `target/debug/wakat` of the repository).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { apiURL, baseURL, tenant } from './env';

let token: string | null = null;

/** The internal write API's token of the API under test. */
export function internalToken(): string {
  if (token) return token;
  const given = process.env.WAKAT_INTERNAL_TOKEN?.trim();
  if (given) return (token = given);
  const dataDir = process.env.WAKAT_DATA_DIR;
  if (!dataDir) throw new Error('set WAKAT_INTERNAL_TOKEN, or WAKAT_DATA_DIR (the API\'s --data-dir) so `wakat internal-token` can read it');
  const binary = process.env.WAKAT_BIN || fileURLToPath(new URL('../../target/debug/wakat', import.meta.url));
  // The CLI reads wakat.toml from the repository's root.
  token = execFileSync(binary, ['internal-token', '--data-dir', dataDir], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) }).trim();
  return token;
}

const internalHeaders = () => ({ Authorization: `Bearer ${internalToken()}` });

/** A word no offer has: a search for it finds only the offers a journey publishes. */
export function uniqueWord(prefix = 'zorglub'): string {
  const letters = 'bcdfghjklmnprstvwz';
  let word = prefix;
  for (let i = 0; i < 8; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/** A stored offer of the board (the template of published ones). */
function templateOffer(): Record<string, unknown> {
  const file = new URL(`../../index-data/offers-${tenant}.jsonl`, import.meta.url);
  const line = readFileSync(file, 'utf8').split('\n').find((text) => text.trim());
  return JSON.parse(line as string) as Record<string, unknown>;
}

export interface PublishedOffer {
  slug: string;
  title: string;
  companyName: string;
}

/** The `publishedAt` (Unix seconds) of the last offer this worker published (see `runDigests`). */
let lastPublishedAt = 0;

/** Publishes a new active offer whose title holds `word`, through the internal API; searchable within a second. */
export async function publishOffer(request: APIRequestContext, word: string, label = 'Developer'): Promise<PublishedOffer> {
  const offer = templateOffer();
  const now = Math.floor(Date.now() / 1000);
  lastPublishedAt = Math.max(lastPublishedAt, now);
  const slug = `e2e-${word}-${now.toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const title = `${label} ${word}`;
  const locations = (offer.locations as Record<string, unknown>[]).slice(0, 1).map((location) => ({ ...location, slug }));
  const body = { ...offer, slug, guid: crypto.randomUUID(), title, locations, publishedAt: now, expiredAt: now + 30 * 24 * 3600, finished: false };
  const response = await request.post(`${apiURL}/api/${tenant}/internal/offers`, { headers: internalHeaders(), data: body });
  expect(response.status(), `publishing ${slug}: ${(await response.text()).slice(0, 300)}`).toBeLessThan(300);
  // Searchable within a second (the index commits every 500 ms).
  await expect
    .poll(async () => {
      const found = await request.get(`${apiURL}/api/${tenant}/v2/user-panel/offers?keywords[]=${encodeURIComponent(word)}&perPage=50`);
      return ((await found.json()) as { data: { slug: string }[] }).data.some((item) => item.slug === slug);
    }, { message: `offer ${slug} searchable` })
    .toBe(true);
  return { slug, title, companyName: String(offer.companyName) };
}

/** The internal trigger of a digest run (the scheduler's run, now). */
export const DIGEST_RUN_PATH = `/api/${tenant}/internal/digests/run`;

/**
 * A day of its own for each run. An alert gets one digest per day, and journeys run in parallel:
 * with one shared day, another journey's run between this one's activation and its new offer
 * settles the alert for the day with nothing new, and this journey's own run then mails nothing.
 */
function uniqueRunDay(): string {
  const day = new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 200_000) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/**
 * Runs the alerts' digests now. It answers once the mail queue has sent the run's mails, so the
 * mailbox read right after it holds every mail of the run: a run that must mail nothing is checked
 * at once, with no wait for mails that could still come.
 */
export async function runDigests(request: APIRequestContext): Promise<unknown> {
  // A run mails the offers published up to the last whole second (those of the current second
  // belong to the next run): let the second of the offer last published end first (the API runs on
  // this machine's clock).
  const secondEnds = (lastPublishedAt + 1) * 1000 - Date.now();
  if (secondEnds > 0) await new Promise((resolve) => setTimeout(resolve, secondEnds));
  // `wait`: the answer comes once the mail queue has sent the run's mails.
  const response = await request.post(`${apiURL}${DIGEST_RUN_PATH}?wait=true&day=${uniqueRunDay()}`, { headers: internalHeaders() });
  expect(response.status(), `digest run: ${(await response.text()).slice(0, 300)}`).toBeLessThan(300);
  return response.json().catch(() => null);
}

export interface Mail {
  id: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string | null;
  tag: string | null;
  headers?: [string, string][];
}

/** The mails of the dev mailbox to one address, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`${apiURL}/api/dev/mailbox?to=${encodeURIComponent(to)}&limit=50`);
  expect(response.status(), 'dev mailbox').toBe(200);
  return ((await response.json()) as { data: Mail[] }).data;
}

/** The links of a mail (text and HTML), `&amp;` decoded. */
export function linksOf(mail: Mail): URL[] {
  return [...`${mail.text}\n${mail.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => new URL(match[0].replace(/&amp;/g, '&')));
}

/** Waits for a mail to `to` that `pick` accepts, and returns it. */
export async function waitForMail(request: APIRequestContext, to: string, pick: (mail: Mail) => boolean, what: string): Promise<Mail> {
  let found: Mail | null = null;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find(pick) ?? null;
        return found ? 'found' : `no ${what} yet`;
      },
      { message: `${what} to ${to}`, timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe('found');
  return found as unknown as Mail;
}

/** The path and query of the first link of a mail whose query has `job-alerts=<action>`. */
export function entryLink(mail: Mail, action: 'activate' | 'unsubscribe'): string {
  const link = linksOf(mail).find((url) => url.searchParams.get('job-alerts') === action);
  expect(link, `a job-alerts=${action} link in "${mail.subject}"`).toBeDefined();
  return link!.pathname + link!.search;
}

/** A header of a stored mail (case-insensitive), or null. */
export function headerOf(mail: Mail, name: string): string | null {
  return mail.headers?.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1] ?? null;
}

/** Whether a mail is a digest that lists `title`. */
export const isDigestWith = (title: string) => (mail: Mail) => headerOf(mail, 'List-Unsubscribe') !== null && `${mail.text}`.includes(title);

/**
 * The one-click unsubscribe of a digest (RFC 8058): one POST of `List-Unsubscribe=One-Click` to
 * the `List-Unsubscribe` address, sent through the web app under test (the mail names the board's
 * public origin).
 */
export async function oneClickUnsubscribe(request: APIRequestContext, mail: Mail): Promise<number> {
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const header = headerOf(mail, 'List-Unsubscribe') ?? '';
  const https = [...header.matchAll(/<([^>]+)>/g)].map((match) => match[1]).find((value) => /^https?:/.test(value));
  expect(https, `an http(s) address in List-Unsubscribe: ${header}`).toBeDefined();
  const url = new URL(https!);
  const response = await request.post(`${baseURL}${url.pathname}${url.search}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  return response.status();
}

/** The same address on the app under test (mails and feeds name the board's public origin). */
export function onApp(url: string): string {
  const parsed = new URL(url);
  return `${baseURL}${parsed.pathname}${parsed.search}`;
}
