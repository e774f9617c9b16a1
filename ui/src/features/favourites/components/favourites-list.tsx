'use client';
/**
 * The favourites page's list (`GET /v1/candidate/favourites`, 20 a page, "show more"): each offer
 * as a card with its heart (un-hearting keeps the card until the next visit, so a slip can be
 * undone); offers that are gone say so and can be removed.
 */
import Link from 'next/link';
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { OfferCard } from '@/components/ui/offer-card';
import { FavouriteButton } from '@/components/ui/favourite-button';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import type { CandidatePage, FavouriteItem } from '@/lib/candidate';
import { useCandidatePages } from '@/lib/candidate-pages';
import { FAVOURITES_PATH, favouriteKey } from '@/lib/favourites';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/types';

const NO_QUERY = {};

export function FavouritesList({ locale, initial }: { locale: Locale; initial: CandidatePage<FavouriteItem> | null }) {
  const t = createTranslator(locale);
  const { items, hasMore, loadMore, loadingMore, error, loading } = useCandidatePages<FavouriteItem>(FAVOURITES_PATH, NO_QUERY, initial);
  const { cache, mutate } = useSWRConfig();
  // Every listed offer is a favourite: its heart needs no lookup.
  useEffect(() => {
    for (const item of items) {
      const key = favouriteKey(item.jobAdvertisementId);
      if (cache.get(JSON.stringify(key)) === undefined) void mutate(key, true, { revalidate: false });
    }
  }, [items, cache, mutate]);

  if (loading) return <div className="skeleton-list" aria-busy="true"><div className="skeleton-row" /><div className="skeleton-row" /></div>;
  if (error && !items.length) return <p role="alert" className="alert alert--error">{t('account.errors.generic')}</p>;
  if (!items.length) {
    return (
      <div className="empty-state" data-testid="favourites-empty">
        <p>{t('favourites.empty')}</p>
        <Link className="button button--primary" href={paths.allOffers()}>
          {t('favourites.browse')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="offer-list" data-testid="favourites-list">
        {items.map((item) => (
          <li key={item.jobAdvertisementId} className="candidate-item" data-testid="favourite-item" data-guid={item.jobAdvertisementId}>
            {item.offer ? (
              <OfferCard offer={item.offer} locale={locale} headingLevel={2} />
            ) : (
              <article className="offer-card offer-card--gone">
                <span className="offer-card__logo" aria-hidden="true" />
                <p className="offer-card__main">{t('favourites.gone')}</p>
                <FavouriteButton guid={item.jobAdvertisementId} title={t('favourites.gone')} locale={locale} wrapperClassName="offer-card__heart" testId="card-favourite" />
              </article>
            )}
            <p className="candidate-item__meta muted">{t('favourites.addedAt', { date: formatDate(item.addedAt, locale) })}</p>
          </li>
        ))}
      </ul>
      {hasMore ? (
        <p className="load-more">
          <button type="button" className="button" onClick={() => void loadMore()} disabled={loadingMore}>
            {t('favourites.more')}
          </button>
        </p>
      ) : null}
    </>
  );
}
