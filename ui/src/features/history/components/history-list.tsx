'use client';
/**
 * The application history (`GET /v1/candidate/applications?isConfirmed=true`): form and one-click
 * applications and the external ones the candidate confirmed, newest first, each with the offer's
 * current state (active, expired, removed).
 */
import Link from 'next/link';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import type { ApplicationItem, CandidatePage } from '@/lib/candidate';
import { useCandidatePages } from '@/lib/candidate-pages';
import { formatDate } from '@/lib/format';
import type { Locale } from '@/lib/types';
import { APPLICATIONS_PATH, HISTORY_QUERY } from '../api/applications';

export function HistoryList({ locale, initial }: { locale: Locale; initial: CandidatePage<ApplicationItem> | null }) {
  const t = createTranslator(locale);
  const { items, hasMore, loadMore, loadingMore, error, loading } = useCandidatePages<ApplicationItem>(APPLICATIONS_PATH, HISTORY_QUERY, initial);
  if (loading) return <div className="skeleton-list" aria-busy="true"><div className="skeleton-row" /><div className="skeleton-row" /></div>;
  if (error && !items.length) return <p role="alert" className="alert alert--error">{t('account.errors.generic')}</p>;
  if (!items.length) {
    return (
      <div className="empty-state" data-testid="history-empty">
        <p>{t('history.empty')}</p>
        <Link className="button button--primary" href={paths.allOffers()}>
          {t('account.goToOffers')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="history-list" data-testid="history-list">
        {items.map((item) => {
          const state = !item.offer ? 'gone' : item.offerActive ? 'active' : 'inactive';
          return (
            <li key={item.id} className="card history-item" data-testid="history-item" data-slug={item.slug} data-kind={item.kind}>
              {item.offer?.companyLogoThumbUrl ? <img className="offer-card__logo" src={item.offer.companyLogoThumbUrl} alt="" width={48} height={48} loading="lazy" /> : <span className="offer-card__logo" aria-hidden="true" />}
              <div className="history-item__main">
                <h2 className="history-item__title">{item.offer ? <Link href={paths.offer(item.slug)}>{item.offer.title}</Link> : <span>{item.slug}</span>}</h2>
                {item.offer ? <p className="muted">{item.offer.companyName} · {item.offer.city}</p> : null}
                <p className="history-item__meta">
                  <span className="badge">{t(`history.kind.${item.kind}`)}</span>
                  <span>{t('history.appliedAt', { date: formatDate(item.appliedAt, locale) })}</span>
                  {item.status ? (
                    <span className={`badge application-status application-status--${item.status}`} data-testid="history-status" data-status={item.status}>
                      {t('applicationStatus.label')}: {t(`applicationStatus.${item.status}`)}
                    </span>
                  ) : null}
                </p>
              </div>
              <span className={`status-badge status-badge--${state}`} data-testid="history-state">
                {t(state === 'gone' ? 'history.gone' : state === 'active' ? 'history.active' : 'history.inactive')}
              </span>
            </li>
          );
        })}
      </ul>
      {hasMore ? (
        <p className="load-more">
          <button type="button" className="button" onClick={() => void loadMore()} disabled={loadingMore}>
            {t('history.more')}
          </button>
        </p>
      ) : null}
    </>
  );
}
