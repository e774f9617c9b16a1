/** The board's blog posts (flag `blogShowcase`), read by the homepage's showcase and the blog pages on the server. */
import { ApiError } from '@/lib/api-client';
import { boardGet } from '@/lib/board-server';
import type { Locale } from '@/lib/types';

export interface PostSummary {
  slug: string;
  /** The language of the text: the asked one, or Polish when the post has no other. */
  lang: Locale;
  title: string;
  /** `YYYY-MM-DD`. */
  date: string;
  summary: string;
  imageUrl: string | null;
}

export interface Post extends PostSummary {
  /** The body, sanitised by the API (the one sanitiser). */
  html: string;
}

/** The newest posts, at most `limit`; null when the call fails (the showcase then hides). */
export async function getPosts(locale: Locale, limit: number): Promise<PostSummary[] | null> {
  try {
    return (await boardGet<{ data: PostSummary[] }>('/v1/blog/posts', { lang: locale, limit }, { locale, revalidate: 60 })).data;
  } catch {
    return null;
  }
}

/** One post; null when the board has no such post (the page is then a 404). */
export async function getPost(slug: string, locale: Locale): Promise<Post | null> {
  try {
    return await boardGet<Post>(`/v1/blog/posts/${encodeURIComponent(slug)}`, { lang: locale }, { locale, revalidate: 60 });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
