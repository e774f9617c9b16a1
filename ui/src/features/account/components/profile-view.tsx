'use client';
/**
 * The profile page: names and default message, matchmaking preferences, CVs, e-mail and password
 * changes, data export and account deletion. Shows the live session (`useSession`), so every
 * section sees what the others saved.
 */
import { createTranslator } from '@/i18n/translate';
import { displayName, type Candidate } from '@/lib/candidate';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { Documents } from './documents';
import { PersonalForm } from './personal-form';
import { PreferencesForm, type PreferenceOptions } from './preferences-form';
import { Privacy } from './privacy';
import { ChangeEmailForm, ChangePasswordForm } from './security-forms';

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: React.ReactNode }) {
  return (
    <section className="card account-section" aria-labelledby={`${id}-heading`} id={id}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
}

export function ProfileView({ locale, board, initial, options }: { locale: Locale; board: string; initial: Candidate; options: PreferenceOptions }) {
  const t = createTranslator(locale);
  const session = useSession();
  const candidate = session.candidate ?? initial;
  return (
    <div className="account-page" data-testid="profile-page">
      <h1>{t('account.hello', { name: displayName(candidate) })}</h1>
      <Section id="personal" title={t('account.personal')} intro={t('account.personalIntro')}>
        <PersonalForm locale={locale} candidate={candidate} />
      </Section>
      <Section id="documents" title={t('account.documents')}>
        <Documents locale={locale} candidate={candidate} onChanged={session.refresh} />
      </Section>
      <Section id="preferences" title={t('account.preferences')} intro={t('account.preferencesIntro')}>
        <PreferencesForm locale={locale} candidate={candidate} options={options} />
      </Section>
      <Section id="email" title={t('account.changeEmail')}>
        <ChangeEmailForm locale={locale} email={candidate.email} />
      </Section>
      <Section id="password" title={t('account.changePassword')}>
        <ChangePasswordForm locale={locale} />
      </Section>
      <Section id="privacy" title={t('account.privacy')}>
        <Privacy locale={locale} board={board} />
      </Section>
    </div>
  );
}
