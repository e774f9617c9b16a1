/** Where the header's search leads (pure, unit-tested): the whole list with the keyword, or with the picked title, company or skill. */
import { paths } from '@/config/paths';
import { sanitizePhrase } from '@/features/search/filters';
import type { LastSearch } from './last-searches';

/** The list address of a header search; null for empty input (ignored). */
export function headerSearchHref(entry: LastSearch, keywordName: string): string | null {
  const title = sanitizePhrase(entry.title);
  if (!title) return null;
  const params = new URLSearchParams({ [entry.variant === 'keyword' ? keywordName : entry.variant]: title });
  return `${paths.allOffers()}?${params.toString()}`;
}
