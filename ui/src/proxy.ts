/**
 * Request pre-processing:
 * - Board: the request's `Host` names the board (`GET /api/boards`, cached; `lib/boards.ts`). A host
 *   no board lists is rewritten to `/_not-found`, whose page then says so (404). The host is handed
 *   to the render as `x-wakat-board-host` (always written here, so a client cannot choose it): Next
 *   serves a rewrite by sending the request in again with `Host` set to its own name, and that inner
 *   pass, marked with this process's secret hop token, keeps the outer pass's host, nonce and policy.
 * - Path: `x-wakat-pathname` carries the requested path to the render (always written here).
 * - Locale switch: `?lang=en` (or `pl`) on any page stores the choice in the `wakat-lang` cookie for
 *   a year and redirects to the same address without `lang`, so every render reads one source.
 * - Unknown offers and company stories: `/job-offer/{slug}` or `/brands/story/{slug}` whose slug the
 *   API does not know is rewritten to
 *   Next's internal `/_not-found` route, which answers 404 with the not-found page as real HTML.
 *   (`notFound()` inside a page renders an empty HTML body in production builds, so without
 *   JavaScript the page would be blank: vercel/next.js#98954. The page still calls `notFound()`
 *   for client-side navigations, which skip this check.)
 * - Currency: an address with `currency` (any page) stores it in the `wakat-currency` cookie for a
 *   year (not for prefetches), so the offer page and the next list visit use it without JavaScript.
 * - Content-Security-Policy: a fresh nonce per request, put into the CSP header of both the request
 *   (Next reads the nonce from there and stamps it on every script it renders) and the answer; the
 *   nonce is also in `x-nonce` for the app's own inline scripts. `connect-src` names the page's own
 *   `ws:`/`wss:` origin (the chat hub, forwarded by `server.mjs`). HSTS when served over HTTPS. The
 *   other security headers come from next.config `headers()`.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { CURRENCY_COOKIE, CURRENCY_COOKIE_MAX_AGE, currencyToRemember, isPrefetch } from '@/features/currency/currency';
import { boardDirectory } from '@/lib/board-directory';
import { BOARD_HOST_HEADER, captchaOrigins, mapOrigins, type Board } from '@/lib/boards';
import { createNonce, HSTS_HEADER, hubSocketOrigin, originsOf, pageContentSecurityPolicy, servedOverHttps } from '@/lib/security-headers';
import { PATHNAME_HEADER } from '@/features/employer/paths';

const LOCALE_COOKIE = 'wakat-lang';
const API_URL = (process.env.WAKAT_API_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
// The map's style URLs are inlined at build time; WAKAT_MAP_ORIGINS (runtime) adds the tile,
// sprite and glyph hosts a remote style refers to. The boards' own tile providers (`[tenants.map]`)
// are added per request from the board list.
const MAP_ORIGINS = originsOf([process.env.NEXT_PUBLIC_MAP_STYLE_URL, process.env.NEXT_PUBLIC_MAP_STYLE_URL_DARK, process.env.WAKAT_MAP_ORIGINS]);
// Offer banners from other origins than the app's (`features/job/media.ts`).
const IMAGE_ORIGINS = originsOf([process.env.WAKAT_IMAGE_ORIGINS]);

/** The origins the boards' captcha widgets and tile providers need (the board list is cached; none when it cannot be read). */
async function boardOrigins(): Promise<{ captcha: string[]; map: string[] }> {
  try {
    const boards = await boardDirectory.boards();
    return { captcha: captchaOrigins(boards), map: mapOrigins(boards) };
  } catch {
    return { captcha: [], map: [] };
  }
}

/** The page policy around `nonce`, with the origins the build, the environment and the boards name. */
async function pagePolicy(nonce: string, https: boolean, socketOrigin: string | null): Promise<string> {
  const origins = await boardOrigins();
  return pageContentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === 'development',
    https,
    mapOrigins: [...new Set([...MAP_ORIGINS, ...origins.map])],
    imageOrigins: IMAGE_ORIGINS,
    captchaOrigins: origins.captcha,
    socketOrigin,
  });
}

/** Marks the inner pass of a rewrite (never leaves the process: a client cannot guess it). */
const HOP_HEADER = 'x-wakat-proxy-hop';
const HOP_TOKEN = createNonce();

