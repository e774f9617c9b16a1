'use client';
/**
 * Publishing (or extending) an offer: with a prepaid code (checked first, then spent), or by
 * paying — the invoice form, `POST /v1/payments`, then the provider's page; the provider sends
 * the employer back to `/employer/payments/return`.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CheckboxField, FormMessage, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerGet, useEmployer } from '@/features/employer/session/client';
import { employerPaths } from '@/features/employer/paths';
import type { Plan } from '@/features/employer/types';
import type { Locale } from '@/lib/types';
import { createPayment, loadOffer, publishWithCode, verifyCode } from '../api';
import type { CompanyInfo } from '../../company/types';
import type { EmployerOffer } from '../types';
import { offerErrorText } from './form-kit';
import { PlanCards } from './plan-cards';

const required = z.string().trim().min(1, 'required');
/** The invoice data of a payment (snake_case on the wire, as the spec's payment request). */
export const invoiceSchema = z.object({
  invoice_company_name: required,
  invoice_tax_id: required,
  invoice_street: required,
  invoice_street_number: required,
  invoice_postal_code: required,
  invoice_city: required,
  invoice_country: required,
  subscribe_to_newsletter: z.boolean(),
  accepted_regulations: z.boolean().refine((accepted) => accepted, 'payment_regulations_required'),
  save_billing_data: z.boolean(),
});
export type InvoiceValues = z.input<typeof invoiceSchema>;

const INVOICE_FIELDS = ['invoice_company_name', 'invoice_tax_id', 'invoice_street', 'invoice_street_number', 'invoice_postal_code', 'invoice_city', 'invoice_country'] as const;

