import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { cookies } from 'next/headers';
import { listLayoutFor } from '@/features/theme/theme';
import { HORIZONTAL_THEME_COOKIE } from '@/lib/preference-cookies';
import { getConfig } from '@/features/config/api/get-config';
import { getConfigForCity } from '@/features/config/api/get-config-for-city';
import { getOffersFrom } from '@/features/search/api/get-offers';
import { activeChips } from '@/features/search/chips';
import { CategoryNav } from '@/features/search/components/category-nav';
import { FilterChips } from '@/features/search/components/filter-chips';
import { QueryNotes } from '@/features/search/components/query-notes';
import { DialogButton } from '@/features/search/components/dialog-button';
import { LazyListDialogs } from '@/features/search/components/list-dialogs-lazy';
import { ListProvider } from '@/features/search/components/list-context';
import { OffersList } from '@/features/search/components/offers-list';
import { RealTimeBidding } from '@/features/search/components/real-time-bidding';
import { realTimeBiddingSlugs } from '@/features/search/real-time-bidding';
import { cardOffer } from '@/features/search/api/search-offers';
import { SortMenu } from '@/features/search/components/sort-menu';
import { listHeading } from '@/features/search/heading';
import { jobAlertsEnabled, sortingEnabled } from '@/lib/flags';
import { SwitchLink } from '@/features/search/components/switch-link';
import { SearchForm } from '@/components/ui/search-form';
import { getTranslator } from '@/i18n/request';
import { activeCurrency, buildListHref, cityName, countActiveFilters, currencyChoosable, currencyHref, emptyFilters, urlCurrencyValue, pageIndexOf, PAGE_SIZE, parseListUrl, toApiQuery, toCursorQuery, withFilters } from '@/features/search/filters';
import { formatNumber, salaryDisplayOf } from '@/lib/format';
import { CurrencyMenu } from '@/features/currency/components/currency-menu';
import { requestCurrency } from '@/features/currency/server';
import { siteOrigin } from '@/lib/board-server';
import { paths } from '@/config/paths';
import { ListMapPanel } from '@/features/map/components/list-map-panel';
import { AddAlertButton, JobAlertBar } from '@/features/alerts/components/job-alert-bar';
import '@/features/search/search.css';

