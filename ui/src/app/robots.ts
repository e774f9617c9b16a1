import type { MetadataRoute } from 'next';
import { robotsRules } from '@/features/home/sitemap';
import { env } from '@/config/env';

export default function robots(): MetadataRoute.Robots {
  return robotsRules(env.siteUrl);
}
