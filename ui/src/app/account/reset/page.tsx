import { ResetPasswordForm, ResetRequestForm } from '@/features/account/components/auth-forms';
import { getTranslator } from '@/i18n/request';
import { AuthFrame, ensureAccounts, privateMetadata, single, type SearchParams } from '../_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('account.resetTitle'));
}

/** Without a token: ask for the reset mail. With the mail's `?token=…`: set the new password. */
export default async function ResetPage({ searchParams }: { searchParams: SearchParams }) {
  await ensureAccounts();
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  const token = single(query.token);
  return token ? (
    <AuthFrame title={t('account.newPasswordTitle')} testId="reset-page">
      <ResetPasswordForm locale={locale} token={token} />
    </AuthFrame>
  ) : (
    <AuthFrame title={t('account.resetTitle')} testId="reset-page">
      <ResetRequestForm locale={locale} />
    </AuthFrame>
  );
}
