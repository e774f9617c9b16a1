import { cache } from 'react';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import type { Locale } from '@/lib/types';

/**
 * The HTML fragment of a legal document (`url` from the board configuration, e.g.
 * `/api/it/v1/terms/privacy-policy`), sanitised by the API (the same allow-list as offers). Null
 * when the board has none.
 */
export const getLegalDocument = cache(async (url: string | null | undefined, locale: Locale): Promise<string | null> => {
  if (!url) return null;
  const response = await fetch(`${env.apiUrl}${url}?embed=true&lang=${locale}`, { next: { revalidate: 300 } }).catch(() => {
    throw new ApiError(0, 'network_error', 'the API cannot be reached');
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, `http_${response.status}`, `document request failed with status ${response.status}`);
  return response.text();
});

/** The link a reader opens: the standalone document in the reader's language (same origin, through the /api forwarder: `/v1/terms/{name}` is allow-listed). */
export function documentHref(url: string, locale: Locale): string {
  return locale === 'pl' ? url : `${url}?lang=${locale}`;
}
