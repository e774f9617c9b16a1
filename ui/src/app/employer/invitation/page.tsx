import type { Metadata } from 'next';
import { EmployerAuthCard, single, type SearchParams } from '@/features/employer/account/auth-card';
import { InvitationView } from '@/features/employer/account/invitation';
import { getTranslator } from '@/i18n/request';
import '@/features/account/account.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.invitation.title'), robots: { index: false, follow: false } };
}

/** The mailed invitation `/employer/invitation?token=…`. */
export default async function EmployerInvitationPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  const token = single(query.token);
  return (
    <EmployerAuthCard title={t('employer.invitation.title')} testId="employer-invitation-page">
      {token ? <InvitationView locale={locale} token={token} /> : <p data-testid="invitation-invalid">{t('employer.invitation.invalid')}</p>}
    </EmployerAuthCard>
  );
}
