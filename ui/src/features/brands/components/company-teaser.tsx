import Link from 'next/link';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { formatNumber } from '@/lib/format';
import type { BrandStory, Locale } from '@/lib/types';
import { companyTypeKey } from '../rules';
import '../brands.css';

/** The offer page's company-profile teaser (from `short-info`): cover, logo, name, type, description, offers, and the way to the story. */
export function CompanyTeaser({ story, locale }: { story: BrandStory; locale: Locale }) {
  const t = createTranslator(locale);
  return (
    <section className="card company-teaser" aria-labelledby="company-teaser-heading" data-testid="company-teaser">
      {story.coverPhotoUrl ? <img className="company-teaser__cover" src={story.coverPhotoUrl} alt="" width={320} height={96} loading="lazy" /> : null}
      <div className="company-teaser__body">
        <p className="company-teaser__kicker">{t('brands.teaser')}</p>
        <div className="company-teaser__title">
          <img className="company-teaser__logo" src={story.logoUrl} alt="" width={44} height={44} loading="lazy" />
          <div>
            <h2 id="company-teaser-heading">{story.name}</h2>
            <p className="muted">
              {t(companyTypeKey(story.type))}
              {story.size ? ` · ${t('brands.size', { size: story.size })}` : ''}
            </p>
          </div>
        </div>
        {story.shortDescription ? <p className="company-teaser__text">{story.shortDescription}</p> : null}
        <p className="company-teaser__count">{t('brands.offersCount', { count: story.offersCount, n: formatNumber(story.offersCount) })}</p>
        <Link className="button button--small" href={paths.brandStory(story.slug)} data-testid="company-profile-link">
          {t('brands.profile')}
        </Link>
      </div>
    </section>
  );
}
