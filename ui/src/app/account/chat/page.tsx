import { notFound } from 'next/navigation';
import { AccountTabs } from '@/features/account/components/account-tabs';
import { BlockedCompanies } from '@/features/account/components/blocked-companies';
import { PassiveProfileForm } from '@/features/account/components/passive-profile-form';
import { categoryOptions } from '@/features/account/passive-options';
import { getConfig } from '@/features/config/api/get-config';
import { getTranslator } from '@/i18n/request';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '@/lib/candidate';
import { candidateChat } from '@/lib/chat/api';
import type { BlockedCompany, ChatProfileAnswer } from '@/lib/chat/types';
import { requireCandidate, sessionGet } from '@/lib/session-server';
import { paths } from '@/config/paths';
import { ensureAccounts, privateMetadata } from '../_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('chat.profile.title'));
}

/**
 * The passive-candidate settings (flag `candidateChat`): be found by employers with the mandatory
 * preferences, and the companies blocked from the chat. Guests go to the login page first.
 */
export default async function AccountChatPage() {
  await ensureAccounts();
  const config = await getConfig();
  if (!config.featureFlags.candidateChat) notFound();
  const [{ locale, t }, candidate] = await Promise.all([getTranslator(), requireCandidate(paths.accountChat())]);
  const [profile, blocks] = await Promise.all([
    sessionGet<ChatProfileAnswer>(candidateChat.profileKey, undefined, locale).catch(() => null),
    sessionGet<{ items: BlockedCompany[] }>(candidateChat.blocksKey, undefined, locale).catch(() => null),
  ]);
  const levels = config.filters.experienceLevels.filter((option) => (EXPERIENCE_LEVELS as readonly string[]).includes(option.value));
  const options = {
    experienceLevels: levels.length ? levels.map((option) => ({ value: option.value as ExperienceLevel, label: option.label[locale] })) : EXPERIENCE_LEVELS.map((value) => ({ value, label: value })),
    currencies: config.currencies.length ? config.currencies : [config.defaultCurrency],
    cityNames: Object.fromEntries(config.topCities.map((city) => [city.slug, locale === 'en' && city.nameEn ? city.nameEn : city.name])),
    categories: categoryOptions(config.categories, locale),
    contractTypes: config.filters.employmentTypes.map((option) => ({ value: option.value, label: option.label[locale] })),
  };
  return (
    <>
      <AccountTabs locale={locale} />
      <div className="account-page" data-testid="passive-page">
        <h1>{t('chat.profile.title')}</h1>
        <section className="card account-section" aria-labelledby="passive-heading">
          <h2 id="passive-heading">{t('chat.profile.preferences')}</h2>
          <p className="muted">{t('chat.profile.intro')}</p>
          <PassiveProfileForm locale={locale} candidate={candidate} options={options} initial={profile} />
        </section>
        <section className="card account-section" aria-labelledby="blocked-heading">
          <h2 id="blocked-heading">{t('chat.blocks.title')}</h2>
          <BlockedCompanies locale={locale} initial={blocks?.items ?? null} />
        </section>
      </div>
    </>
  );
}