type Props = { params: Promise<{ slug: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(props: Props) {
  const [{ slug }, query, baseConfig, { locale, t }] = await Promise.all([props.params, props.searchParams, getConfig(), getTranslator()]);
  const parsed = parseListUrl(slug, query, baseConfig);
  const config = await getConfigForCity(parsed.filters.city);
  // An address whose path names no place, category or subcategory is no list: 404 (with the
  // search box and popular links), not "0 offers" under an invented name.
  const unknownPlace = parsed.filters.city !== null && !('city' in query) && !config.topCities.some((city) => city.slug === parsed.filters.city);
  if (parsed.unknownPath.length || unknownPlace) notFound();
  // The address's currency wins (an explicit default too, which is then dropped from the address);
  // without one the `wakat-currency` cookie applies (links then carry it).
  const currency = await requestCurrency(config, urlCurrencyValue(query, baseConfig));
  parsed.filters.currency = currency === config.defaultCurrency ? null : currency;
  return { slug, query, config, locale, t, ...parsed };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { filters, config, locale, t } = await load(props);
  const where = [filters.category ? config.categories.find((c) => c.slug === filters.category)?.label[locale] : null, filters.city ? cityName(config, filters.city, locale) : null]
    .filter(Boolean)
    .join(', ');
  const canonical = buildListHref(withFilters(filters, { currency: null }), config, locale);
  return {
    title: where ? `${t('list.title')}: ${where}` : t('list.title'),
    alternates: { canonical: `${await siteOrigin()}${canonical}` },
  };
}

export default async function OffersListPage(props: Props) {
  const { query, config, locale, t, filters, dropped } = await load(props);

  // A search form sends the city as a query value, and malformed values are dropped:
  // both redirect to the canonical address of what was understood. `from` may point inside a
  // page (the offer opened last); the page holding it is rendered and the list scrolls to it.
  if ('city' in query || dropped.length) redirect(buildListHref(filters, config, locale));

  const start = pageIndexOf(filters.from) * PAGE_SIZE;
  const page = await getOffersFrom(toCursorQuery(filters, config, start), locale);
  const total = page.meta.totalItems;
  if (start > 0 && start >= total) redirect(buildListHref({ ...filters, from: 0 }, config, locale));

  const href = (changes: Parameters<typeof withFilters>[1]) => buildListHref(withFilters(filters, changes), config, locale);
  const chips = activeChips(filters, config, locale, t);
  const category = config.categories.find((c) => c.slug === filters.category);
  const subcategoryLabels = category?.children.filter((child) => filters.subcategories.includes(child.slug)).map((child) => child.label[locale]) ?? [];
  const cityLabel = filters.city ? cityName(config, filters.city, locale) : null;
  const whereParts = [
    category ? `${category.label[locale]}${subcategoryLabels.length ? ` (${subcategoryLabels.join(', ')})` : ''}` : null,
    cityLabel ? cityLabel + (filters.radius ? ` +${filters.radius} km` : '') : null,
  ].filter(Boolean);
  const countText = listHeading(config.featureFlags, t, total, whereParts as string[]);
  const last = start + page.data.length;
  const nextHref = last < total ? href({ from: start + PAGE_SIZE }) : null;
  const previousHref = start > 0 ? href({ from: Math.max(0, start - PAGE_SIZE) }) : null;
  // The new look (horizontal layout) once the visitor accepted it (`horizontalTheme`).
  const layout = listLayoutFor(config.tenant.layout, config.featureFlags, (await cookies()).get(HORIZONTAL_THEME_COOKIE)?.value);
  const searchAction = buildListHref({ ...emptyFilters(), category: filters.category, subcategories: filters.subcategories }, config, locale).split('?')[0];
  const keepQuery = new URLSearchParams(buildListHref(withFilters(filters, { keyword: null, city: null, radius: null }), config, locale).split('?')[1] ?? '');
  const keep: [string, string][] = [...keepQuery.entries()];
  const filterCount = countActiveFilters(filters);
  const sort = config.filters.sort.find((option) => option.value === filters.sort) ?? config.filters.sort[0];
  const searchSummary = [filters.keyword, ...filters.titles, ...filters.companies, ...filters.skills].filter(Boolean).join(', ');
  // The map (features/map) fills the slot below (an empty slot takes no room).
  const currency = activeCurrency(filters, config);
  const display = salaryDisplayOf(config.featureFlags, currency);
  // "Clear all" clears the currency chip too (back to the default, explicitly: see currencyHref).
  const clearHref = filters.currency ? currencyHref(emptyFilters(), config, locale, config.defaultCurrency) : buildListHref(emptyFilters(), config, locale);
  // Saved searches and job alerts (issue 10), behind the board's `jobAlerts` flag.
  const alertsOn = jobAlertsEnabled(config.featureFlags);
  const map = <ListMapPanel filters={filters} config={config} locale={locale} />;
  // `realTimeBidding`: the unfiltered list (sort and currency aside) tells the ad scripts its first offers.
  const biddingSlugs = realTimeBiddingSlugs(config.featureFlags, filters, page.data);

  return (
    <ListProvider config={config} filters={filters} locale={locale}>
      <div className={`list-page list-page--${layout}${map ? ' list-page--with-map' : ''}`} data-layout={layout}>
        <div className="list-page__search">
          <div className="list-search list-search--inline">
            <SearchForm
              config={config}
              locale={locale}
              keyword={filters.keyword ?? ''}
              city={cityLabel ?? ''}
              radius={filters.radius}
              hidden={keep}
              action={searchAction}
            />
          </div>
          <DialogButton modal="search" className="list-search__trigger" testId="open-search-drawer">
            <span className="list-search__icon" aria-hidden="true">⌕</span>
            <span className="list-search__summary">
              <strong>{searchSummary || t('search.keywordPlaceholder')}</strong>
              <span>{cityLabel ? `${cityLabel}${filters.radius ? ` +${filters.radius} km` : ''}` : t('search.anyLocation')}</span>
            </span>
          </DialogButton>
        </div>
        {layout === 'column' ? null : (
          <div className={`list-page__categories list-page__categories--${layout}`}>
            <CategoryNav filters={filters} config={config} locale={locale} />
          </div>
        )}
        {layout === 'column' ? (
          <aside className="list-page__filters" aria-label={t('list.filters')}>
            <CategoryNav filters={filters} config={config} locale={locale} />
          </aside>
        ) : null}
        <section className="list-page__results" aria-labelledby="count-heading">
          <div className="list-toolbar">
            <h1 id="count-heading" data-testid="count-heading">
              {countText}
            </h1>
          </div>
          <div className="filter-bar" role="group" aria-label={t('list.filters')}>
            <DialogButton modal="location" testId="open-location" className={`filter-button${cityLabel ? ' filter-button--active' : ''}`}>
              <span aria-hidden="true">◎</span> {cityLabel ? `${cityLabel}${filters.radius ? ` +${filters.radius} km` : ''}` : t('search.location')}
            </DialogButton>
            <DialogButton modal="more-filters" testId="open-more-filters" className={`filter-button${filterCount ? ' filter-button--active' : ''}`}>
              {t('search.moreFilters')}
              {filterCount ? <span className="filter-button__badge">{filterCount}</span> : null}
            </DialogButton>
            <DialogButton modal="categories" testId="open-categories" className={`filter-button filter-button--mobile${filters.category ? ' filter-button--active' : ''}`}>
              {category ? category.label[locale] : t('list.categories')}
            </DialogButton>
            <span className="filter-bar__spacer" />
            <SwitchLink href={href({ remote: !filters.remote })} checked={filters.remote} label={t('list.remote')} testId="switch-remote" />
            <SwitchLink href={href({ withSalary: !filters.withSalary })} checked={filters.withSalary} label={t('list.withSalary')} testId="switch-with-salary" />
            {sortingEnabled(config.featureFlags) ? <SortMenu /> : null}
            {currencyChoosable(config) ? (
              <CurrencyMenu
                current={currency}
                label={t('search.currency')}
                locale={locale}
                choices={config.currencies.map((code) => ({ currency: code, href: currencyHref(filters, config, locale, code) }))}
              />
            ) : null}
          </div>
          <FilterChips chips={chips} clearHref={clearHref} locale={locale} />
          <QueryNotes notes={page.meta.search} filters={filters} locale={locale} href={(target) => buildListHref(target, config, locale)} />
          {alertsOn ? <JobAlertBar config={config} filters={filters} locale={locale} privacyHref={`${paths.terms()}/privacy-policy`} /> : null}
          {page.data.length === 0 ? (
            <div className="empty-state" data-testid="no-offers">
              <div className="empty-state__icon" aria-hidden="true">∅</div>
              <h2>{t('list.noOffers')}</h2>
              <p>{t('list.noOffersHint')}</p>
              {alertsOn ? <AddAlertButton label={t('alerts.prompt.empty')} /> : null}
              {chips.length ? (
                <Link className="button button--primary" href={clearHref} prefetch={false}>
                  {t('list.clearAll')}
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              {previousHref ? (
                <noscript>
                  <p className="pager">
                    <a href={previousHref}>{t('list.previous')}</a> · {t('list.showing', { first: formatNumber(start + 1), last: formatNumber(last), total: formatNumber(total) })}
                  </p>
                </noscript>
              ) : null}
              {biddingSlugs ? <RealTimeBidding slugs={biddingSlugs} /> : null}
              <OffersList
                key={toApiQuery(filters, config).toString()}
                apiQuery={toApiQuery(filters, config).toString()}
                initial={{ ...page, data: page.data.map((offer) => cardOffer(offer, currency)) }}
                locale={locale}
                sort={{ sortBy: sort.sortBy, orderBy: sort.orderBy }}
                currency={currency}
                display={display}
              />
              {nextHref ? (
                <noscript>
                  <p className="load-more">
                    <a className="button" href={nextHref} data-testid="load-more">
                      {t('list.loadMore')}
                    </a>
                  </p>
                </noscript>
              ) : null}
            </>
          )}
        </section>
        <div className="list-page__map" data-slot="map" id="list-map">
          {map}
        </div>
      </div>
      <LazyListDialogs />
    </ListProvider>
  );
}
