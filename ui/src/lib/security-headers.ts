/**
 * Security headers of the web app. Two halves:
 * - static headers (`STATIC_SECURITY_HEADERS`, HSTS) set by next.config `headers()` on every answer,
 *   static files and `_next/*` included;
 * - the page Content-Security-Policy, built per request in `src/proxy.ts` around a fresh nonce.
 *   Next reads the nonce back from the request's CSP header and puts it on its own scripts.
 *
 * No imports: next.config.ts loads this file too.
 */

export interface HeaderEntry {
  key: string;
  value: string;
}

/** Features the app never uses, switched off for the page and anything it embeds. */
const DISABLED_FEATURES = ['accelerometer', 'autoplay', 'camera', 'display-capture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'usb', 'browsing-topics'];

export const STATIC_SECURITY_HEADERS: readonly HeaderEntry[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: DISABLED_FEATURES.map((feature) => `${feature}=()`).join(', ') },
  // Older browsers' form of frame-ancestors 'none'.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** Two years; sent only over HTTPS (browsers ignore it on plain HTTP anyway). */
export const HSTS_HEADER: HeaderEntry = { key: 'Strict-Transport-Security', value: 'max-age=63072000' };

/** True when the public origin is HTTPS or a TLS-terminating proxy says the request came over HTTPS. */
export function servedOverHttps(siteUrl: string | undefined, forwardedProto: string | null | undefined): boolean {
  if ((siteUrl ?? '').trim().toLowerCase().startsWith('https://')) return true;
  return (forwardedProto ?? '').split(',')[0].trim().toLowerCase() === 'https';
}

/** The origins (scheme://host[:port]) of absolute http(s) URLs; relative URLs are same-origin already. */
export function originsOf(urls: ReadonlyArray<string | undefined>): string[] {
  const origins = new Set<string>();
  for (const text of urls) {
    for (const part of (text ?? '').split(/[\s,]+/)) {
      if (!/^https?:\/\//i.test(part)) continue;
      try {
        origins.add(new URL(part).origin);
      } catch {
        // Not a URL: nothing to allow.
      }
    }
  }
  return [...origins];
}

/** A fresh, unguessable nonce (128 bits, base64). */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface PagePolicyOptions {
  nonce: string;
  /** `next dev` needs eval (React's error overlays) and a websocket for hot reload. */
  dev?: boolean;
  https?: boolean;
  /** Where the map's style, tiles, sprites and glyphs come from when not from the app itself. */
  mapOrigins?: readonly string[];
  /** Other origins offer banners may come from (`WAKAT_IMAGE_ORIGINS`); images only, never frames or scripts. */
  imageOrigins?: readonly string[];
  /** The captcha widget's origins (its frames and calls), when a board has one. */
  captchaOrigins?: readonly string[];
  /**
   * The page's own WebSocket origin (`hubSocketOrigin`): the chat hub is forwarded on the app's
   * origin, and older browsers do not count `ws:`/`wss:` of the same host as 'self'.
   */
  socketOrigin?: string | null;
}

// A Host header fit to be written into the policy: a host name or bracketed IPv6, an optional port.
const SAFE_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/;

/** `wss://{host}` (HTTPS) or `ws://{host}` of the request's host, or null for a host unfit to write into a header. */
export function hubSocketOrigin(hostHeader: string | null | undefined, https: boolean): string | null {
  const host = (hostHeader ?? '').trim().toLowerCase();
  return SAFE_HOST.test(host) ? `${https ? 'wss' : 'ws'}://${host}` : null;
}

/**
 * The pages' Content-Security-Policy. Scripts run only with the nonce ('strict-dynamic' lets them
 * load Next's chunks and MapLibre). Styles keep 'unsafe-inline' for React `style` attributes (no
 * nonce in style-src: it would switch 'unsafe-inline' off). MapLibre needs blob: workers and
 * data:/blob: images. A captcha widget (off by default) adds its origins to frames and calls; its
 * script is loaded by the app's own (nonced) code, which 'strict-dynamic' allows.
 */
export function pageContentSecurityPolicy({ nonce, dev = false, https = false, mapOrigins = [], imageOrigins = [], captchaOrigins = [], socketOrigin = null }: PagePolicyOptions): string {
  const map = [...(socketOrigin ? [socketOrigin] : []), ...mapOrigins, ...captchaOrigins].join(' ');
  const frames = captchaOrigins.length ? captchaOrigins.join(' ') : "'none'";
  const images = [...new Set([...mapOrigins, ...imageOrigins])].join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${images}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${map}${dev ? ' ws: wss:' : ''}`.trim(),
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}
