import type { MetadataRoute } from 'next';
import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getSitemapOffers } from '@/features/home/api/get-sitemap-offers';
import { getStorySlugs } from '@/features/home/api/get-home-data';
import { buildSitemap } from '@/features/home/sitemap';
import { currentBoard, siteOrigin } from '@/lib/board-server';

// Built per request from the live API (the build needs no API); crawlers may cache it for an hour.
export const dynamic = 'force-dynamic';

/** The sitemap of the board of the request's host, on the board's public origin; 404 for a host no board lists. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  if (!(await currentBoard())) notFound();
  // Stories are a bonus: the sitemap stands without them.
  const [config, offers, origin, stories] = await Promise.all([getConfig(), getSitemapOffers(), siteOrigin(), getStorySlugs().catch(() => [])]);
  return buildSitemap(origin, config, offers, stories);
}
