import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import type { Offer, OfferDetail } from '@/lib/types';
import { cache } from 'react';

/** One offer by slug (any location slug); throws ApiError 404 for an unknown slug. */
export const getOffer = cache(async (slug: string, locale: string) =>
  apiGet<OfferDetail>(`/v1/offers/${encodeURIComponent(slug)}`, undefined, { locale, board: await boardSlug() }),
);

/** Similar offers; an error gives an empty list, since the page stands without them. */
export async function getLookalikes(slug: string, locale: string): Promise<Offer[]> {
  try {
    const answer = await apiGet<{ data: Offer[] }>(`/v2/user-panel/offer-lookalikes/${encodeURIComponent(slug)}`, undefined, { locale, board: await boardSlug() });
    return answer.data;
  } catch {
    return [];
  }
}
