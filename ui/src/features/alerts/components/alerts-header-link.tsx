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
      <span aria-hidden="true">🔔</span>
      {total ? (
        <span className="header-alerts__badge" aria-hidden="true" data-testid="alerts-count">
          {total > 99 ? '99+' : total}
        </span>
      ) : null}
    </Link>
  );
}
