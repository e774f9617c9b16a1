import type { MetadataRoute } from 'next';
import { robotsRules } from '@/features/home/sitemap';
import { currentBoard, siteOrigin } from '@/lib/board-server';
import type { Board } from '@/lib/boards';

// Per request: each board's robots.txt names its own sitemap.
export const dynamic = 'force-dynamic';

/**
 * The rules of the board of the request's host; a host no board lists is closed to crawlers. While
 * the board list cannot be read (API down) the rules stand without the sitemap's address, so the
 * answer needs no API (the end-to-end runner waits on it).
 */
export default async function robots(): Promise<MetadataRoute.Robots> {
  let board: Board | null;
  try {
    board = await currentBoard();
  } catch {
    return { rules: { userAgent: '*', allow: '/', disallow: ['/api/'] } };
  }
  if (!board) return { rules: { userAgent: '*', disallow: '/' } };
  return robotsRules(await siteOrigin());
}
