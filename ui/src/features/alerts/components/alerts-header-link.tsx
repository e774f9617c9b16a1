'use client';
/**
 * The header's link to the saved searches (flag `jobAlerts`): a candidate sees the sum of the
 * searches' new-offer counts as a badge (spec §4); a guest sees the link once a search is saved
 * in this browser.
 */
import Link from 'next/link';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { newOffersTotal, useJobFilters } from '../api/job-filters';
import { useLocalSearches } from '../use-local-searches';
import '../alerts.css';

export function AlertsHeaderLink({ locale, enabled }: { locale: Locale; enabled: boolean }) {
  const t = createTranslator(locale);
  const { loggedIn } = useSession();
  const { data } = useJobFilters(enabled && loggedIn);
  const local = useLocalSearches();
  if (!enabled || (!loggedIn && local.length === 0)) return null;
  const total = loggedIn ? newOffersTotal(data) : 0;
  const label = total ? t('alerts.headerCount', { count: total, n: total }) : t('alerts.header');
  return (
    <Link href={paths.savedSearches()} className="header-alerts" aria-label={label} title={label} data-testid="header-alerts">
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      {total ? (
        <span className="header-alerts__badge" aria-hidden="true" data-testid="alerts-count">
          {total > 99 ? '99+' : total}
        </span>
      ) : null}
    </Link>
  );
}
