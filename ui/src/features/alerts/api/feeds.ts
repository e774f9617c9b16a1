/**
 * The signed Atom feed of any list query (`GET /feeds/link?{list query}` → `{url}`), for the
 * list's and a guest's "follow in a feed reader". A candidate's saved searches carry theirs
 * (`feedUrl`).
 */
import { apiGet } from '@/lib/api-client';

export async function getFeedLink(apiQuery: string): Promise<string> {
  const answer = await apiGet<{ url?: unknown }>('/feeds/link', new URLSearchParams(apiQuery));
  if (typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) throw new Error('no feed url in the answer');
  return answer.url;
}
