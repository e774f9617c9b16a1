/**
 * The board of the request being rendered (server components, route handlers, server actions):
 * the one whose `hosts` list the request's `Host` header. Unknown hosts never reach a page (the
 * proxy answers them with the 404 page), so pages use `requireBoard()`.
 */
import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { apiGet, type Query, type RequestOptions } from './api-client';
import { boardDirectory } from './board-directory';
import { BOARD_HOST_HEADER, boardOrigin, type Board } from './boards';
import { servedOverHttps } from './security-headers';

/** The host the request is rendered for: the proxy's `x-wakat-board-host` (pages, robots.txt, sitemap.xml), else `Host`. */
async function requestHost(): Promise<string | null> {
  const incoming = await headers();
  return incoming.get(BOARD_HOST_HEADER) ?? incoming.get('host');
}

/** The request's board, or null for a host no board lists. Once per request. */
export const currentBoard = cache(async (): Promise<Board | null> => boardDirectory.resolve(await requestHost()));

/** The request's board; a host no board lists is a 404. */
export async function requireBoard(): Promise<Board> {
  const board = await currentBoard();
  if (!board) notFound();
  return board;
}

/** The request's board slug (the `/api/{slug}` prefix of its API calls). */
export async function boardSlug(): Promise<string> {
  return (await requireBoard()).slug;
}

/** The public origin of the request's board (canonical URLs, Open Graph, sitemap): see `boardOrigin`. */
export const siteOrigin = cache(async (): Promise<string> => {
  const [board, incoming, host] = await Promise.all([requireBoard(), headers(), requestHost()]);
  return boardOrigin(board, host, servedOverHttps(process.env.WAKAT_SITE_URL, incoming.get('x-forwarded-proto')));
});

/** `apiGet` for the request's board (server code). */
export async function boardGet<T>(path: string, query?: Query, options: Omit<RequestOptions, 'board'> = {}): Promise<T> {
  return apiGet<T>(path, query, { ...options, board: await boardSlug() });
}
