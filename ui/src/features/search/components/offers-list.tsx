'use client';
/**
 * The offers list: the server-rendered page as plain markup (works without JavaScript), then a
 * window-virtualised list over offsets 0..total: pages of 100 load through `by-cursor` 200 ms
 * after the sentinel (the first skeleton row after the loaded offers) shows; skeleton rows while
 * loading, an error row with retry. Opening an offer writes its offset into the address as
 * `from` (history.replaceState) and the `offersListNavigation` cookie; coming back with `from`
 * loads enough pages and scrolls that offer to where it was.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { OfferCard } from '@/components/ui/offer-card';
import { createTranslator } from '@/i18n/translate';
import { hrefWithFrom, pageIndexOf, PAGE_SIZE } from '@/features/search/filters';
import type { SalaryDisplay } from '@/lib/format';
import type { Locale, Offer } from '@/lib/types';
import { apiWrite } from '@/lib/api-write';
import { useOfferPages } from '../api/use-offer-pages';
import type { CursorPage } from '../api/search-offers';
import { fromOfSearch, listIdentity, navigationCookie, readNavigationCookie, type ListNavigation } from '../list-navigation';

/** Spec: 10 skeleton rows, overscan 5, sentinel debounce 200 ms. */
export const SKELETON_ROWS = 10;
export const OVERSCAN = 5;
export const SENTINEL_DELAY_MS = 200;
const ESTIMATED_ROW = 126;
const ROW_GAP = 10;

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** Row sizes measured per list (API query), so Back within the session lands exactly. */
const measured = new Map<string, VirtualItem[]>();

type Row = { kind: 'offer'; offer: Offer } | { kind: 'skeleton'; sentinel: boolean } | { kind: 'error' };

