import type { MetadataRoute } from 'next';
import { getConfig } from '@/features/config/api/get-config';
import { getSitemapOffers } from '@/features/home/api/get-sitemap-offers';
import { buildSitemap } from '@/features/home/sitemap';
import { env } from '@/config/env';

// Built per request from the live API (the build needs no API); crawlers may cache it for an hour.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [config, offers] = await Promise.all([getConfig(), getSitemapOffers()]);
  return buildSitemap(env.siteUrl, config, offers);
}
