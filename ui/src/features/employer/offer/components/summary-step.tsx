'use client';
/** The summary page: what candidates will see, then on to publishing (or back to the form). */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerPaths } from '@/features/employer/paths';
import type { Locale } from '@/lib/types';
import { loadOffer } from '../api';
import type { EmployerOffer, FormInputs } from '../types';
import { offerErrorText } from './form-kit';
import { OfferSummaryView } from './offer-summary';

export function SummaryStep({ slug, inputs, locale, extend }: { slug: string; inputs: FormInputs; locale: Locale; extend: boolean }) {
  const t = createTranslator(locale);
  const [offer, setOffer] = useState<EmployerOffer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    loadOffer(slug)
      .then(setOffer)
      .catch((error) => setFailure(error instanceof ApiError ? error.code : 'network_error'));
  }, [slug]);
  if (failure) return <FormMessage kind="error">{offerErrorText(t, failure)}</FormMessage>;
  if (!offer) return <p className="muted">{t('employer.offerForm.loading')}</p>;
  const variant = extend ? 'extend' : offer.state === 'draft' ? (offer.creationType === 'new' ? 'create' : offer.creationType) : 'edit';
  return (
    <div data-testid="summary-step">
      <h1>{t('employer.summary.title')}</h1>
      {offer.summary && offer.errors.length === 0 ? (
        <>
          <p className="muted">{t('employer.summary.intro')}</p>
          <OfferSummaryView summary={offer.summary} inputs={inputs} locale={locale} />
        </>
      ) : (
        <FormMessage kind="error" testId="summary-incomplete">
          {t('employer.summary.incomplete')}
        </FormMessage>
      )}
      <div className="offer-form__actions">
        <Link className="button" href={employerPaths.offerForm(slug, variant)} data-testid="summary-edit">
          {t('employer.summary.edit')}
        </Link>
        {offer.summary && offer.errors.length === 0 ? (
          <Link className="button button--primary" href={`${employerPaths.offerPublish(slug)}${extend ? '?extend=1' : ''}`} data-testid="summary-publish">
            {t(extend ? 'employer.summary.toExtend' : 'employer.summary.toPublish')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
