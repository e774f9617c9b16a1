/** Server part of the offer page's map: picks the offer's locations (all of a multi-location offer). */
import { OfferLocationMap } from './offer-location-map';
import type { MapLocation } from './location-map';
import type { Locale, Offer } from '@/lib/types';

export function offerLocations(offer: Pick<Offer, 'slug' | 'city' | 'street' | 'latitude' | 'longitude' | 'multilocation'>): MapLocation[] {
  const own: MapLocation = { slug: offer.slug, city: offer.city, street: offer.street, latitude: offer.latitude, longitude: offer.longitude };
  const others = offer.multilocation.filter((location) => location.slug !== offer.slug);
  return [own, ...others.map(({ slug, city, street, latitude, longitude }) => ({ slug, city, street, latitude, longitude }))];
}

export function OfferMap({ offer, locale }: { offer: Offer; locale: Locale }) {
  return <OfferLocationMap locations={offerLocations(offer)} current={offer.slug} locale={locale} />;
}
