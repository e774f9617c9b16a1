/**
 * One web app serves every board: the board of a request is the one whose `hosts` (from the API's
 * `GET /api/boards`) list the request's host name. This module is pure (no I/O, no Next): host
 * parsing, the lookup, and the cache of the board list, so all of it is unit-tested.
 *
 * The list is kept for `ttlMs` (60 s); a refresh that fails keeps serving the last list (an API
 * restart does not turn every page into a 404), and concurrent refreshes share one request.
 */
import type { Locale } from './types';

/** A board as `GET /api/boards` answers it. */
export interface Board {
  slug: string;
  name: string;
  /** Lowercase host names without port; each belongs to one board. */
  hosts: string[];
  defaultLocale: Locale;
  /** The captcha widget of public writes (applications, redirects); null while it is off. */
  captcha: CaptchaWidget | null;
  /** The board's wording of the web app's texts: message key → language → text (over the catalogue's defaults). */
  texts: BoardTexts;
  /** The maps' tile provider (`[tenants.map]`); null: the offline basemap (or the build's `NEXT_PUBLIC_MAP_STYLE_URL`). */
  map: BoardMap | null;
}

/** A board's tile provider: the MapLibre styles every map loads instead of the offline basemap. */
export interface BoardMap {
  styleUrl: string;
  /** Dark mode's style; null: `styleUrl` in both modes. */
  styleUrlDark: string | null;
  /** Credit added to the map's attribution. */
  attribution: string | null;
  /** Further origins (tiles, sprites, glyphs) the page's Content-Security-Policy allows. */
  origins: string[];
}

const httpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/[^/\s]/i.test(value);

function parseMap(value: unknown): BoardMap | null {
  const entry = value as Partial<Record<keyof BoardMap, unknown>> | null | undefined;
  if (!entry || !httpUrl(entry.styleUrl)) return null;
  return {
    styleUrl: entry.styleUrl,
    styleUrlDark: httpUrl(entry.styleUrlDark) ? entry.styleUrlDark : null,
    attribution: typeof entry.attribution === 'string' && entry.attribution.trim() ? entry.attribution.trim() : null,
    origins: Array.isArray(entry.origins) ? entry.origins.filter(httpUrl) : [],
  };
}

/**
 * The origins the boards' tile providers need in the page policy (their styles' and the origins
 * they list: tiles, sprites, glyphs). All boards', like the captcha's: one policy per app.
 */
export function mapOrigins(boards: readonly Board[]): string[] {
  const origins = new Set<string>();
  for (const { map } of boards) {
    if (!map) continue;
    for (const url of [map.styleUrl, map.styleUrlDark, ...map.origins]) {
      if (!url) continue;
      // `https://*.example.com` is a CSP source as it is; URL() would refuse the wildcard.
      const wildcard = /^(https?:\/\/\*\.[^/]+)/i.exec(url);
      if (wildcard) origins.add(wildcard[1].toLowerCase());
      else {
        try {
          origins.add(new URL(url).origin);
        } catch {
          // Not a URL: nothing to allow.
        }
      }
    }
  }
  return [...origins];
}

export type BoardTexts = Record<string, Partial<Record<Locale, string>>>;

/** The board's texts, keeping only string texts in the known languages. */
function parseTexts(value: unknown): BoardTexts {
  if (!value || typeof value !== 'object') return {};
  const texts: BoardTexts = {};
  for (const [key, byLang] of Object.entries(value as Record<string, unknown>)) {
    if (!byLang || typeof byLang !== 'object') continue;
    const entry: Partial<Record<Locale, string>> = {};
    for (const locale of ['pl', 'en'] as const) {
      const text = (byLang as Record<string, unknown>)[locale];
      if (typeof text === 'string') entry[locale] = text;
    }
    texts[key] = entry;
  }
  return texts;
}

export type CaptchaKind = 'turnstile' | 'hcaptcha' | 'recaptcha';

/** What a browser renders to earn the `Recaptcha-Token` the API checks. */
export interface CaptchaWidget {
  widget: CaptchaKind;
  siteKey: string;
  scriptUrl: string;
}

/** Where each widget's frames and calls go, besides its script's own origin. */
const CAPTCHA_ORIGINS: Record<CaptchaKind, string[]> = {
  turnstile: ['https://challenges.cloudflare.com'],
  hcaptcha: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  recaptcha: ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'],
};

