import { cache } from 'react';
import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { BoardConfig, City } from '@/lib/types';
import { getConfig } from './get-config';

/**
 * The board configuration, with `city` added to `topCities` when it is a gazetteer city beyond
 * the 24 largest: headings and chips then show its real name (Łodygowice, not "Lodygowice").
 */
export const getConfigForCity = cache(async (slug: string | null): Promise<BoardConfig> => {
  const config = await getConfig();
  if (!slug || config.topCities.some((city) => city.slug === slug)) return config;
  const found = await apiGet<{ cities: City[] }>('/v2/user-panel/cities', { keyword: slug.replace(/-/g, ' '), limit: 50 }, { revalidate: 3600, board: await boardSlug() }).catch(() => null);
  const city = found?.cities.find((candidate) => candidate.slug === slug);
  return city ? { ...config, topCities: [...config.topCities, city] } : config;
});
