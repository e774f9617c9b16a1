import Link from 'next/link';
import { paths } from '@/config/paths';
import { cardEmploymentType, formatSalary, locationLabel, type SalaryDisplay } from '@/lib/format';
import type { Locale, Offer } from '@/lib/types';
import { createTranslator, type MessageKey } from '@/i18n/translate';
import { FavouriteButton } from './favourite-button';

/** One offer in a list: title link (the whole card is clickable), company, logo, location, salary, skills, 'new' badge. */
export function OfferCard({
  offer,
  locale,
  headingLevel = 3,
  prefetch,
  display,
}: {
  offer: Offer;
  locale: Locale;
  headingLevel?: 2 | 3;
  /** Passed to next/link; long lists turn it off. */
  prefetch?: boolean;
  /**
   * The chosen currency and the board's flags (`payUnitDisplay`, `sortEmploymentTypesBySalary`);
   * without it the salary shows in the offer's own currency, with its unit, largest first.
   */
  display?: SalaryDisplay;
}) {
  const t = createTranslator(locale);
  const employment = cardEmploymentType(offer, display?.sortBySalary ?? true);
  const salary = employment ? formatSalary(employment, locale, display?.currency, { unit: display?.unit ?? true }) : null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="offer-card" data-testid="offer-card">
      {offer.companyLogoThumbUrl ? (
        <img className="offer-card__logo" src={offer.companyLogoThumbUrl} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="offer-card__logo" aria-hidden="true" />
      )}
      <div className="offer-card__main">
        <Heading className="offer-card__title">
          <Link href={paths.offer(offer.slug)} prefetch={prefetch}>
            {offer.title}
          </Link>
          {offer.isNew ? <span className="badge badge--new">{t('offer.new')}</span> : null}
        </Heading>
        <p className="offer-card__company">{offer.companyName}</p>
        <p className="offer-card__meta">
          <span>{locationLabel(offer, locale)}</span>
          <span aria-hidden="true"> · </span>
          <span>{t(`workplace.${offer.workplaceType}` as MessageKey)}</span>
        </p>
        {offer.requiredSkills.length ? (
          <ul className="skills" aria-label={t('offer.requiredSkills')}>
            {offer.requiredSkills.slice(0, 4).map((skill) => (
              <li key={skill.name}>{skill.name}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className={salary ? 'offer-card__salary' : 'offer-card__salary offer-card__salary--none'} data-testid="offer-card-salary">{salary ?? t('offer.undisclosed')}</p>
      {/* Above the card's stretched link; renders nothing without the favourites flag. */}
      <FavouriteButton guid={offer.guid} title={offer.title} locale={locale} wrapperClassName="offer-card__heart" testId="card-favourite" />
    </article>
  );
}
