import type { Metadata } from 'next';
import { EmployerAuthCard } from '@/features/employer/account/auth-card';
import { SignUpForm } from '@/features/employer/account/account-forms';
import { getTranslator } from '@/i18n/request';
import { paths } from '@/config/paths';
import '@/features/account/account.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.signUp.title'), robots: { index: false, follow: false } };
}

export default async function EmployerSignUpPage() {
  const { locale, t } = await getTranslator();
  return (
    <EmployerAuthCard title={t('employer.signUp.title')} intro={t('employer.signUp.intro')} testId="employer-sign-up-page">
      <SignUpForm locale={locale} termsHref={paths.terms()} />
    </EmployerAuthCard>
  );
}
