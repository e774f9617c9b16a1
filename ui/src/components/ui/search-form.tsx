import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import type { BoardConfig, Locale } from '@/lib/types';

/**
 * Keyword + city + radius, submitted by GET to the list page, which turns the typed city into a
 * path segment (works without JavaScript). Other current filters can ride along as hidden inputs.
 */
export function SearchForm({
  config,
  locale,
  keyword = '',
  city = '',
  radius = null,
  hidden = [],
  id = 'search',
  action = paths.allOffers(),
}: {
  config: BoardConfig;
  locale: Locale;
  keyword?: string;
  city?: string;
  radius?: number | null;
  hidden?: [string, string][];
  id?: string;
  /** The list path the search refines (city is replaced by the typed one). */
  action?: string;
}) {
  const t = createTranslator(locale);
  const keywordName = config.urlParams.keyword?.[locale] ?? 'keyword';
  const radiusName = config.urlParams.radius?.[locale] ?? 'radius';
  return (
    <form className="search-form" role="search" method="get" action={action} aria-label={t('search.label')}>
      <div className="field field--grow">
        <label htmlFor={`${id}-keyword`}>{t('search.keyword')}</label>
        <input id={`${id}-keyword`} name={keywordName} type="search" defaultValue={keyword} maxLength={100} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`${id}-city`}>{t('search.city')}</label>
        <input id={`${id}-city`} name="city" type="text" defaultValue={city} list={`${id}-cities`} maxLength={80} autoComplete="off" />
        <datalist id={`${id}-cities`}>
          {config.topCities.map((entry) => (
            <option key={entry.slug} value={locale === 'en' && entry.nameEn ? entry.nameEn : entry.name} />
          ))}
        </datalist>
      </div>
      <div className="field field--narrow">
        <label htmlFor={`${id}-radius`}>{t('search.radius')}</label>
        <input id={`${id}-radius`} name={radiusName} type="number" min={0} max={500} step={1} inputMode="numeric" defaultValue={radius ?? ''} list={`${id}-radii`} />
        <datalist id={`${id}-radii`}>
          {config.filters.radius.map((entry) => (
            <option key={entry.slug} value={entry.slug} label={entry.label} />
          ))}
        </datalist>
      </div>
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--primary">
        {t('search.submit')}
      </button>
    </form>
  );
}
