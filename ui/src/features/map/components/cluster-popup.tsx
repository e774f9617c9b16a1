'use client';
import { useEffect, useRef, type ReactNode } from 'react';
import Link from 'next/link';
import { useMarkers } from '../api/get-markers';
import type { MapCluster } from '../api/get-clusters';
import { createTranslator } from '@/i18n/translate';
import { paths } from '@/config/paths';
import { formatNumber, formatSalary, headlineEmploymentType } from '@/lib/format';
import type { Locale, Offer } from '@/lib/types';

/** One offer of a map popup: logo, title link, company and city, salary (rows have a fixed height: six show before the list scrolls). */
export function OfferRow({ offer, locale }: { offer: Offer; locale: Locale }) {
  const t = createTranslator(locale);
  const employment = headlineEmploymentType(offer);
  const salary = employment ? formatSalary(employment, locale) : null;
  return (
    <li className="map-popup__row">
      {offer.companyLogoThumbUrl ? <img className="map-popup__logo" src={offer.companyLogoThumbUrl} alt="" width={32} height={32} loading="lazy" /> : <span className="map-popup__logo" aria-hidden="true" />}
      <span className="map-popup__text">
        <Link href={paths.offer(offer.slug)} className="map-popup__link" data-testid="map-popup-offer">
          {offer.title}
        </Link>
        <span className="map-popup__meta">
          {offer.companyName} · {offer.city}
        </span>
        <span className={salary ? 'map-popup__salary' : 'map-popup__salary map-popup__salary--none'}>{salary ?? t('map.undisclosed')}</span>
      </span>
    </li>
  );
}

/** The frame of a map popup: its title, optional actions and the close button; Escape closes it. */
export function PopupFrame({
  titleId,
  title,
  locale,
  onClose,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  locale: Locale;
  onClose: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = createTranslator(locale);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section className="map-popup__body" aria-labelledby={titleId} data-testid="map-popup">
      <header className="map-popup__header">
        <h2 id={titleId} className="map-popup__title">
          {title}
        </h2>
        {actions}
        <button type="button" className="map-popup__close" onClick={onClose} aria-label={t('map.close')} data-testid="map-popup-close">
          ×
        </button>
      </header>
      {children}
    </section>
  );
}

/**
 * The offers of one cluster, 20 per request. The list shows up to 6 rows and then scrolls
 * (`.map-popup__list` max-height); reaching its end loads the next page.
 */
export function ClusterPopup({
  apiQuery,
  cluster,
  locale,
  onClose,
  onZoomIn,
}: {
  apiQuery: string;
  cluster: MapCluster;
  locale: Locale;
  onClose: () => void;
  onZoomIn?: () => void;
}) {
  const t = createTranslator(locale);
  const { data, size, setSize, isLoading, isValidating, error } = useMarkers(apiQuery, cluster.region || cluster.id, locale);
  const pages = (data ?? []).filter(Boolean);
  const offers = pages.flatMap((page) => page.data);
  const total = pages[0]?.meta.totalItems ?? cluster.count;
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last && last.meta.page < last.meta.totalPages);
  const loading = isLoading || (isValidating && pages.length < size);
  const sentinel = useRef<HTMLLIElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || loading) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void setSize((current) => current + 1);
    }, { root: list.current, rootMargin: '40px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, loading, setSize]);

  return (
    <PopupFrame
      titleId="map-popup-title"
      title={t('map.popupTitle', { count: total, n: formatNumber(total) })}
      locale={locale}
      onClose={onClose}
      actions={
        onZoomIn ? (
          <button type="button" className="map-popup__action" onClick={onZoomIn}>
            {t('map.zoomIn')}
          </button>
        ) : null
      }
    >
      {error ? (
        <p role="alert" className="map-popup__status">
          {t('map.error')}
        </p>
      ) : null}
      {!error && !loading && offers.length === 0 ? <p className="map-popup__status">{t('map.noOffers')}</p> : null}
      <ul className="map-popup__list" ref={list} data-testid="map-popup-list" tabIndex={-1}>
        {offers.map((offer) => (
          <OfferRow key={offer.slug} offer={offer} locale={locale} />
        ))}
        {hasMore ? (
          <li ref={sentinel} className="map-popup__more">
            <button type="button" className="map-popup__action" disabled={loading} onClick={() => void setSize(size + 1)}>
              {loading ? t('map.loadingOffers') : t('map.loadMore')}
            </button>
          </li>
        ) : null}
      </ul>
      {loading && offers.length === 0 ? <p className="map-popup__status">{t('map.loadingOffers')}</p> : null}
    </PopupFrame>
  );
}
