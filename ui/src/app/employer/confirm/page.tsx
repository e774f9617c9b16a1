import type { Metadata } from 'next';
import { EmployerAuthCard, single, type SearchParams } from '@/features/employer/account/auth-card';
import { ConfirmForm, EmailLinkForm } from '@/features/employer/account/account-forms';
import { getTranslator } from '@/i18n/request';
import '@/features/account/account.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.confirm.title'), robots: { index: false, follow: false } };
}

/** The mailed link `/employer/confirm?token=…[&setPassword=1]`; without a token, a new link is asked for. */
export default async function EmployerConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  const token = single(query.token);
  if (!token) {
    return (
      <EmployerAuthCard title={t('employer.confirm.resendTitle')} intro={t('employer.confirm.resendIntro')} testId="employer-resend-page">
        <EmailLinkForm locale={locale} kind="confirmation" />
      </EmployerAuthCard>
    );
  }
  const setPassword = single(query.setPassword) === '1';
  return (
    <EmployerAuthCard title={t('employer.confirm.title')} intro={t(setPassword ? 'employer.confirm.setPasswordIntro' : 'employer.confirm.intro')} testId="employer-confirm-page">
      <ConfirmForm locale={locale} token={token} setPassword={setPassword} />
    </EmployerAuthCard>
  );
}
