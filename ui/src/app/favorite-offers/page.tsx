import { notFound } from 'next/navigation';
import { AccountTabs } from '@/features/account/components/account-tabs';
import { getConfig } from '@/features/config/api/get-config';
import { FavouritesList } from '@/features/favourites/components/favourites-list';
import { getTranslator } from '@/i18n/request';
import { CANDIDATE_PAGE_SIZE, type CandidatePage, type FavouriteItem } from '@/lib/candidate';
import { requireCandidate, sessionGet } from '@/lib/session-server';
import { paths } from '@/config/paths';
import { privateMetadata } from '../account/_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('favourites.title'));
}

/** The candidate's favourite offers (spec §2 "/favorite-offers on the candidate panel"). */
export default async function FavouritesPage() {
  const config = await getConfig();
  if (!config.featureFlags.candidatePortalLogin || !config.featureFlags.favouritesButton) notFound();
  const [{ locale, t }] = await Promise.all([getTranslator(), requireCandidate(paths.favourites())]);
  const initial = await sessionGet<CandidatePage<FavouriteItem>>('/v1/candidate/favourites', { page: 1, pageSize: CANDIDATE_PAGE_SIZE }, locale).catch(() => null);
  return (
    <>
      <AccountTabs locale={locale} />
      <div className="account-page" data-testid="favourites-page">
        <h1>{t('favourites.title')}</h1>
        <FavouritesList locale={locale} initial={initial} />
      </div>
    </>
  );
}
