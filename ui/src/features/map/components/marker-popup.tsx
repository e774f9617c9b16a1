'use client';
import { useEffect } from 'react';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { Locale, Offer } from '@/lib/types';
import { OfferRow } from './cluster-popup';

/** The offers of one marker (already loaded with the view's markers): six rows before the list scrolls. */
export function MarkerPopup({ offers, locale, onClose }: { offers: Offer[]; locale: Locale; onClose: () => void }) {
  const t = createTranslator(locale);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section className="map-popup__body" aria-labelledby="map-marker-popup-title" data-testid="map-popup">
      <header className="map-popup__header">
        <h2 id="map-marker-popup-title" className="map-popup__title">
          {offers.length === 1 ? offers[0].city : t('map.popupTitle', { count: offers.length, n: formatNumber(offers.length) })}
        </h2>
        <button type="button" className="map-popup__close" onClick={onClose} aria-label={t('map.close')} data-testid="map-popup-close">
          ×
        </button>
      </header>
      <ul className="map-popup__list" data-testid="map-popup-list" tabIndex={-1}>
        {offers.map((offer) => (
          <OfferRow key={offer.slug} offer={offer} locale={locale} />
        ))}
      </ul>
    </section>
  );
}
