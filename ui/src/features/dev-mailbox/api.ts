/**
 * The API's development mailbox (`GET {WAKAT_API_URL}/api/dev/mailbox`), read by the server only:
 * it is never forwarded to browsers. The API answers 404 `feature_disabled` when it is off (SMTP
 * configured, or the board served over HTTPS).
 */
import { env } from '@/config/env';
import { ApiError, toApiError } from '@/lib/api-client';

/** An address as the API gives it: plain, or `{email, name}`. */
export type MailAddress = string | { email: string; name?: string | null };

export interface Mail {
  id: string;
  at: string;
  from: MailAddress | MailAddress[];
  to: MailAddress | MailAddress[];
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | ([string, string] | { name: string; value: string })[] | null;
  tag: string | null;
}

async function mailboxGet<T>(path: string, query?: Record<string, string>): Promise<T> {
  const search = query ? `?${new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''))}` : '';
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}/api/dev/mailbox${path}${search}`, { cache: 'no-store', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network_error', 'the API cannot be reached');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

/** The newest mails, optionally to one address. */
export const listMails = (to: string, limit = 50) => mailboxGet<{ data: Mail[] }>('', { to, limit: String(limit) }).then((answer) => answer.data);

/** One mail; ApiError 404 when it (or the mailbox) is not there. */
export const getMail = (id: string) => mailboxGet<Mail>(`/${encodeURIComponent(id)}`);

/** Addresses as one line: `Name <email>`, or the bare address. */
export function addresses(value: MailAddress | MailAddress[] | null | undefined): string {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((address) => (typeof address === 'string' ? address : address.name ? `${address.name} <${address.email}>` : address.email)).join(', ');
}

/** The recipients as one line. */
export const recipients = (mail: Pick<Mail, 'to'>) => addresses(mail.to);

/** The headers as name/value pairs, whatever shape the API gives them. */
export function headerPairs(headers: Mail['headers']): [string, string][] {
  if (!headers) return [];
  if (!Array.isArray(headers)) return Object.entries(headers).map(([name, value]) => [name, String(value)]);
  return headers.map((header) => (Array.isArray(header) ? [String(header[0]), String(header[1])] : [String(header.name), String(header.value)]));
}

/**
 * The links of a mail's text. A link into this web app's account pages also gets its path, so it
 * opens here whatever public address the API put in front of it.
 */
export function mailLinks(text: string): { href: string; local: string | null }[] {
  const seen = new Set<string>();
  const links: { href: string; local: string | null }[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    const href = match[0].replace(/[.,;:]+$/, '');
    if (seen.has(href)) continue;
    seen.add(href);
    let local: string | null = null;
    try {
      const url = new URL(href);
      if (/^\/(account|favorite-offers|application-history|job-offer)(\/|$)/.test(url.pathname)) local = url.pathname + url.search;
    } catch {
      local = null;
    }
    links.push({ href, local });
  }
  return links;
}
