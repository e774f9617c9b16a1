'use client';
/** `/employer/offers/new`: choosing a plan starts the draft (`POST /v1/offers/initiate`) and opens its form. */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerPaths } from '@/features/employer/paths';
import type { Plan } from '@/features/employer/types';
import type { Locale } from '@/lib/types';
import { initiateOffer } from '../api';
import { offerErrorText } from './form-kit';
import { PlanCards } from './plan-cards';

export function NewOffer({ plans, locale }: { plans: Plan[]; locale: Locale }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (plan: string) => {
    setBusy(true);
    setError(null);
    try {
      const slug = await initiateOffer(plan);
      router.push(employerPaths.offerForm(slug, 'create'));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.code : 'network_error');
      setBusy(false);
    }
  };
  return (
    <>
      {error ? <FormMessage kind="error">{offerErrorText(t, error)}</FormMessage> : null}
      <PlanCards plans={plans} locale={locale} onChoose={choose} busy={busy} />
    </>
  );
}
