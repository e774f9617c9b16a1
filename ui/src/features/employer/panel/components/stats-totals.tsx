/**
 * A period's totals as five numbers (views, applications, redirects and the two rates): the
 * offers page shows the company's, an offer's page its own. Server-rendered.
 */
import type { Translator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { percent } from '../query';
import type { Statistics } from '../types';

export function StatsTotals({ totals, t, locale, testId = 'stats-totals' }: { totals: Statistics['totals']; t: Translator; locale: Locale; testId?: string }) {
  const number = (value: number) => new Intl.NumberFormat(locale).format(value);
  return (
    <ul className="panel-numbers" data-testid={testId}>
      <li><strong data-testid="stats-views">{number(totals.views)}</strong><span>{t('employerOffers.views')}</span></li>
      <li><strong data-testid="stats-applications">{number(totals.applications)}</strong><span>{t('employerOffers.applications')}</span></li>
      <li><strong>{number(totals.redirects)}</strong><span>{t('employerOffers.redirects')}</span></li>
      <li><strong>{percent(totals.applicationRate, locale)}</strong><span>{t('employerOffers.applicationRate')}</span></li>
      <li><strong>{percent(totals.redirectRate, locale)}</strong><span>{t('employerOffers.redirectRate')}</span></li>
    </ul>
  );
}
