/**
 * `/employer/offers`: the company's offers by state (tabs), title search and paging, each with
 * its counters and a link to its manage page; then the statistics of a date range: totals, a
 * chart (client) beside the server-rendered figures day by day and per offer, and the CSV.
 * Everything but the chart is plain HTML and GET forms: the page works without JavaScript.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { StatsChart } from '@/features/employer/panel/components/stats-chart';
import { StatsTotals } from '@/features/employer/panel/components/stats-totals';
import { offersHref, offersQuery, offersView, percent, statisticsCsvHref, statisticsQuery, type OffersView } from '@/features/employer/panel/query';
import { PANEL_STATES, type Counts, type PanelOffers, type Statistics } from '@/features/employer/panel/types';
import { getTranslator } from '@/i18n/request';
import { ApiError } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { getConfig } from '@/features/config/api/get-config';
import { candidateChatEnabled } from '@/lib/flags';
import '@/features/employer/panel/panel.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerOffers.title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function EmployerOffersPage({ searchParams }: { searchParams: SearchParams }) {
  await requireEmployer(employerPaths.offers());
  const view = offersView(await searchParams);
  const { locale, t } = await getTranslator();
  const board = await boardSlug();
  const [offers, stats, chat] = await Promise.all([
    employerServerGet<PanelOffers>('/v2/employer-panel/offers', offersQuery(view), locale),
    employerServerGet<Statistics>('/v2/employer-panel/offers/statistics', statisticsQuery(view), locale).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 400) return null;
      throw error;
    }),
    // Active offers link to "Candidates for this offer" on boards with the chat.
    getConfig().then((config) => candidateChatEnabled(config.featureFlags), () => false),
  ]);
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '–');
  const allCount = PANEL_STATES.reduce((sum, state) => sum + offers.states[state], 0);
  const pages = Math.max(1, Math.ceil(offers.meta.total / offers.meta.pageSize));
  const tab = (state: OffersView['state'], label: string, count: number) => (
    <li key={state ?? 'all'}>
      <Link href={offersHref({ ...view, state, page: 1 })} aria-current={view.state === state ? 'page' : undefined} data-testid={`offers-tab-${state ?? 'all'}`}>
        {label} ({count})
      </Link>
    </li>
  );
  const countCells = (counts: Counts) => (
    <>
      <td className="panel-num" data-label={t('employerOffers.views')}>{number(counts.views)}</td>
      <td className="panel-num" data-label={t('employerOffers.applications')}>{number(counts.applications)}</td>
      <td className="panel-num" data-label={t('employerOffers.redirects')}>{number(counts.redirects)}</td>
      <td className="panel-num" data-label={t('employerOffers.applicationRate')}>{percent(counts.applicationRate, locale)}</td>
    </>
  );
  const countHeads = (
    <>
      <th scope="col" className="panel-num">{t('employerOffers.views')}</th>
      <th scope="col" className="panel-num">{t('employerOffers.applications')}</th>
      <th scope="col" className="panel-num">{t('employerOffers.redirects')}</th>
      <th scope="col" className="panel-num">{t('employerOffers.applicationRate')}</th>
    </>
  );
  return (
    <section aria-labelledby="offers-heading" data-testid="employer-offers">
      <h1 id="offers-heading">{t('employerOffers.title')}</h1>
      <nav aria-label={t('employerOffers.stateColumn')}>
        <ul className="panel-tabs">
          {tab(undefined, t('employerOffers.state.all'), allCount)}
          {PANEL_STATES.map((state) => tab(state, t(`employerOffers.state.${state}`), offers.states[state]))}
        </ul>
      </nav>
      <form className="panel-filters" method="get" action="/employer/offers" role="search">
        {view.state ? <input type="hidden" name="state" value={view.state} /> : null}
        <label>
          {t('employerOffers.search')}
          <input type="search" name="search" defaultValue={view.search ?? ''} maxLength={100} data-testid="offers-search" />
        </label>
        <button type="submit" className="button">{t('employerOffers.searchButton')}</button>
      </form>
      {offers.data.length === 0 ? (
        <p data-testid="offers-empty">{t('employerOffers.empty')}</p>
      ) : (
        <table className="employer-table employer-table--cards" data-testid="offers-table">
          <thead>
            <tr>
              <th scope="col">{t('employerOffers.offer')}</th>
              <th scope="col">{t('employerOffers.stateColumn')}</th>
              <th scope="col">{t('employerOffers.expires')}</th>
              {countHeads}
              <th scope="col"><span className="visually-hidden">{t('employerOffers.seeApplications')}</span></th>
            </tr>
          </thead>
          <tbody>
            {offers.data.map((offer) => (
              <tr key={offer.slug} data-testid="offer-row" data-slug={offer.slug}>
                <td className="employer-table__title">
                  <Link href={employerPaths.offer(offer.slug)}>{offer.title || offer.slug}</Link>
                </td>
                <td data-label={t('employerOffers.stateColumn')}>{t(`employerOffers.stateOne.${offer.state}`)}</td>
                <td data-label={t('employerOffers.expires')}>{date(offer.expiresAt)}</td>
                {countCells(offer.counts)}
                <td>
                  {offer.state !== 'draft' ? <Link href={`${employerPaths.applications()}?offer=${encodeURIComponent(offer.slug)}`}>{t('employerOffers.seeApplications')}</Link> : null}
                  {chat && offer.state === 'active' ? (
                    <>
                      <br />
                      <Link href={employerPaths.offerCandidates(offer.slug)} data-testid="offer-row-candidates">
                        {t('employerCandidates.short')}
                        <span className="visually-hidden">: {offer.title || offer.slug}</span>
                      </Link>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="panel-pager" aria-label={t('employerOffers.page', { page: view.page, pages })}>
          {view.page > 1 ? <Link href={offersHref({ ...view, page: view.page - 1 })} rel="prev">{t('employerOffers.previous')}</Link> : null}
          <span>{t('employerOffers.page', { page: view.page, pages })}</span>
          {offers.meta.hasNextPage ? <Link href={offersHref({ ...view, page: view.page + 1 })} rel="next">{t('employerOffers.next')}</Link> : null}
        </nav>
      ) : null}

      <h2 id="stats-heading">{t('employerOffers.statistics')}</h2>
      <form className="panel-filters" method="get" action="/employer/offers" aria-labelledby="stats-heading">
        {view.state ? <input type="hidden" name="state" value={view.state} /> : null}
        {view.search ? <input type="hidden" name="search" value={view.search} /> : null}
        <label>
          {t('employerOffers.from')}
          <input type="date" name="from" defaultValue={stats?.from ?? view.from ?? ''} />
        </label>
        <label>
          {t('employerOffers.to')}
          <input type="date" name="to" defaultValue={stats?.to ?? view.to ?? ''} />
        </label>
        <button type="submit" className="button">{t('employerOffers.show')}</button>
        <a className="button" href={statisticsCsvHref(board, { from: stats?.from ?? view.from, to: stats?.to ?? view.to })} download data-testid="stats-csv">
          {t('employerOffers.csv')}
        </a>
      </form>
      {!stats ? (
        <p role="alert" className="alert alert--error">{t('employerOffers.rangeError')}</p>
      ) : (
        <div data-testid="stats">
          <h3>{t('employerOffers.totals')}</h3>
          <StatsTotals totals={stats.totals} t={t} locale={locale} />
          <div className="panel-stats">
            <StatsChart
              days={stats.days}
              labels={{ views: t('employerOffers.views'), applications: t('employerOffers.applications'), redirects: t('employerOffers.redirects'), description: t('employerOffers.chartLabel') }}
            />
            <div className="panel-stats__days" tabIndex={0} role="region" aria-label={t('employerOffers.perDay')}>
              <table className="employer-table" data-testid="stats-days">
                <caption className="visually-hidden">{t('employerOffers.perDay')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('employerOffers.date')}</th>
                    <th scope="col" className="panel-num">{t('employerOffers.views')}</th>
                    <th scope="col" className="panel-num">{t('employerOffers.applications')}</th>
                    <th scope="col" className="panel-num">{t('employerOffers.redirects')}</th>
                    <th scope="col" className="panel-num">{t('employerOffers.applicationRate')}</th>
                    <th scope="col" className="panel-num">{t('employerOffers.redirectRate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...stats.days].reverse().map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{day.date}</th>
                      <td className="panel-num">{number(day.views)}</td>
                      <td className="panel-num">{number(day.applications)}</td>
                      <td className="panel-num">{number(day.redirects)}</td>
                      <td className="panel-num">{percent(day.applicationRate, locale)}</td>
                      <td className="panel-num">{percent(day.redirectRate, locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <h3>{t('employerOffers.perOffer')}</h3>
          <table className="employer-table employer-table--cards" data-testid="stats-offers">
            <thead>
              <tr>
                <th scope="col">{t('employerOffers.offer')}</th>
                {countHeads}
                <th scope="col" className="panel-num">{t('employerOffers.redirectRate')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.offers
                .filter((offer) => offer.state !== 'draft')
                .map((offer) => (
                  <tr key={offer.slug} data-slug={offer.slug}>
                    <th scope="row" className="employer-table__title"><Link href={employerPaths.offer(offer.slug)}>{offer.title || offer.slug}</Link></th>
                    {countCells(offer.totals)}
                    <td className="panel-num" data-label={t('employerOffers.redirectRate')}>{percent(offer.totals.redirectRate, locale)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
