import Link from 'next/link';
import { getConfig } from '@/features/config/api/get-config';
import { getOffers, getOffersCount } from '@/features/search/api/get-offers';
import { OfferCard } from '@/components/ui/offer-card';
import { SearchForm } from '@/components/ui/search-form';
import { getTranslator } from '@/i18n/request';
import { buildListHref, emptyFilters, withFilters } from '@/lib/filters';
import { formatNumber } from '@/lib/format';
import { paths } from '@/config/paths';

export default async function HomePage() {
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  const [count, newest] = await Promise.all([
    getOffersCount(undefined, locale),
    getOffers(new URLSearchParams({ withSalary: 'true', sortBy: 'newest', orderBy: 'DESC', perPage: '12' }), locale).catch(() => null),
  ]);
  const categories = config.categories.filter((category) => category.slug !== 'it');
  const visible = config.limits.visibleCategories ?? 8;
  const categoryLink = (slug: string) => paths.category(slug);
  const categoryItem = (category: (typeof categories)[number]) => (
    <li key={category.slug}>
      <Link className="category-tile" href={categoryLink(category.slug)}>
        <span className="category-tile__icon" aria-hidden="true">
          {category.label[locale].slice(0, 2)}
        </span>
        {category.label[locale]}
      </Link>
    </li>
  );
  const cityName = (city: (typeof config.topCities)[number]) => (locale === 'en' && city.nameEn ? city.nameEn : city.name);

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t('home.heading')}</h1>
        <p className="hero__count" data-testid="offers-count">
          {t('home.count', { count, n: formatNumber(count) })}
        </p>
        <SearchForm config={config} locale={locale} id="home-search" />
      </section>

      <section aria-labelledby="categories-heading" className="section">
        <h2 id="categories-heading">{t('home.categories')}</h2>
        <ul className="category-grid">{categories.slice(0, visible).map(categoryItem)}</ul>
        {categories.length > visible ? (
          <details className="more">
            <summary>{t('home.showMore')}</summary>
            <ul className="category-grid">{categories.slice(visible).map(categoryItem)}</ul>
          </details>
        ) : null}
      </section>

      {newest?.data.length ? (
        <section aria-labelledby="newest-heading" className="section">
          <div className="section__head">
            <h2 id="newest-heading">{t('home.newWithSalary')}</h2>
            <Link href={buildListHref(withFilters(emptyFilters(), { withSalary: true, sort: 'newest' }), config, locale)}>{t('home.seeAll')}</Link>
          </div>
          <ul className="carousel" data-testid="newest-offers" tabIndex={0} aria-label={t('home.newWithSalary')}>
            {newest.data.map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section seo-links" aria-labelledby="seo-categories">
        <div>
          <h2 id="seo-categories">{t('home.seoCategories')}</h2>
          <ul>
            {categories.map((category) => (
              <li key={category.slug}>
                <Link href={categoryLink(category.slug)}>{t('home.jobsFor', { category: category.label[locale] })}</Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2>{t('home.seoCities')}</h2>
          <ul>
            {config.topCities.map((city) => (
              <li key={city.slug}>
                <Link href={paths.city(city.slug)}>{t('home.jobsIn', { city: cityName(city) })}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
