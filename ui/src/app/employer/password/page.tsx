import type { Metadata } from 'next';
import { EmployerAuthCard, single, type SearchParams } from '@/features/employer/account/auth-card';
import { EmailLinkForm, NewPasswordForm } from '@/features/employer/account/account-forms';
import { getTranslator } from '@/i18n/request';
import '@/features/account/account.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.password.title'), robots: { index: false, follow: false } };
}

/** Without `token`: the reset request; with the mailed `token`: the new password. */
export default async function EmployerPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  const token = single(query.token);
  if (!token) {
    return (
      <EmployerAuthCard title={t('employer.password.title')} intro={t('employer.password.intro')} testId="employer-reset-page">
        <EmailLinkForm locale={locale} kind="reset" />
      </EmployerAuthCard>
    );
  }
  return (
    <EmployerAuthCard title={t('employer.password.setTitle')} testId="employer-new-password-page">
      <NewPasswordForm locale={locale} token={token} />
    </EmployerAuthCard>
  );
}
