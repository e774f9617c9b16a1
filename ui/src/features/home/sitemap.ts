/** sitemap.xml and robots.txt of a board: home, category and city pages, company stories, and every active offer. */
import { paths } from '@/config/paths';
import type { BoardConfig } from '@/lib/types';

export interface SitemapEntry {
  url: string;
  lastModified?: string;
  changeFrequency?: 'hourly' | 'daily' | 'weekly';
  priority?: number;
}

/** One sitemap file holds at most 50,000 addresses. */
export const SITEMAP_MAX_URLS = 50_000;

/** The static part of the sitemap: home, categories with subcategories, main cities. */
export function staticSitemapEntries(siteUrl: string, config: Pick<BoardConfig, 'categories' | 'topCities'>): SitemapEntry[] {
  const entries: SitemapEntry[] = [{ url: `${siteUrl}${paths.home()}`, changeFrequency: 'hourly', priority: 1 }, { url: `${siteUrl}${paths.allOffers()}`, changeFrequency: 'hourly', priority: 0.9 }];
  for (const category of config.categories) {
    if (category.slug === 'it' || category.static) continue;
    entries.push({ url: `${siteUrl}${paths.category(category.slug)}`, changeFrequency: 'daily', priority: 0.8 });
    for (const child of category.children) entries.push({ url: `${siteUrl}${paths.subcategory(category.slug, child.slug)}`, changeFrequency: 'daily', priority: 0.6 });
  }
  for (const city of config.topCities) entries.push({ url: `${siteUrl}${paths.city(city.slug)}`, changeFrequency: 'daily', priority: 0.7 });
  return entries;
}

/** The company list and its story pages (when there are stories), then offer pages (each location slug once), after the static pages, within the 50,000 limit. */
export function buildSitemap(
  siteUrl: string,
  config: Pick<BoardConfig, 'categories' | 'topCities'>,
  offers: { slug: string; publishedAt: string }[],
  storySlugs: readonly string[] = [],
): SitemapEntry[] {
  const entries = staticSitemapEntries(siteUrl, config);
  if (storySlugs.length) entries.push({ url: `${siteUrl}${paths.brands()}`, changeFrequency: 'weekly', priority: 0.6 });
  for (const slug of storySlugs) entries.push({ url: `${siteUrl}${paths.brandStory(slug)}`, changeFrequency: 'weekly', priority: 0.6 });
  const seen = new Set(entries.map((entry) => entry.url));
  for (const offer of offers) {
    if (entries.length >= SITEMAP_MAX_URLS) break;
    const url = `${siteUrl}${paths.offer(offer.slug)}`;
    if (seen.has(url)) continue;
    seen.add(url);
    entries.push({ url, lastModified: offer.publishedAt, changeFrequency: 'weekly', priority: 0.5 });
  }
  return entries;
}

/** robots.txt rules: everything but the API proxy; the sitemap's address. */
export function robotsRules(siteUrl: string): { rules: { userAgent: string; allow: string; disallow: string[] }; sitemap: string; host: string } {
  return { rules: { userAgent: '*', allow: '/', disallow: ['/api/'] }, sitemap: `${siteUrl}/sitemap.xml`, host: siteUrl };
}
