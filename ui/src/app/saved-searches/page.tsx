import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { jobFilterList, type JobFilter } from '@/features/alerts/api/types';
import { SavedSearches } from '@/features/alerts/components/saved-searches';
import { getTranslator } from '@/i18n/request';
import { getCandidate, sessionGet } from '@/lib/session-server';
import { privateMetadata } from '../account/_shared/page-kit';
import { jobAlertsEnabled } from '@/lib/flags';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('alerts.page.title'));
}

/** Saved searches and job alerts (spec §2): a candidate's from the API, a guest's from this browser. */
export default async function SavedSearchesPage() {
  const config = await getConfig();
  if (!jobAlertsEnabled(config.featureFlags)) notFound();
  const { locale } = await getTranslator();
  const candidate = config.featureFlags.candidatePortalLogin ? await getCandidate() : null;
  const initial: JobFilter[] | null = candidate ? await sessionGet<unknown>('/job-filters', undefined, locale).then(jobFilterList, () => null) : null;
  return <SavedSearches locale={locale} config={config} initial={initial} />;
}
