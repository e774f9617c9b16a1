/**
 * Which map style to load. The offline basemap (public/map/style-{light,dark}.json, built by
 * scripts/build-basemap.mjs) is the default. A tile provider's style replaces it: the board's own
 * (`[tenants.map]` in wakat.toml, read at run time from the board list) first, else the build's
 * NEXT_PUBLIC_MAP_STYLE_URL (and optionally NEXT_PUBLIC_MAP_STYLE_URL_DARK).
 */
import type { BoardMap } from '@/lib/boards';

export type ColorScheme = 'light' | 'dark';

export interface StyleUrls {
  light?: string;
  dark?: string;
}

export const OFFLINE_STYLES: Required<StyleUrls> = { light: '/map/style-light.json', dark: '/map/style-dark.json' };

/** Configured style URLs (inlined at build time). */
export function configuredStyles(): StyleUrls {
  return {
    light: process.env.NEXT_PUBLIC_MAP_STYLE_URL?.trim() || undefined,
    dark: process.env.NEXT_PUBLIC_MAP_STYLE_URL_DARK?.trim() || undefined,
  };
}

/** The styles of the board's tile provider when it has one, else the build's (`configured`). */
export function boardStyles(board: Pick<BoardMap, 'styleUrl' | 'styleUrlDark'> | null | undefined, configured: StyleUrls = configuredStyles()): StyleUrls {
  if (board?.styleUrl) return { light: board.styleUrl, dark: board.styleUrlDark ?? undefined };
  return configured;
}

/** Whether the maps draw the offline basemap (no tile provider, neither the board's nor the build's). */
export function usesOfflineBasemap(board: Pick<BoardMap, 'styleUrl' | 'styleUrlDark'> | null | undefined, configured: StyleUrls = configuredStyles()): boolean {
  const styles = boardStyles(board, configured);
  return !styles.light && !styles.dark;
}

/** The style URL for a scheme: the configured one (dark falls back to light), else the offline one. */
export function selectStyleUrl(scheme: ColorScheme, configured: StyleUrls = configuredStyles()): string {
  if (configured.light || configured.dark) {
    return (scheme === 'dark' ? (configured.dark ?? configured.light) : (configured.light ?? configured.dark)) as string;
  }
  return OFFLINE_STYLES[scheme];
}

/** Dark when `<html data-theme="dark">`, light when `data-theme="light"`, else the system preference. */
export function resolveScheme(dataTheme: string | null | undefined, prefersDark: boolean): ColorScheme {
  if (dataTheme === 'dark') return 'dark';
  if (dataTheme === 'light') return 'light';
  return prefersDark ? 'dark' : 'light';
}

type StyleJson = { sources?: Record<string, { data?: unknown; url?: string; tiles?: string[] } & Record<string, unknown>> } & Record<string, unknown>;

/** Makes the relative URLs of a style's sources absolute (the worker cannot resolve them). */
export function absolutizeStyle<T extends StyleJson>(style: T, base: string): T {
  // Plain string work keeps `{z}/{x}/{y}` templates intact (URL() would percent-encode the braces).
  const absolute = (value: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return value;
    if (value.startsWith('//')) return `${new URL(base).protocol}${value}`;
    if (value.startsWith('/')) return `${new URL(base).origin}${value}`;
    return new URL(value, base).href.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  };
  const sources = Object.fromEntries(
    Object.entries(style.sources ?? {}).map(([name, source]) => {
      const copy = { ...source };
      if (typeof copy.data === 'string') copy.data = absolute(copy.data);
      if (typeof copy.url === 'string') copy.url = absolute(copy.url);
      if (Array.isArray(copy.tiles)) copy.tiles = copy.tiles.map(absolute);
      return [name, copy];
    }),
  );
  const result: StyleJson = { ...style, sources };
  for (const key of ['glyphs', 'sprite'] as const) {
    const value = style[key];
    if (typeof value === 'string') result[key] = absolute(value);
  }
  return result as T;
}

/** True when the style is the bundled offline one (it has no labels: city names are drawn as HTML). */
export function isOfflineStyle(style: { metadata?: unknown } | null | undefined): boolean {
  const metadata = style?.metadata as Record<string, unknown> | undefined;
  return metadata?.['wakat:offline'] === true;
}
