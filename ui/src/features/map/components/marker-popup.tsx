'use client';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { Locale, Offer } from '@/lib/types';
import { OfferRow, PopupFrame } from './cluster-popup';

/** The offers of one marker (already loaded with the view's markers): six rows before the list scrolls. */
export function MarkerPopup({ offers, locale, onClose }: { offers: Offer[]; locale: Locale; onClose: () => void }) {
  const t = createTranslator(locale);
  const title = offers.length === 1 ? offers[0].city : t('map.popupTitle', { count: offers.length, n: formatNumber(offers.length) });
  return (
    <PopupFrame titleId="map-marker-popup-title" title={title} locale={locale} onClose={onClose}>
      <ul className="map-popup__list" data-testid="map-popup-list" tabIndex={-1}>
        {offers.map((offer) => (
          <OfferRow key={offer.slug} offer={offer} locale={locale} />
        ))}
      </ul>
    </PopupFrame>
  );
}
