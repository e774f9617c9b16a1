import { paths } from '@/config/paths';
import { SearchBar } from '@/features/search/components/search-bar';
import type { BoardConfig, Locale } from '@/lib/types';

/**
 * Keyword + city + radius, submitted by GET to the list page, which turns the typed city into a
 * path segment (works without JavaScript). With JavaScript the keyword suggests titles, companies
 * and skills (3+ characters; shorter input shows the last 8 searches) and the city lists the last
 * 5 locations and popular cities. Other current filters can ride along as hidden inputs.
 * A server component: it hands only what the bar needs to the client.
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
  submitLabel,
  hideSubmit,
  formId,
  autoFocus,
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
  submitLabel?: string;
  hideSubmit?: boolean;
  formId?: string;
  autoFocus?: boolean;
}) {
  return (
    <SearchBar
      locale={locale}
      id={id}
      action={action}
      keyword={keyword}
      city={city}
      radius={radius}
      hidden={hidden}
      cities={config.topCities}
      radii={config.filters.radius}
      keywordName={config.urlParams.keyword?.[locale] ?? 'keyword'}
      radiusName={config.urlParams.radius?.[locale] ?? 'radius'}
      suggestMinChars={config.limits.suggestMinChars ?? 3}
      submitLabel={submitLabel}
      hideSubmit={hideSubmit}
      formId={formId}
      autoFocus={autoFocus}
    />
  );
}
