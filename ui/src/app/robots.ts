import type { MetadataRoute } from 'next';
import { robotsRules } from '@/features/home/sitemap';
import { env } from '@/config/env';

// Read at request time, so WAKAT_SITE_URL may change without a rebuild.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return robotsRules(env.siteUrl);
}
