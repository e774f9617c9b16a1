/**
 * The offer's banner image and video (`bannerUrl`, `videoUrl`), checked before they reach the page:
 * the API stores them as the employer sent them. Only http(s) and same-origin paths pass. A banner
 * shows as an image when the page's CSP allows it (same origin, or an origin in
 * `WAKAT_IMAGE_ORIGINS`), else as a link; a video is never embedded (the CSP has `frame-src
 * 'none'`, and an embedded player would reach the provider before the reader asks): it is a link
 * that opens the provider's page.
 */

export type BannerMedia = { kind: 'image'; src: string } | { kind: 'link'; href: string };

export interface VideoMedia {
  href: string;
  /** The provider's name when known (YouTube, Vimeo), for the link's text. */
  provider: string | null;
}

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** A same-origin path: starts with one slash (not `//host`, not `/\host`). */
function isSameOriginPath(text: string): boolean {
  return /^\/(?![/\\])/.test(text) && !/[\s\u0000-\u001f]/.test(text);
}

/** How the banner shows; null without one or for anything but http(s) and same-origin paths. */
export function bannerMedia(url: string | null | undefined, imageOrigins: readonly string[] = []): BannerMedia | null {
  const text = (url ?? '').trim();
  if (!text) return null;
  if (isSameOriginPath(text)) return { kind: 'image', src: text };
  const parsed = httpUrl(text);
  if (!parsed) return null;
  return imageOrigins.includes(parsed.origin) ? { kind: 'image', src: parsed.href } : { kind: 'link', href: parsed.href };
}

const PROVIDERS: [RegExp, string][] = [
  [/(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)vimeo\.com$/, 'Vimeo'],
];

/** The video link; null without one or for anything but http(s). */
export function videoMedia(url: string | null | undefined): VideoMedia | null {
  const parsed = httpUrl((url ?? '').trim());
  if (!parsed) return null;
  const provider = PROVIDERS.find(([pattern]) => pattern.test(parsed.hostname))?.[1] ?? null;
  return { href: parsed.href, provider };
}