export function OffersList({
  apiQuery,
  initial,
  locale,
  sort,
  currency,
  display,
}: {
  /** API query without paging (see `toApiQuery`). */
  apiQuery: string;
  /** The server-rendered page. */
  initial: CursorPage;
  locale: Locale;
  sort: { sortBy: string; orderBy: string };
  /** The list's currency (the request state's `params.currency`). */
  currency: string;
  /** How cards show salaries (chosen currency, unit, order). */
  display?: SalaryDisplay;
}) {
  const t = createTranslator(locale);
  const total = initial.meta.totalItems;
  const initialPage = pageIndexOf(initial.meta.from);
  // Where to scroll back to: the address's `from` (also after a client-side Back, when the
  // server-rendered props are those of the first visit).
  const [restore] = useState<{ from: number; navigation: ListNavigation | null } | null>(() => {
    if (typeof window === 'undefined') return null;
    const from = fromOfSearch(window.location.search);
    if (from === null || from >= total) return null;
    const navigation = readNavigationCookie(document.cookie);
    const same = navigation && navigation.from === from && navigation.path === listIdentity(window.location.pathname + window.location.search);
    return { from, navigation: same ? navigation : null };
  });
  const neededSize = Math.max(initialPage, restore ? pageIndexOf(restore.from) : 0) + 1;
  const { data, size, setSize, error, isValidating, mutate } = useOfferPages(apiQuery, initial, neededSize, locale);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (size < neededSize) void setSize(neededSize);
  }, [size, neededSize, setSize]);

  const pages = useMemo(() => {
    const list: (CursorPage | undefined)[] = [...(data ?? [])];
    if (!list[initialPage]) list[initialPage] = initial;
    return list;
  }, [data, initial, initialPage]);
  const requested = Math.min(total, size * PAGE_SIZE);
  const allLoaded = pages.length >= size && pages.slice(0, size).every(Boolean);
  const hasMore = requested < total;
  const rowCount = requested + (error ? 1 : hasMore ? SKELETON_ROWS : 0);
  const rowAt = useCallback(
    (index: number): Row => {
      if (index >= requested) {
        if (error) return { kind: 'error' };
        return { kind: 'skeleton', sentinel: true };
      }
      const page = pages[pageIndexOf(index)];
      const offer = page?.data[index - page.meta.from];
      return offer ? { kind: 'offer', offer } : { kind: 'skeleton', sentinel: false };
    },
    [requested, error, pages],
  );

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useIsomorphicLayoutEffect(() => {
    if (!mounted) return;
    const measure = () => {
      const element = listRef.current;
      if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    const toolbar = listRef.current?.parentElement;
    if (toolbar) observer.observe(toolbar);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [mounted]);

  const virtualizer = useWindowVirtualizer({
    count: mounted ? rowCount : 0,
    estimateSize: () => ESTIMATED_ROW,
    overscan: OVERSCAN,
    gap: ROW_GAP,
    scrollMargin,
    getItemKey: (index) => {
      const row = rowAt(index);
      return row.kind === 'offer' ? offerKey(index, row.offer.slug) : `${row.kind}:${index}`;
    },
    initialMeasurementsCache: measured.get(apiQuery),
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  });

  const loadMore = useCallback(() => {
    if (allLoaded && !error && hasMore) void setSize(size + 1);
  }, [allLoaded, error, hasMore, setSize, size]);

  // Back to the remembered offer once its page (and all before it) are in.
  const restored = useRef(false);
  useEffect(() => {
    if (!mounted || !restore || restored.current || !allLoaded || size < neededSize || scrollMargin === 0) return;
    restored.current = true;
    const wanted = restore.navigation ? restore.navigation.top : 16;
    const settle = () => {
      const row = document.querySelector<HTMLElement>(`[data-row-index="${restore.from}"]`);
      if (row) window.scrollBy(0, row.getBoundingClientRect().top - wanted);
    };
    // Sizes measured before leaving are reused (same session); else estimates, corrected below.
    const item = virtualizer.measurementsCache[restore.from];
    if (item) window.scrollTo(0, item.start - wanted);
    requestAnimationFrame(() => requestAnimationFrame(settle));
    const timers = [100, 250, 500].map((delay) => window.setTimeout(settle, delay));
    const done = window.setTimeout(() => {
      window.history.scrollRestoration = 'auto';
    }, 600);
    return () => [...timers, done].forEach((timer) => window.clearTimeout(timer));
  }, [mounted, restore, allLoaded, size, neededSize, scrollMargin, virtualizer]);

  const onClickCapture = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest('a[href]');
    const row = link?.closest<HTMLElement>('[data-row-index]');
    if (!link || !row || !link.getAttribute('href')?.startsWith('/job-offer/')) return;
    const from = Number(row.dataset.rowIndex);
    // Search analytics: which position of a text search was opened (nothing about the person).
    if (hasSearchText(apiQuery)) void apiWrite('POST', '/v1/search-clicks', { position: from + 1 }, { keepalive: true }).catch(() => undefined);
    const here = window.location.pathname + window.location.search;
    document.cookie = navigationCookie({ from, itemsCount: PAGE_SIZE, params: { sort, currency }, path: listIdentity(here), top: Math.round(row.getBoundingClientRect().top) });
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (mounted) measured.set(apiQuery, virtualizer.measurementsCache);
    // Our restore does the scrolling when coming back; the browser's would fight it.
    window.history.scrollRestoration = 'manual';
    window.history.replaceState(null, '', hrefWithFrom(here, from));
  };

  const loading = isValidating && !allLoaded;

  // Server render and hydration show the page the server fetched, as plain rows in the flow; once
  // mounted, the virtualiser takes over. Both use the same elements and keys, so React keeps the
  // server's rows that stay in view: nothing is painted twice, and the first paint stays the
  // largest one (an offer title), for Largest Contentful Paint.
  const rows: { key: string; index: number; row: Row; start: number | null }[] = mounted
    ? virtualizer.getVirtualItems().map((item) => ({ key: String(item.key), index: item.index, row: rowAt(item.index), start: item.start - virtualizer.options.scrollMargin }))
    : initial.data.map((offer, position) => {
        const index = initial.meta.from + position;
        return { key: offerKey(index, offer.slug), index, row: { kind: 'offer', offer }, start: null };
      });
  return (
    <>
      <div
        ref={listRef}
        className={mounted ? 'offer-list offer-list--virtual' : 'offer-list'}
        role="list"
        aria-label={t('search.list.label')}
        aria-busy={(mounted && loading) || undefined}
        data-testid="offer-list"
        data-loaded={mounted ? requested : undefined}
        style={mounted ? { height: virtualizer.getTotalSize() } : undefined}
        onClickCapture={onClickCapture}
      >
        {rows.map(({ key, index, row, start }) => (
          <div
            key={key}
            ref={mounted ? virtualizer.measureElement : undefined}
            data-index={index}
            data-row-index={index}
            role="listitem"
            aria-posinset={index + 1}
            aria-setsize={total}
            className="offer-list__row"
            style={start === null ? undefined : { transform: `translateY(${start}px)` }}
          >
            {row.kind === 'offer' ? (
              <OfferCard offer={row.offer} locale={locale} headingLevel={2} prefetch={false} display={display} />
            ) : row.kind === 'error' ? (
              <div className="offer-list__error" role="alert" data-testid="list-error">
                <p>{t('search.list.error')}</p>
                <button type="button" className="button button--small" onClick={() => void mutate()}>
                  {t('error.retry')}
                </button>
              </div>
            ) : (
              <SkeletonRow sentinel={row.sentinel} onVisible={loadMore} />
            )}
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {mounted && loading ? t('list.loading') : ''}
      </p>
      {mounted && !hasMore && total > PAGE_SIZE ? <p className="offer-list__end muted">{t('search.list.end', { count: total })}</p> : null}
    </>
  );
}

/** The React key of an offer row, shared by the server rows and the virtualiser. */
/** Whether an API list query searches text (keywords, titles, companies or skills). */
export function hasSearchText(apiQuery: string): boolean {
  const params = new URLSearchParams(apiQuery);
  return ['keywords[]', 'titles[]', 'companies[]', 'skills[]', 'keyword'].some((name) => params.getAll(name).some((value) => value.trim() !== ''));
}

function offerKey(index: number, slug: string): string {
  return `${index}:${slug}`;
}

/** A placeholder card; the trailing ones (sentinels) ask for the next page after being visible (or passed) for 200 ms. */
function SkeletonRow({ sentinel, onVisible }: { sentinel: boolean; onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!sentinel || !element) return;
    // While the sentinel stays visible, ask every 200 ms (the owner ignores asks while a page loads).
    let timer: number | undefined;
    const tick = () => {
      callback.current();
      timer = window.setTimeout(tick, SENTINEL_DELAY_MS);
    };
    // "Visible" includes having been scrolled past: a fast fling may jump over the row.
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        window.clearTimeout(timer);
        timer = visible ? window.setTimeout(tick, SENTINEL_DELAY_MS) : undefined;
      },
      { rootMargin: '1000000px 0px 0px 0px' },
    );
    observer.observe(element);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, [sentinel]);
  return <div ref={ref} className="skeleton-row offer-list__skeleton" aria-hidden="true" data-sentinel={sentinel || undefined} />;
}