export function PublishStep({ slug, plans, locale, extend }: { slug: string; plans: Plan[]; locale: Locale; extend: boolean }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [offer, setOffer] = useState<EmployerOffer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeState, setCodeState] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [codeChecked, setCodeChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<InvoiceValues>({
    resolver: zodResolver(invoiceSchema),
    defaultValues: { invoice_company_name: '', invoice_tax_id: '', invoice_street: '', invoice_street_number: '', invoice_postal_code: '', invoice_city: '', invoice_country: 'PL', subscribe_to_newsletter: false, accepted_regulations: false, save_billing_data: false },
    mode: 'onTouched',
  });
  // Owners keep the company's billing data ("Dane do faktury"): the form starts from it, and
  // typed data can be saved there (checked by default while the company has none).
  const owner = useEmployer()?.role !== 'recruiter';
  useEffect(() => {
    loadOffer(slug)
      .then((loaded) => {
        setOffer(loaded);
        if (!form.getValues('invoice_company_name')) form.setValue('invoice_company_name', loaded.form.companyName);
      })
      .catch((error) => setFailure(error instanceof ApiError ? error.code : 'network_error'));
    if (!owner) return;
    employerGet<CompanyInfo>('/v1/company')
      .then((company) => {
        const billing = company.billingData;
        if (!billing) {
          form.setValue('save_billing_data', true);
          return;
        }
        const prefill: [keyof InvoiceValues, string][] = [
          ['invoice_company_name', billing.companyName],
          ['invoice_tax_id', billing.taxId],
          ['invoice_street', billing.street],
          ['invoice_street_number', billing.streetNumber],
          ['invoice_postal_code', billing.postalCode],
          ['invoice_city', billing.city],
          ['invoice_country', billing.country],
        ];
        for (const [name, value] of prefill) if (value) form.setValue(name, value);
      })
      .catch(() => {
        // Without the company's data the form is typed by hand, as before.
      });
  }, [slug, form, owner]);
  if (failure) return <FormMessage kind="error">{offerErrorText(t, failure)}</FormMessage>;
  if (!offer) return <p className="muted">{t('employer.offerForm.loading')}</p>;
  const plan = plans.filter((entry) => entry.slug === offer.planKey);

  const check = async () => {
    setCodeState(null);
    setCodeChecked(false);
    try {
      await verifyCode(slug, code.trim());
      setCodeChecked(true);
      setCodeState({ kind: 'success', text: t('employer.publish.codeValid') });
    } catch (error) {
      setCodeState({ kind: 'error', text: offerErrorText(t, error instanceof ApiError ? error.code : 'network_error') ?? '' });
    }
  };
  const useCode = async () => {
    setBusy(true);
    try {
      await publishWithCode(slug, code.trim(), extend);
      router.push(employerPaths.offer(slug));
    } catch (error) {
      setCodeState({ kind: 'error', text: offerErrorText(t, error instanceof ApiError ? error.code : 'network_error') ?? '' });
      setBusy(false);
    }
  };
  const pay = form.handleSubmit(async (values) => {
    try {
      const payment = await createPayment(slug, { ...values, subscribe_to_newsletter: values.subscribe_to_newsletter, accepted_regulations: values.accepted_regulations }, employerPaths.paymentReturn(null, slug), extend, offer.planKey);
      if (!payment) throw new ApiError(500, 'http_500', 'no payment');
      window.location.assign(payment.payment_request_url);
    } catch (error) {
      const field = error instanceof ApiError && error.field && (INVOICE_FIELDS as readonly string[]).concat('accepted_regulations').includes(error.field) ? (error.field as keyof InvoiceValues) : null;
      if (field) form.setError(field, { type: 'server', message: (error as ApiError).code });
      else form.setError('root.server', { type: 'server', message: error instanceof ApiError ? error.code : 'network_error' });
    }
  });
  const err = (name: keyof InvoiceValues) => offerErrorText(t, form.formState.errors[name]?.message);
  return (
    <div data-testid="publish-step">
      <h1>{t(extend ? 'employer.publish.extendTitle' : 'employer.publish.title')}</h1>
      <PlanCards plans={plan} locale={locale} chosen={offer.planKey} />
      <section className="card" aria-labelledby="code-heading">
        <h2 id="code-heading">{t('employer.publish.codeTitle')}</h2>
        <p className="muted">{t('employer.publish.codeIntro')}</p>
        <div className="form-row">
          <TextField id="publish-code" label={t('employer.publish.code')} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" />
        </div>
        {codeState ? (
          <FormMessage kind={codeState.kind} testId="code-message">
            {codeState.text}
          </FormMessage>
        ) : null}
        <div className="offer-form__actions">
          <button type="button" className="button" onClick={check} disabled={!code.trim()} data-testid="verify-code">
            {t('employer.publish.verify')}
          </button>
          <button type="button" className="button button--primary" onClick={useCode} disabled={!codeChecked || busy} data-testid="use-code">
            {t(extend ? 'employer.publish.extendWithCode' : 'employer.publish.publishWithCode')}
          </button>
        </div>
      </section>
      <form className="card stack-form" onSubmit={pay} noValidate aria-labelledby="invoice-heading" data-testid="invoice-form">
        <h2 id="invoice-heading">{t('employer.publish.invoiceTitle')}</h2>
        {form.formState.errors.root?.server ? <FormMessage kind="error">{offerErrorText(t, form.formState.errors.root.server.message)}</FormMessage> : null}
        <TextField id="invoice-company" label={t('employer.publish.companyName')} required autoComplete="organization" error={err('invoice_company_name')} {...form.register('invoice_company_name')} />
        <TextField id="invoice-tax-id" label={t('employer.publish.taxId')} required error={err('invoice_tax_id')} {...form.register('invoice_tax_id')} />
        <div className="form-row">
          <TextField id="invoice-street" label={t('employer.publish.street')} required autoComplete="address-line1" error={err('invoice_street')} {...form.register('invoice_street')} />
          <TextField id="invoice-street-number" label={t('employer.publish.streetNumber')} required error={err('invoice_street_number')} {...form.register('invoice_street_number')} />
        </div>
        <div className="form-row">
          <TextField id="invoice-postal-code" label={t('employer.publish.postalCode')} required autoComplete="postal-code" error={err('invoice_postal_code')} {...form.register('invoice_postal_code')} />
          <TextField id="invoice-city" label={t('employer.publish.city')} required autoComplete="address-level2" error={err('invoice_city')} {...form.register('invoice_city')} />
          <TextField id="invoice-country" label={t('employer.publish.country')} required autoComplete="country" error={err('invoice_country')} {...form.register('invoice_country')} />
        </div>
        <CheckboxField id="invoice-newsletter" label={t('employer.signUp.newsletter')} {...form.register('subscribe_to_newsletter')} />
        {owner ? <CheckboxField id="invoice-save-billing" label={t('employer.publish.saveBilling')} {...form.register('save_billing_data')} /> : null}
        <CheckboxField id="invoice-regulations" label={t('employer.publish.regulations')} error={err('accepted_regulations')} {...form.register('accepted_regulations')} />
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="pay">
          {t('employer.publish.pay')}
        </button>
      </form>
    </div>
  );
}
