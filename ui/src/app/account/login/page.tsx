import { redirect } from 'next/navigation';
import { LoginForm } from '@/features/account/components/auth-forms';
import { getTranslator } from '@/i18n/request';
import { getCandidate } from '@/lib/session-server';
import { safeReturnPath } from '@/config/paths';
import { AuthFrame, ensureAccounts, privateMetadata, single, type SearchParams } from '../_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('account.loginTitle'));
}

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  await ensureAccounts();
  const [{ locale, t }, query, candidate] = await Promise.all([getTranslator(), searchParams, getCandidate()]);
  const next = safeReturnPath(single(query.next));
  if (candidate) redirect(next);
  return (
    <AuthFrame title={t('account.loginTitle')} intro={t('account.loginIntro')} testId="login-page">
      <LoginForm locale={locale} next={next} favoriteOfferId={single(query.favoriteOfferId)} />
    </AuthFrame>
  );
}
