import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getOffers } from '@/features/search/api/get-offers';
import { activeChips } from '@/features/search/chips';
import { CategoryNav } from '@/features/search/components/category-nav';
import { FilterChips } from '@/features/search/components/filter-chips';
import { MoreOffers } from '@/features/search/components/more-offers';
import { SortMenu } from '@/features/search/components/sort-menu';
import { SwitchLink } from '@/features/search/components/switch-link';
import { OfferCard } from '@/components/ui/offer-card';
import { SearchForm } from '@/components/ui/search-form';
import { getTranslator } from '@/i18n/request';
import { buildListHref, cityName, emptyFilters, PAGE_SIZE, parseListUrl, toApiQuery, withFilters } from '@/lib/filters';
import { formatNumber } from '@/lib/format';
import { env } from '@/config/env';

type Props = { params: Promise<{ slug: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(props: Props) {
  const [{ slug }, query, config, { locale, t }] = await Promise.all([props.params, props.searchParams, getConfig(), getTranslator()]);
  const parsed = parseListUrl(slug, query, config);
  return { slug, query, config, locale, t, ...parsed };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { filters, config, locale, t } = await load(props);
  const where = [filters.category ? config.categories.find((c) => c.slug === filters.category)?.label[locale] : null, filters.city ? cityName(config, filters.city, locale) : null]
    .filter(Boolean)
    .join(', ');
  const canonical = buildListHref(withFilters(filters, {}), config, locale);
  return {
    title: where ? `${t('list.title')}: ${where}` : t('list.title'),
    alternates: { canonical: `${env.siteUrl}${canonical}` },
  };
}

export default async function OffersListPage(props: Props) {
  const { query, config, locale, t, filters, dropped } = await load(props);

  // A search form sends the city as a query value, and malformed values are dropped:
  // both redirect to the canonical address of what was understood.
  const aligned = Math.floor(filters.from / PAGE_SIZE) * PAGE_SIZE;
  if ('city' in query || dropped.length || aligned !== filters.from) {
    redirect(buildListHref({ ...filters, from: aligned }, config, locale));
  }

  const apiQuery = toApiQuery(filters, config, { perPage: PAGE_SIZE });
  const page = await getOffers(apiQuery, locale);
  const total = page.meta.totalItems;
  const href = (changes: Parameters<typeof withFilters>[1]) => buildListHref(withFilters(filters, changes), config, locale);
  const chips = activeChips(filters, config, locale, t);
  const category = config.categories.find((c) => c.slug === filters.category);
  const subcategoryLabels = category?.children.filter((child) => filters.subcategories.includes(child.slug)).map((child) => child.label[locale]) ?? [];
  const whereParts = [
    category ? `${category.label[locale]}${subcategoryLabels.length ? ` (${subcategoryLabels.join(', ')})` : ''}` : null,
    filters.city ? cityName(config, filters.city, locale) + (filters.radius ? ` +${filters.radius} km` : '') : null,
  ].filter(Boolean);
  const countText = whereParts.length
    ? t('list.countIn', { count: total, n: formatNumber(total), where: whereParts.join(', ') })
    : t('list.count', { count: total, n: formatNumber(total) });
  const first = page.data.length ? filters.from + 1 : 0;
  const last = filters.from + page.data.length;
  const nextHref = last < total ? href({ from: filters.from + PAGE_SIZE }) : null;
  const previousHref = filters.from > 0 ? href({ from: Math.max(0, filters.from - PAGE_SIZE) }) : null;
  const layout = config.tenant.layout;
  const searchAction = buildListHref({ ...emptyFilters(), category: filters.category, subcategories: filters.subcategories }, config, locale).split('?')[0];
  const keep: [string, string][] = [];
  const keepQuery = new URLSearchParams(buildListHref(withFilters(filters, { keyword: null, city: null, radius: null }), config, locale).split('?')[1] ?? '');
  for (const [name, value] of keepQuery) keep.push([name, value]);

  return (
    <div className={`list-page list-page--${layout}`}>
      <div className="list-page__search">
        <SearchForm
          config={config}
          locale={locale}
          keyword={filters.keyword ?? ''}
          city={filters.city ? cityName(config, filters.city, locale) : ''}
          radius={filters.radius}
          hidden={keep}
          action={searchAction}
        />
      </div>
      <aside className="list-page__filters">
        <CategoryNav filters={filters} config={config} locale={locale} />
      </aside>
      <section className="list-page__results" aria-labelledby="count-heading">
        <div className="list-toolbar">
          <h1 id="count-heading" data-testid="count-heading">
            {countText}
          </h1>
          <div className="list-toolbar__controls">
            <SwitchLink href={href({ remote: !filters.remote })} checked={filters.remote} label={t('list.remote')} testId="switch-remote" />
            <SwitchLink href={href({ withSalary: !filters.withSalary })} checked={filters.withSalary} label={t('list.withSalary')} testId="switch-with-salary" />
            <SortMenu filters={filters} config={config} locale={locale} />
          </div>
        </div>
        <FilterChips chips={chips} clearHref={buildListHref(emptyFilters(), config, locale)} locale={locale} />
        {page.data.length === 0 ? (
          <div className="empty-state" data-testid="no-offers">
            <h2>{t('list.noOffers')}</h2>
            <p>{t('list.noOffersHint')}</p>
            {chips.length ? <a href={buildListHref(emptyFilters(), config, locale)}>{t('list.clearAll')}</a> : null}
          </div>
        ) : (
          <>
            {previousHref ? (
              <p className="pager">
                <a href={previousHref}>{t('list.previous')}</a> · {t('list.showing', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) })}
              </p>
            ) : null}
            <ul className="offer-list" data-testid="offer-list">
              {page.data.map((offer) => (
                <li key={offer.slug}>
                  <OfferCard offer={offer} locale={locale} headingLevel={2} />
                </li>
              ))}
              <MoreOffers
                key={apiQuery.toString()}
                apiQuery={apiQuery.toString()}
                firstPage={page.meta.page}
                totalPages={page.meta.totalPages}
                nextHref={nextHref}
                locale={locale}
              />
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
