import type { Metadata } from 'next';
import Link from 'next/link';
import { ManageOffer } from '@/features/employer/offer/components/manage-offer';
import { offerStateOrNotFound, publicOfferTitle } from '@/features/employer/offer/server';
import { StatsChart } from '@/features/employer/panel/components/stats-chart';
import { StatsTotals } from '@/features/employer/panel/components/stats-totals';
import type { Statistics } from '@/features/employer/panel/types';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { getConfig } from '@/features/config/api/get-config';
import { candidateChatEnabled } from '@/lib/flags';
import '@/features/employer/offer/offer.css';
import '@/features/employer/panel/panel.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.manage.title') };
}

/**
 * The offer's management page (state from `GET /v2/employer-panel/offers/end/{slug}`) and, once it
 * was published, its figures of the last 30 days and a way to its applications.
 */
export default async function ManageOfferPage({ params }: Props) {
  const { slug } = await params;
  await requireEmployer(employerPaths.offer(slug));
  const { locale, t } = await getTranslator();
  const state = await offerStateOrNotFound(slug);
  // The public title, when candidates can see the offer.
  const title = await publicOfferTitle(state, locale);
  // A draft has no figures; a failing statistics call leaves the management part usable.
  const stats =
    state.state === 'draft' ? null : await employerServerGet<Statistics>('/v2/employer-panel/offers/statistics', { 'offers[]': slug }, locale).catch(() => null);
  // "Candidates for this offer": active offers of boards with the chat (no link at all otherwise).
  const candidates = state.state === 'published' && state.isActive && (await getConfig().then((config) => candidateChatEnabled(config.featureFlags), () => false));
  return (
    <>
      <ManageOffer initial={state} title={title} locale={locale} />
      {candidates ? (
        <section aria-labelledby="offer-candidates-heading" className="offer-candidates-teaser" data-testid="offer-candidates-teaser">
          <h2 id="offer-candidates-heading">{t('employerCandidates.title')}</h2>
          <p>{t('employerCandidates.teaser')}</p>
          <p>
            <Link className="button button--primary" href={employerPaths.offerCandidates(slug)} data-testid="offer-candidates-link">
              {t('employerCandidates.open')}
            </Link>
          </p>
        </section>
      ) : null}
      {stats ? (
        <section aria-labelledby="offer-stats-heading" data-testid="offer-stats">
          <h2 id="offer-stats-heading">{t('employerOffers.offerStatistics')}</h2>
          <StatsTotals totals={stats.totals} t={t} locale={locale} />
          <p>
            <Link className="button" href={`${employerPaths.applications()}?offer=${encodeURIComponent(slug)}`} data-testid="offer-applications-link">
              {t('employerOffers.offerApplications', { count: stats.totals.applications })}
            </Link>
          </p>
          <div className="panel-stats">
            <StatsChart
              days={stats.days}
              labels={{ views: t('employerOffers.views'), applications: t('employerOffers.applications'), redirects: t('employerOffers.redirects'), description: t('employerOffers.chartLabel') }}
            />
          </div>
        </section>
      ) : null}
    </>
  );
}
