import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getBrandStory, getCompanyOffers, STORY_OFFERS } from '@/features/brands/api/get-brand-story';
import { companyTypeKey } from '@/features/brands/rules';
import { getConfig } from '@/features/config/api/get-config';
import { requestCurrency } from '@/features/currency/server';
import { OfferCard } from '@/components/ui/offer-card';
import { getTranslator } from '@/i18n/request';
import { ApiError } from '@/lib/api-client';
import { siteOrigin } from '@/lib/board-server';
import { buildListHref, emptyFilters, withFilters } from '@/features/search/filters';
import { formatNumber, salaryDisplayOf } from '@/lib/format';
import { paths } from '@/config/paths';
import type { BrandStory, Locale } from '@/lib/types';
import '@/features/brands/brands.css';

type Props = { params: Promise<{ slug: string }> };

async function loadStory(slug: string, locale: Locale): Promise<BrandStory> {
  try {
    return await getBrandStory(slug, locale);
  } catch (error) {
    if (error instanceof ApiError && (error.isNotFound || error.status === 400)) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { locale, t } = await getTranslator();
  const story = await getBrandStory(slug, locale).catch(() => null);
  if (!story) return { robots: { index: false } };
  return {
    title: t('brands.storyTitle', { company: story.name }),
    description: story.shortDescription ?? undefined,
    alternates: { canonical: `${await siteOrigin()}${paths.brandStory(story.slug)}` },
  };
}

/** A company's story: cover, logo, name, type, size, website, description, offers count and its current offers. */
export default async function BrandStoryPage({ params }: Props) {
  const { slug } = await params;
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  const story = await loadStory(slug, locale);
  const [offers, currency] = await Promise.all([getCompanyOffers(story.name, locale).catch(() => null), requestCurrency(config)]);
  const display = salaryDisplayOf(config.featureFlags, currency);
  const listHref = buildListHref(withFilters(emptyFilters(), { companies: [story.name] }), config, locale);
  const total = offers?.meta.totalItems ?? story.offersCount;
  const website = story.url && /^https?:\/\//.test(story.url) ? story.url : null;

  return (
    <article className="story-page" data-testid="brand-story">
      <nav aria-label={t('offer.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link href={paths.allOffers()}>{t('nav.allOffers')}</Link>
          </li>
          <li>
            <span aria-current="page">{story.name}</span>
          </li>
        </ol>
      </nav>
      <header className="story-hero">
        {story.coverPhotoUrl ? <img className="story-hero__cover" src={story.coverPhotoUrl} alt="" width={1040} height={220} /> : <div className="story-hero__cover" aria-hidden="true" />}
        <div className="story-hero__body">
          <img className="story-hero__logo" src={story.logoUrl} alt="" width={96} height={96} />
          <div>
            <h1 data-testid="story-name">{story.name}</h1>
            <ul className="story-hero__facts">
              <li data-testid="story-type">{t(companyTypeKey(story.type))}</li>
              {story.size ? <li>{t('brands.size', { size: story.size })}</li> : null}
              {website ? (
                <li>
                  <a href={website} rel="nofollow noopener noreferrer" target="_blank">
                    {t('brands.website')}
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
          <p className="story-hero__count" data-testid="story-offers-count">
            <strong>{formatNumber(total)}</strong> {t('brands.offersCount', { count: total, n: '' }).trim()}
          </p>
        </div>
      </header>
      {story.shortDescription ? (
        <section className="card story-about" aria-label={t('brands.teaser')}>
          <p>{story.shortDescription}</p>
          {/* Cleaned by the API's one HTML sanitiser (an allow-list of formatting tags). */}
          {story.description ? <div className="story-description" data-testid="story-description" dangerouslySetInnerHTML={{ __html: story.description }} /> : null}
          {story.technologies?.length ? (
            <ul className="story-technologies" aria-label={t('brands.technologies')} data-testid="story-technologies">
              {story.technologies.map((name) => (
                <li key={name} className="chip">
                  {name}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {story.images?.length ? (
        <section className="story-gallery" aria-label={t('brands.gallery')} data-testid="story-gallery">
          {story.images.map((url) => (
            <img key={url} src={url} alt="" width={320} height={200} loading="lazy" />
          ))}
        </section>
      ) : null}
      <section aria-labelledby="story-offers-heading" className="story-offers">
        <div className="story-offers__head">
          <h2 id="story-offers-heading">{t('brands.offersHeading', { company: story.name })}</h2>
          {total > 0 ? (
            <Link href={listHref} data-testid="story-list-link">
              {t('brands.allOffers')}
            </Link>
          ) : null}
        </div>
        {offers?.data.length ? (
          <ul className="offer-list" data-testid="story-offers">
            {offers.data.slice(0, STORY_OFFERS).map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} locale={locale} display={display} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('brands.noOffers')}</p>
        )}
      </section>
    </article>
  );
}