/** Whether the API answers 404 for a board path (an offer's or a company story's). */
async function apiAnswers404(board: string, path: string): Promise<boolean> {
  try {
    const response = await fetch(`${API_URL}/api/${board}${path}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    return response.status === 404;
  } catch {
    // The page itself reports API failures.
    return false;
  }
}

export async function proxy(request: NextRequest) {
  const https = servedOverHttps(process.env.WAKAT_SITE_URL, request.headers.get('x-forwarded-proto'));
  const hop = request.headers.get(HOP_HEADER) === HOP_TOKEN;
  const requestHeaders = new Headers(request.headers);
  requestHeaders.delete(HOP_HEADER);
  const boardHost = (hop ? request.headers.get(BOARD_HOST_HEADER) : request.headers.get('host')) ?? '';
  requestHeaders.set(BOARD_HOST_HEADER, boardHost);
  // The employer layout chooses between its public frame and the panel by the path.
  requestHeaders.set(PATHNAME_HEADER, request.nextUrl.pathname);
  const nonce = (hop && request.headers.get('x-nonce')) || createNonce();
  const policy = (hop && request.headers.get('content-security-policy')) || (await pagePolicy(nonce, https, hubSocketOrigin(boardHost, https)));
  requestHeaders.set('content-security-policy', policy);
  requestHeaders.set('x-nonce', nonce);
  // The inner pass of a rewrite is already routed.
  const response = hop ? NextResponse.next({ request: { headers: requestHeaders } }) : await route(request, requestHeaders, boardHost);
  response.headers.set('content-security-policy', policy);
  if (https) response.headers.set(HSTS_HEADER.key, HSTS_HEADER.value);
  const currency = currencyToRemember(request.nextUrl.searchParams);
  const prefetch = isPrefetch(request.headers);
  // Only a change is written: a late answer to a request made before the change (a router refetch
  // of the previous address) must not write the old value back.
  if (currency && !prefetch && request.cookies.get(CURRENCY_COOKIE)?.value !== currency) response.cookies.set(CURRENCY_COOKIE, currency, { path: '/', maxAge: CURRENCY_COOKIE_MAX_AGE, sameSite: 'lax' });
  return response;
}

/** The board of the request's host; undefined while the board list cannot be read (the page reports the API failure). */
async function boardOf(host: string): Promise<Board | null | undefined> {
  try {
    return await boardDirectory.resolve(host);
  } catch {
    return undefined;
  }
}

function notFoundPage(request: NextRequest, requestHeaders: Headers): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = '/_not-found';
  url.search = '';
  requestHeaders.set(HOP_HEADER, HOP_TOKEN);
  return NextResponse.rewrite(url, { request: { headers: requestHeaders } });
}

/**
 * The API call telling whether the page of `pathname` exists: an offer (`active-slug`) or a company
 * story (`short-info`); null for other pages.
 */
function existenceCheck(pathname: string): string | null {
  const match = /^\/(job-offer|brands\/story)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let slug = match[2];
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // Keep the raw slug; the API answers 404 for it.
  }
  const encoded = encodeURIComponent(slug);
  return match[1] === 'job-offer' ? `/v2/user-panel/offers/active-slug/${encoded}` : `/v2/user-panel/brand-stories/company/${encoded}/short-info`;
}

/** robots.txt and sitemap.xml answer unknown hosts themselves (no page to rewrite to). */
const BOARD_FILES = ['/robots.txt', '/sitemap.xml'];

async function route(request: NextRequest, requestHeaders: Headers, boardHost: string): Promise<NextResponse> {
  const board = await boardOf(boardHost);
  if (board === null && !BOARD_FILES.includes(request.nextUrl.pathname)) return notFoundPage(request, requestHeaders);
  const lang = request.nextUrl.searchParams.get('lang');
  if (lang !== null) {
    const url = request.nextUrl.clone();
    url.searchParams.delete('lang');
    const response = NextResponse.redirect(url, 303);
    if (lang === 'pl' || lang === 'en') {
      response.cookies.set(LOCALE_COOKIE, lang, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' });
    }
    return response;
  }
  const isPrefetch = request.headers.get('rsc') === '1';
  const checked = board && !isPrefetch ? existenceCheck(request.nextUrl.pathname) : null;
  if (board && checked && (await apiAnswers404(board.slug, checked))) return notFoundPage(request, requestHeaders);
  return NextResponse.next({ request: { headers: requestHeaders } });
}

// Pages, robots.txt and sitemap.xml (they read the board host): the API forwarder (which reads
// `Host` itself), Next's assets and static files need no nonce (next.config gives them the static
// security headers).
export const config = {
  matcher: ['/((?!api/|_next/|favicon.ico|.*\\.(?:svg|png|jpg|ico|js|mjs|css|json|geojson|webp|txt|xml)$).*)', '/robots.txt', '/sitemap.xml'],
};
