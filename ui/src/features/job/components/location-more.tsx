import Link from 'next/link';
import { paths } from '@/config/paths';
import type { OfferLocation } from '@/lib/types';

/** The card's location: the city, and '+N more' opening the list of the other locations (works without JavaScript). */
export function LocationMore({ city, street, others, moreLabel, listLabel }: { city: string; street: string | null; others: OfferLocation[]; moreLabel: string; listLabel: string }) {
  const place = street ? `${city}, ${street}` : city;
  if (!others.length) return <p className="offer-header__location" data-testid="offer-location">{place}</p>;
  return (
    <div className="offer-header__location" data-testid="offer-location">
      <span>{place}</span>{' '}
      <details className="location-more">
        <summary data-testid="location-more">{moreLabel}</summary>
        <ul aria-label={listLabel}>
          {others.map((location) => (
            <li key={location.slug}>
              <Link href={paths.offer(location.slug)}>{location.street ? `${location.city}, ${location.street}` : location.city}</Link>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
