'use client';
/**
 * Where the payment provider sends the employer back: polls `GET /v1/payments/{id}/status` with
 * SWR every second until the spec's mapped status is final (success or failure).
 */
import Link from 'next/link';
import { createTranslator } from '@/i18n/translate';
import { useEmployerApi } from '@/features/employer/session/client';
import { employerPaths } from '@/features/employer/paths';
import { paths } from '@/config/paths';
import type { Locale } from '@/lib/types';
import { offerErrorText } from './form-kit';

export const PAYMENT_POLL_MS = 1000;

type Status = 'pending' | 'success' | 'failure';

export function PaymentReturn({ paymentId, offer, locale }: { paymentId: string | null; offer: string | null; locale: Locale }) {
  const t = createTranslator(locale);
  const { data, error } = useEmployerApi<{ data: { status: Status } }>(paymentId ? `/v1/payments/${encodeURIComponent(paymentId)}/status` : null, {
    refreshInterval: (latest) => (latest && latest.data.status !== 'pending' ? 0 : PAYMENT_POLL_MS),
  });
  if (!paymentId) return <p role="alert">{t('employer.payment.missing')}</p>;
  const status: Status | 'error' = error ? 'error' : (data?.data.status ?? 'pending');
  return (
    <section className="card payment-return" aria-labelledby="payment-heading" data-testid="payment-return" data-status={status}>
      <h1 id="payment-heading">{t('employer.payment.title')}</h1>
      {status === 'pending' ? (
        <p role="status" data-testid="payment-pending">
          {t('employer.payment.pending')}
        </p>
      ) : null}
      {status === 'success' ? (
        <>
          <p role="status" className="form-message form-message--success" data-testid="payment-success">
            {t('employer.payment.success')}
          </p>
          {offer ? (
            <p className="offer-form__actions">
              <a className="button button--primary" href={employerPaths.offer(offer)} data-testid="payment-to-offer">
                {t('employer.payment.toOffer')}
              </a>
              <Link className="button" href={paths.offer(offer)}>
                {t('employer.payment.seeOffer')}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {status === 'failure' || status === 'error' ? (
        <>
          <p role="alert" className="form-message form-message--error" data-testid="payment-failure">
            {status === 'error' ? offerErrorText(t, error?.code) : t('employer.payment.failure')}
          </p>
          {offer ? (
            <a className="button button--primary" href={employerPaths.offerPublish(offer)}>
              {t('employer.payment.retry')}
            </a>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
