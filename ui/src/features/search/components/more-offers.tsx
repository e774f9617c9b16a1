'use client';
import { useMoreOffers } from '../api/search-offers';
import { OfferCard } from '@/components/ui/offer-card';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';

/**
 * "Load more": a plain link to `?from=` (no JavaScript), enhanced with SWR to append the next
 * pages in place.
 */
export function MoreOffers({ apiQuery, firstPage, totalPages, nextHref, locale }: { apiQuery: string; firstPage: number; totalPages: number; nextHref: string | null; locale: Locale }) {
  const t = createTranslator(locale);
  const { data, size, setSize, isLoading, isValidating, error } = useMoreOffers(apiQuery, firstPage, locale);
  const pages = (data ?? []).filter(Boolean);
  const loadedUpTo = firstPage + pages.length;
  const loading = isLoading || (isValidating && pages.length < size);
  const hasMore = nextHref !== null && loadedUpTo < totalPages;
  return (
    <>
      {pages.map((page) =>
        page.data.map((offer) => (
          <li key={`${page.meta.page}-${offer.slug}`}>
            <OfferCard offer={offer} locale={locale} headingLevel={2} />
          </li>
        )),
      )}
      {error ? (
        <li role="alert" className="alert alert--error">
          {t('error.body')}
        </li>
      ) : null}
      {hasMore ? (
        <li className="load-more">
          <a
            className="button"
            href={nextHref ?? undefined}
            data-testid="load-more"
            aria-busy={loading || undefined}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              if (!loading) void setSize(size + 1);
            }}
          >
            {loading ? t('list.loading') : t('list.loadMore')}
          </a>
        </li>
      ) : null}
    </>
  );
}
