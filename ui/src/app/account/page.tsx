import { ProfileView } from '@/features/account/components/profile-view';
import { AccountTabs } from '@/features/account/components/account-tabs';
import { getConfig } from '@/features/config/api/get-config';
import { getTranslator } from '@/i18n/request';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '@/lib/candidate';
import { boardSlug } from '@/lib/board-server';
import { requireCandidate } from '@/lib/session-server';
import { paths } from '@/config/paths';
import { ensureAccounts, privateMetadata } from './_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('account.profileTitle'));
}

/** The candidate's profile; guests go to the login page and come back here afterwards. */
export default async function AccountPage() {
  await ensureAccounts();
  const [{ locale }, config, candidate, board] = await Promise.all([getTranslator(), getConfig(), requireCandidate(paths.account()), boardSlug()]);
  const levels = config.filters.experienceLevels.filter((option) => (EXPERIENCE_LEVELS as readonly string[]).includes(option.value));
  const options = {
    experienceLevels: levels.length ? levels.map((option) => ({ value: option.value as ExperienceLevel, label: option.label[locale] })) : EXPERIENCE_LEVELS.map((value) => ({ value, label: value })),
    currencies: config.currencies.length ? config.currencies : [config.defaultCurrency],
    cityNames: Object.fromEntries(config.topCities.map((city) => [city.slug, locale === 'en' && city.nameEn ? city.nameEn : city.name])),
  };
  return (
    <>
      <AccountTabs locale={locale} />
      <ProfileView locale={locale} board={board} initial={candidate} options={options} />
    </>
  );
}
