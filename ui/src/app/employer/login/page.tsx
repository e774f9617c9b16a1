import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { EmployerAuthCard, single, type SearchParams } from '@/features/employer/account/auth-card';
import { EmployerLoginForm } from '@/features/employer/account/login-form';
import { getTranslator } from '@/i18n/request';
import { safeEmployerReturn } from '@/features/employer/paths';
import { getEmployer } from '@/features/employer/session/server';
import '@/features/account/account.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.login.title'), robots: { index: false, follow: false } };
}

export default async function EmployerLoginPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ locale, t }, query, employer] = await Promise.all([getTranslator(), searchParams, getEmployer()]);
  const next = safeEmployerReturn(single(query.next));
  if (employer) redirect(next);
  return (
    <EmployerAuthCard title={t('employer.login.title')} intro={t('employer.login.intro')} testId="employer-login-page">
      <EmployerLoginForm locale={locale} next={next} />
    </EmployerAuthCard>
  );
}
