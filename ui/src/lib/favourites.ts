/**
 * Favourites of the logged-in candidate, shared by every heart (cards, offer page, favourites
 * page) and the header's count badge (spec §4 "Favourite toggle"):
 * - each heart asks whether its offer is a favourite; the questions of one render are batched
 *   into `GET /v1/candidate/favourites?jobAdvertisementsIds[]=…` calls of at most 25 ids;
 * - a toggle updates the heart and the count at once (optimistic), then calls the API; on a
 *   failure both are refetched (silent rollback, spec §8).
 * `jobAdvertisementId` is the offer's `guid`.
 */
import useSWR, { mutate } from 'swr';
import { apiGet, ApiError } from './api-client';
import { apiWrite } from './api-write';
import type { CandidatePage, FavouriteItem } from './candidate';
import { forgetOnUnauthorized } from './session';

export const FAVOURITES_PATH = '/v1/candidate/favourites';
export const FAVOURITES_COUNT_KEY = `${FAVOURITES_PATH}/count`;
/** Spec §9: favourites are looked up in batches of 25. */
export const FAVOURITES_BATCH = 25;
const BATCH_WINDOW_MS = 10;

export const favouriteKey = (guid: string) => ['favourite', guid] as const;

/** The query of a favourites page, optionally limited to some offers (bracket arrays). */
export function favouritesQuery(page: number, pageSize: number, ids: readonly string[] = []): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const id of ids) query.append('jobAdvertisementsIds[]', id);
  return query;
}

/** Splits ids into the batches of the lookups (no duplicates, at most 25 each). */
export function batches<T>(items: readonly T[], size = FAVOURITES_BATCH): T[][] {
  const unique = [...new Set(items)];
  const result: T[][] = [];
  for (let index = 0; index < unique.length; index += size) result.push(unique.slice(index, index + size));
  return result;
}

export function getFavouritesPage(page: number, pageSize: number, ids: readonly string[] = []): Promise<CandidatePage<FavouriteItem>> {
  return apiGet<CandidatePage<FavouriteItem>>(FAVOURITES_PATH, favouritesQuery(page, pageSize, ids));
}

type Waiter = { resolve: (value: boolean) => void; reject: (error: unknown) => void };
let waiting = new Map<string, Waiter[]>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function flush(): Promise<void> {
  const current = waiting;
  waiting = new Map();
  timer = null;
  await Promise.all(
    batches([...current.keys()]).map(async (ids) => {
      try {
        const answer = await getFavouritesPage(1, ids.length, ids);
        const found = new Set(answer.data.map((item) => item.jobAdvertisementId));
        for (const id of ids) for (const waiter of current.get(id) ?? []) waiter.resolve(found.has(id));
      } catch (error) {
        for (const id of ids) for (const waiter of current.get(id) ?? []) waiter.reject(error);
      }
    }),
  );
}

/** Whether an offer is a favourite, asked together with the other hearts of the same moment. */
export function isFavourite(guid: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const list = waiting.get(guid) ?? [];
    list.push({ resolve, reject });
    waiting.set(guid, list);
    timer ??= setTimeout(() => void flush(), BATCH_WINDOW_MS);
  });
}

const QUIET = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, shouldRetryOnError: false, onError: forgetOnUnauthorized } as const;

/** Whether the offer is among the candidate's favourites (undefined while unknown or for guests). */
export function useIsFavourite(guid: string, enabled: boolean): boolean | undefined {
  const { data } = useSWR(enabled && guid ? favouriteKey(guid) : null, () => isFavourite(guid), QUIET);
  return data;
}

/** The header badge's count (undefined while unknown or for guests). */
export function useFavouritesCount(enabled: boolean): number | undefined {
  const { data } = useSWR(enabled ? FAVOURITES_COUNT_KEY : null, () => apiGet<{ count: number }>(FAVOURITES_COUNT_KEY), QUIET);
  return data?.count;
}

/** Adds (`favourite`) or removes an offer: optimistic, then the API, then a refetch on failure. */
export async function setFavourite(guid: string, favourite: boolean): Promise<boolean> {
  await mutate(favouriteKey(guid), favourite, { revalidate: false });
  await mutate<{ count: number }>(FAVOURITES_COUNT_KEY, (current) => (current ? { count: Math.max(0, current.count + (favourite ? 1 : -1)) } : current), { revalidate: false });
  try {
    if (favourite) await apiWrite('POST', FAVOURITES_PATH, { jobAdvertisementId: guid });
    else await apiWrite('DELETE', `${FAVOURITES_PATH}/${encodeURIComponent(guid)}`);
    return true;
  } catch (error) {
    // Already there / already gone: the wish holds, only the count may be off.
    const settled = error instanceof ApiError && ((favourite && error.status === 409) || (!favourite && error.status === 404));
    await Promise.all([settled ? null : mutate(favouriteKey(guid)), mutate(FAVOURITES_COUNT_KEY)]);
    return settled;
  }
}
