import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { Offer } from '@/lib/types';
import { SITEMAP_MAX_URLS } from '../sitemap';

interface CursorPage {
  data: Pick<Offer, 'slug' | 'publishedAt'>[];
  meta: { next: { cursor: string } | null };
}

/** Every active offer of the board, newest first, paging through `offers/by-cursor` 100 at a time. */
export async function getSitemapOffers(limit = SITEMAP_MAX_URLS): Promise<Pick<Offer, 'slug' | 'publishedAt'>[]> {
  const offers: Pick<Offer, 'slug' | 'publishedAt'>[] = [];
  const board = await boardSlug();
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = cursor ? { cursor, itemsCount: '100' } : { itemsCount: '100', sortBy: 'newest', orderBy: 'DESC' };
    const page: CursorPage = await apiGet<CursorPage>('/v2/user-panel/offers/by-cursor', query, { board });
    offers.push(...page.data);
    cursor = page.data.length ? (page.meta.next?.cursor ?? null) : null;
  } while (cursor && offers.length < limit);
  return offers.slice(0, limit);
}
