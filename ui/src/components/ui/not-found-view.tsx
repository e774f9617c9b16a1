import Link from 'next/link';
import { SearchForm } from '@/components/ui/search-form';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import type { BoardConfig, Locale } from '@/lib/types';

/** How many categories and cities the 404 page offers as a way back. */
const POPULAR_LINKS = 8;

/**
 * A board's 404: what went wrong, the search box, and the popular categories and cities (when the
 * board's configuration could be read), so an address that names nothing is a step, not an end.
 */
export function NotFoundView({ locale, config }: { locale: Locale; config: BoardConfig | null }) {
  const t = createTranslator(locale);
  return (
    <div className="status-page" data-testid="not-found">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      {config ? (
        <>
          <SearchForm config={config} locale={locale} id="not-found-search" />
          <nav aria-label={t('notFound.popular')} className="status-page__links" data-testid="not-found-links">
            <h2>{t('notFound.popular')}</h2>
            <ul className="pills">
              {config.categories.slice(0, POPULAR_LINKS).map((category) => (
                <li key={category.slug}>
                  <Link className="pill" href={paths.category(category.slug)}>
                    {category.label[locale]}
                  </Link>
                </li>
              ))}
              {config.topCities.slice(0, POPULAR_LINKS).map((city) => (
                <li key={city.slug}>
                  <Link className="pill" href={paths.city(city.slug)}>
                    {locale === 'en' && city.nameEn ? city.nameEn : city.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </>
      ) : null}
      <Link className="button button--primary" href={paths.allOffers()}>
        {t('notFound.back')}
      </Link>
    </div>
  );
}
