import { redirect } from 'next/navigation';
import { RegisterForm } from '@/features/account/components/auth-forms';
import { getTranslator } from '@/i18n/request';
import { getCandidate } from '@/lib/session-server';
import { safeReturnPath } from '@/config/paths';
import { AuthFrame, ensureAccounts, privateMetadata, single, type SearchParams } from '../_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('account.registerTitle'));
}

export default async function RegisterPage({ searchParams }: { searchParams: SearchParams }) {
  await ensureAccounts();
  const [{ locale, t }, query, candidate] = await Promise.all([getTranslator(), searchParams, getCandidate()]);
  const next = single(query.next);
  if (candidate) redirect(safeReturnPath(next));
  return (
    <AuthFrame title={t('account.registerTitle')} intro={t('account.loginIntro')} testId="register-page">
      <RegisterForm locale={locale} next={next ? safeReturnPath(next) : null} favoriteOfferId={single(query.favoriteOfferId)} />
    </AuthFrame>
  );
}
