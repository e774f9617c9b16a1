/**
 * Paged candidate lists (`favourites`, `applications`): `page`/`pageSize` with
 * `meta.hasNextPage`, loaded page by page with "show more". The server renders the first page
 * (`initial`); SWR takes over from it without fetching it again.
 */
import useSWRInfinite from 'swr/infinite';
import { apiGet } from './api-client';
import { CANDIDATE_PAGE_SIZE, type CandidatePage } from './candidate';

/** The SWR key of page `index` (0-based), or null past the last page. */
export function pageKey(path: string, query: Record<string, string>, pageSize = CANDIDATE_PAGE_SIZE) {
  return (index: number, previous: CandidatePage<unknown> | null) => {
    if (previous && !previous.meta.hasNextPage) return null;
    return [path, JSON.stringify(query), index + 1, pageSize] as const;
  };
}

export function useCandidatePages<T>(path: string, query: Record<string, string>, initial: CandidatePage<T> | null) {
  const result = useSWRInfinite<CandidatePage<T>>(
    pageKey(path, query),
    ([, , page, pageSize]: readonly [string, string, number, number]) => apiGet<CandidatePage<T>>(path, { ...query, page, pageSize }),
    { fallbackData: initial ? [initial] : undefined, revalidateFirstPage: false, revalidateOnFocus: false, revalidateIfStale: false, revalidateOnMount: !initial },
  );
  const pages = result.data ?? [];
  const items = pages.flatMap((page) => page.data);
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.meta.hasNextPage);
  const loadingMore = result.isValidating && result.size > pages.length;
  return { items, hasMore, loadingMore, error: result.error as unknown, loadMore: () => result.setSize(result.size + 1), reload: () => result.mutate(), loading: !initial && result.isLoading };
}