function parseCaptcha(value: unknown): CaptchaWidget | null {
  const entry = value as Partial<CaptchaWidget> | null | undefined;
  if (!entry || typeof entry.siteKey !== 'string' || typeof entry.scriptUrl !== 'string' || !/^https?:\/\//i.test(entry.scriptUrl)) return null;
  if (entry.widget !== 'turnstile' && entry.widget !== 'hcaptcha' && entry.widget !== 'recaptcha') return null;
  return { widget: entry.widget, siteKey: entry.siteKey, scriptUrl: entry.scriptUrl };
}

/** The origins the boards' captcha widgets need in the page policy (frames, calls). */
export function captchaOrigins(boards: readonly Board[]): string[] {
  const origins = new Set<string>();
  for (const { captcha } of boards) {
    if (!captcha) continue;
    origins.add(new URL(captcha.scriptUrl).origin);
    for (const origin of CAPTCHA_ORIGINS[captcha.widget]) origins.add(origin);
  }
  return [...origins];
}

/**
 * The request header carrying the host a page is rendered for: written by the proxy on every page
 * request (from `Host`, or from the outer pass of a rewrite), read by `currentBoard()`.
 */
export const BOARD_HOST_HEADER = 'x-wakat-board-host';

/** How long the board list is used before it is asked for again. */
export const BOARDS_TTL_MS = 60_000;

const HOST_NAME = /^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?$/;

/**
 * The host name of a `Host` header: lowercase, without port and trailing dot; `[::1]:3000` gives
 * `[::1]`. Null for a missing or malformed value (which matches no board).
 */
export function hostName(header: string | null | undefined): string | null {
  const text = (header ?? '').trim().toLowerCase();
  if (!text) return null;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return null;
    const rest = text.slice(end + 1);
    return rest === '' || /^:\d{1,5}$/.test(rest) ? text.slice(0, end + 1) : null;
  }
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const name = match[1].replace(/\.$/, '');
  return HOST_NAME.test(name) && !name.includes('..') ? name : null;
}

/** The port of a `Host` header (`:3300`), or '' when it has none. */
export function hostPort(header: string | null | undefined): string {
  const match = /:(\d{1,5})$/.exec((header ?? '').trim());
  return match ? `:${match[1]}` : '';
}

/** The board serving a `Host` header, or null when no board lists its host name. */
export function boardForHost(boards: readonly Board[], header: string | null | undefined): Board | null {
  const name = hostName(header);
  if (!name) return null;
  return boards.find((board) => board.hosts.includes(name)) ?? null;
}

/** Parses the answer of `GET /api/boards` (`{data: [board]}`), dropping malformed entries. */
export function parseBoards(body: unknown): Board[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the board list is malformed');
  return data
    .filter(
      (entry): entry is Board =>
        !!entry &&
        typeof entry.slug === 'string' &&
        typeof entry.name === 'string' &&
        Array.isArray(entry.hosts) &&
        entry.hosts.every((host: unknown) => typeof host === 'string') &&
        (entry.defaultLocale === 'pl' || entry.defaultLocale === 'en'),
    )
    .map((board) => ({ ...board, captcha: parseCaptcha(board.captcha), texts: parseTexts(board.texts), map: parseMap(board.map) }));
}

/**
 * The public origin of a board for canonical URLs, Open Graph and the sitemap: its first host
 * (the primary name), with the port the request came on (a development server's), over https when
 * the request came over HTTPS.
 */
export function boardOrigin(board: Board, requestHost: string | null | undefined, https: boolean): string {
  const primary = board.hosts[0] ?? hostName(requestHost) ?? 'localhost';
  return `${https ? 'https' : 'http'}://${primary}${hostPort(requestHost)}`;
}

export interface BoardDirectory {
  /** The board list, from the cache while it is fresh. Throws only when no list was ever loaded. */
  boards(): Promise<Board[]>;
  /** The board of a `Host` header; null when no board lists it. */
  resolve(header: string | null | undefined): Promise<Board | null>;
}

/** A cache of the board list around `load` (the API call); `now` is injectable for tests. */
export function createBoardDirectory(load: () => Promise<Board[]>, options: { ttlMs?: number; now?: () => number } = {}): BoardDirectory {
  const ttl = options.ttlMs ?? BOARDS_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: { boards: Board[]; at: number } | null = null;
  let inFlight: Promise<Board[]> | null = null;

  const refresh = () => {
    inFlight ??= load()
      .then((boards) => {
        cached = { boards, at: now() };
        return boards;
      })
      .catch((error: unknown) => {
        if (!cached) throw error;
        // Keep serving the last list; ask again after another TTL.
        console.error('board list not refreshed', error);
        cached = { boards: cached.boards, at: now() };
        return cached.boards;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const boards = async () => (cached && now() - cached.at < ttl ? cached.boards : refresh());
  return { boards, resolve: async (header) => boardForHost(await boards(), header) };
}
