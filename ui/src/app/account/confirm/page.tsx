import { ConfirmAccount } from '@/features/account/components/link-actions';
import { getTranslator } from '@/i18n/request';
import { AuthFrame, ensureAccounts, privateMetadata, single, type SearchParams } from '../_shared/page-kit';

export async function generateMetadata() {
  const { t } = await getTranslator();
  return privateMetadata(t('account.confirmTitle'));
}

/** The registration mail's link: `/account/confirm?token=…[&favoriteOfferId=…]`. */
export default async function ConfirmPage({ searchParams }: { searchParams: SearchParams }) {
  await ensureAccounts();
  const [{ locale, t }, query] = await Promise.all([getTranslator(), searchParams]);
  return (
    <AuthFrame title={t('account.confirmTitle')} testId="confirm-page">
      <ConfirmAccount locale={locale} token={single(query.token)} favoriteOfferId={single(query.favoriteOfferId)} />
    </AuthFrame>
  );
}
