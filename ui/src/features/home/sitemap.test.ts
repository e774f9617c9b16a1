import { describe, expect, it } from 'vitest';
import fixture from '@/testing/fixtures/config.json';
import type { BoardConfig } from '@/lib/types';
import { buildSitemap, robotsRules, staticSitemapEntries } from './sitemap';

const config = fixture as unknown as BoardConfig;
const site = 'https://it.wakat.example';

describe('sitemap', () => {
  it('lists home, categories with subcategories and cities', () => {
    const urls = staticSitemapEntries(site, config).map((entry) => entry.url);
    expect(urls[0]).toBe(`${site}/`);
    expect(urls).toContain(`${site}/java`);
    expect(urls).toContain(`${site}/java/spring`);
    expect(urls).toContain(`${site}/krakow`);
    expect(urls.some((url) => url.endsWith('/it'))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('adds each offer page once with its publication date', () => {
    const offers = [
      { slug: 'a-java', publishedAt: '2026-11-25T10:00:00Z' },
      { slug: 'a-java', publishedAt: '2026-11-25T10:00:00Z' },
      { slug: 'b rust', publishedAt: '2026-11-24T10:00:00Z' },
    ];
    const entries = buildSitemap(site, config, offers).filter((entry) => entry.url.includes('/job-offer/'));
    expect(entries).toEqual([
      { url: `${site}/job-offer/a-java`, lastModified: '2026-11-25T10:00:00Z', changeFrequency: 'weekly', priority: 0.5 },
      { url: `${site}/job-offer/b%20rust`, lastModified: '2026-11-24T10:00:00Z', changeFrequency: 'weekly', priority: 0.5 },
    ]);
  });

  it('lists the company list and its stories before the offers', () => {
    const urls = buildSitemap(site, config, [{ slug: 'a-java', publishedAt: '2026-11-25T10:00:00Z' }], ['lynx-tech']).map((entry) => entry.url);
    expect(urls.indexOf(`${site}/brands/story/lynx-tech`)).toBeGreaterThan(0);
    expect(urls.indexOf(`${site}/brands`)).toBeGreaterThan(0);
    expect(urls.indexOf(`${site}/brands`)).toBeLessThan(urls.indexOf(`${site}/brands/story/lynx-tech`));
    expect(urls.indexOf(`${site}/brands/story/lynx-tech`)).toBeLessThan(urls.indexOf(`${site}/job-offer/a-java`));
  });

  it('points robots at the sitemap and keeps crawlers off the API', () => {
    expect(robotsRules(site)).toEqual({ rules: { userAgent: '*', allow: '/', disallow: ['/api/'] }, sitemap: `${site}/sitemap.xml`, host: site });
  });
});
