import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { applicationHistoryEnabled } from '@/lib/flags';
import { AccountTabs } from '@/features/account/components/account-tabs';
import { APPLICATIONS_PATH, HISTORY_QUERY } from '@/features/history/api/applications';
import { HistoryList } from '@/features/history/components/history-list';
import { getTranslator } from '@/i18n/request';
import { CANDIDATE_PAGE_SIZE, type ApplicationItem, type CandidatePage } from '@/lib/candidate';
import { requireCandidate, sessionGet } from '@/lib/session-server';
import { paths } from '@/config/paths';
import { ensureAccounts, privateMetadata } from '../account/_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('history.title'));
}

/** Applications and confirmed external applies, with each offer's current state. */
export default async function ApplicationHistoryPage() {
  await ensureAccounts();
  // A board without the history (`applicationHistory` off) has no such page; the API refuses it too.
  if (!applicationHistoryEnabled((await getConfig()).featureFlags)) notFound();
  const [{ locale, t }] = await Promise.all([getTranslator(), requireCandidate(paths.applicationHistory())]);
  const initial = await sessionGet<CandidatePage<ApplicationItem>>(APPLICATIONS_PATH, { ...HISTORY_QUERY, page: 1, pageSize: CANDIDATE_PAGE_SIZE }, locale).catch(() => null);
  return (
    <>
      <AccountTabs locale={locale} />
      <div className="account-page" data-testid="history-page">
        <h1>{t('history.title')}</h1>
        <HistoryList locale={locale} initial={initial} />
      </div>
    </>
  );
}
