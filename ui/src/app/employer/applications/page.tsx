/**
 * `/employer/applications`: the company's applications (one offer's, one status's), newest
 * first, rendered on the server with filters as a GET form and paging links; each with its CV
 * (downloaded through the app's forwarder with the session) and its status and delete actions.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { ApplicationActions } from '@/features/employer/panel/components/application-actions';
import { applicationsHref, applicationsQuery, applicationsView } from '@/features/employer/panel/query';
import { APPLICATION_STATUSES, type PanelApplications, type PanelOffers } from '@/features/employer/panel/types';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import '@/features/employer/panel/panel.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerApplications.title') };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function EmployerApplicationsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireEmployer(employerPaths.applications());
  const view = applicationsView(await searchParams);
  const { locale, t } = await getTranslator();
  const [applications, offers] = await Promise.all([
    employerServerGet<PanelApplications>('/v2/employer-panel/applications', applicationsQuery(view), locale),
    employerServerGet<PanelOffers>('/v2/employer-panel/offers', { pageSize: 100 }, locale),
  ]);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const size = (bytes: number) =>
    bytes < 1024
      ? new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte' }).format(bytes)
      : new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(bytes / 1024);
  const published = offers.data.filter((offer) => offer.state !== 'draft');
  return (
    <section aria-labelledby="applications-heading" data-testid="employer-applications">
      <h1 id="applications-heading">{t('employerApplications.title')}</h1>
      <form className="panel-filters" method="get" action="/employer/applications">
        <label>
          {t('employerApplications.offerFilter')}
          <select name="offer" defaultValue={view.offer ?? ''} data-testid="filter-offer">
            <option value="">{t('employerApplications.allOffers')}</option>
            {published.map((offer) => (
              <option key={offer.slug} value={offer.slug}>{offer.title || offer.slug}</option>
            ))}
          </select>
        </label>
        <label>
          {t('employerApplications.statusFilter')}
          <select name="status" defaultValue={view.status ?? ''} data-testid="filter-status">
            <option value="">{t('employerApplications.allStatuses')}</option>
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>{t(`applicationStatus.${status}`)}</option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">{t('employerApplications.filter')}</button>
      </form>
      {applications.data.length === 0 ? (
        <p data-testid="applications-empty">{t('employerApplications.empty')}</p>
      ) : (
        <table className="employer-table employer-table--cards" data-testid="applications-table">
          <thead>
            <tr>
              <th scope="col">{t('employerApplications.candidate')}</th>
              <th scope="col">{t('employerApplications.offerFilter')}</th>
              <th scope="col">{t('employerApplications.appliedAt')}</th>
              <th scope="col">{t('employerApplications.statusFilter')}</th>
              <th scope="col">{t('employerApplications.cv')}</th>
              <th scope="col">{t('employerApplications.changeStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {applications.data.map((application) => (
              <tr key={application.id} data-testid="application-row" data-id={application.id} data-status={application.status}>
                <td className="employer-table__title">
                  {application.name ? (
                    <>
                      <strong>{application.name}</strong>
                      <br />
                      <a href={`mailto:${application.email}`}>{application.email}</a>
                      {application.message ? (
                        <details>
                          <summary>{t('employerApplications.message')}</summary>
                          <p style={{ whiteSpace: 'pre-wrap' }}>{application.message}</p>
                        </details>
                      ) : null}
                    </>
                  ) : (
                    <em>{t('employerApplications.erased')}</em>
                  )}
                </td>
                <td data-label={t('employerApplications.offerFilter')}>
                  <Link href={employerPaths.offer(application.offerSlug)}>{application.offerTitle || application.offerSlug}</Link>
                </td>
                <td data-label={t('employerApplications.appliedAt')}>{date(application.appliedAt)}</td>
                <td data-label={t('employerApplications.statusFilter')}>
                  <span className={`badge application-status application-status--${application.status}`} data-testid="application-status">
                    {t(`applicationStatus.${application.status}`)}
                  </span>
                  {application.statusHistory.length > 1 ? (
                    <details className="application-history" data-testid="status-history">
                      <summary>{t('employerApplications.history', { count: application.statusHistory.length })}</summary>
                      <ol>
                        {application.statusHistory.map((change) => (
                          <li key={`${change.status}-${change.at}`}>
                            {t(`applicationStatus.${change.status}`)} · {date(change.at)}
                          </li>
                        ))}
                      </ol>
                    </details>
                  ) : null}
                </td>
                <td data-label={t('employerApplications.cv')}>
                  {application.cv ? (
                    <a href={application.cv.downloadUrl} download={application.cv.fileName} data-testid="cv-download">
                      {t('employerApplications.download')} ({size(application.cv.size)})
                    </a>
                  ) : (
                    <span className="muted">{t('employerApplications.noCv')}</span>
                  )}
                </td>
                <td data-label={t('employerApplications.changeStatus')}>
                  <ApplicationActions locale={locale} id={application.id} status={application.status} name={application.name ?? application.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view.page > 1 || applications.meta.hasNextPage ? (
        <nav className="panel-pager">
          {view.page > 1 ? <Link href={applicationsHref({ ...view, page: view.page - 1 })} rel="prev">{t('employerOffers.previous')}</Link> : null}
          <span>{view.page}</span>
          {applications.meta.hasNextPage ? <Link href={applicationsHref({ ...view, page: view.page + 1 })} rel="next">{t('employerOffers.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
