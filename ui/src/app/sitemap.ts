import type { MetadataRoute } from 'next';
import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getSitemapOffers } from '@/features/home/api/get-sitemap-offers';
import { buildSitemap } from '@/features/home/sitemap';
import { currentBoard, siteOrigin } from '@/lib/board-server';

// Built per request from the live API (the build needs no API); crawlers may cache it for an hour.
export const dynamic = 'force-dynamic';

/** The sitemap of the board of the request's host, on the board's public origin; 404 for a host no board lists. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  if (!(await currentBoard())) notFound();
  const [config, offers, origin] = await Promise.all([getConfig(), getSitemapOffers(), siteOrigin()]);
  return buildSitemap(origin, config, offers);
}
