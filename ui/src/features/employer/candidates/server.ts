/**
 * "Candidates for this offer" on the server: the ranked list with the employer's session, and the
 * names of cities beyond the board's top ones (a gazetteer slug says "lodz", a person reads "Łódź").
 */
import { ApiError, apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { City, Locale } from '@/lib/types';
import { employerServerGet } from '@/features/employer/session/server';
import { offerCandidatesPath } from './api';
import type { OfferCandidates } from './types';

/** The list, or why there is none: `unavailable` is the API's 404 (the chat is off, the offer not active or not the company's). */
export type CandidatesLoad = { kind: 'ok'; data: OfferCandidates } | { kind: 'unavailable' } | { kind: 'failed'; code: string };

export async function loadOfferCandidates(slug: string, locale: Locale): Promise<CandidatesLoad> {
  try {
    const data = await employerServerGet<OfferCandidates>(offerCandidatesPath(slug), undefined, locale);
    return { kind: 'ok', data: { items: data.items ?? [], dailyLimit: data.dailyLimit ?? 0, sentToday: data.sentToday ?? 0 } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unavailable' };
    if (!(error instanceof ApiError)) throw error;
    console.error('offer candidates failed', error.status, error.code);
    return { kind: 'failed', code: error.code };
  }
}

/** Names of gazetteer city slugs, looked up one by one (cached an hour); a failed lookup is left out. */
export async function cityNames(slugs: readonly string[], locale: Locale): Promise<Record<string, string>> {
  const board = await boardSlug();
  const found = await Promise.all(
    slugs.map(async (slug) => {
      const answer = await apiGet<{ cities: City[] }>('/v2/user-panel/cities', { keyword: slug.replace(/-/g, ' '), limit: 20 }, { revalidate: 3600, board }).catch(() => null);
      const city = answer?.cities.find((candidate) => candidate.slug === slug);
      return city ? ([slug, locale === 'en' && city.nameEn ? city.nameEn : city.name] as const) : null;
    }),
  );
  return Object.fromEntries(found.filter((entry) => entry !== null));
}
