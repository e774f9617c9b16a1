import { ConfirmEmailChange } from '@/features/account/components/link-actions';
import { getTranslator } from '@/i18n/request';
import { AuthFrame, ensureAccounts, privateMetadata, single, type SearchParams } from '../_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('account.emailTitle'));
}

/** The e-mail change mail's link: `/account/email?token=…`. */
export default async function EmailPage({ searchParams }: { searchParams: SearchParams }) {
  await ensureAccounts();
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  return (
    <AuthFrame title={t('account.emailTitle')} testId="email-page">
      <ConfirmEmailChange locale={locale} token={single(query.token)} />
    </AuthFrame>
  );
}
