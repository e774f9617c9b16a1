import type { Metadata } from 'next';
import { PaymentReturn } from '@/features/employer/offer/components/payment-return';
import { single, type SearchParams } from '@/features/employer/account/auth-card';
import { getTranslator } from '@/i18n/request';
import '@/features/employer/offer/offer.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.payment.title'), robots: { index: false, follow: false } };
}

/**
 * The provider's way back (`?offer=…&paymentId=…`). A public page: the SameSite=Strict session
 * cookie does not travel on the provider's cross-site redirect, but the page's own status polls
 * (same-origin) carry it.
 */
export default async function PaymentReturnPage({ searchParams }: { searchParams: SearchParams }) {
  const [{ locale }, query] = await Promise.all([getTranslator(), searchParams]);
  return <PaymentReturn paymentId={single(query.paymentId)} offer={single(query.offer)} locale={locale} />;
}
