import type { Metadata } from 'next';
import { NewOffer } from '@/features/employer/offer/components/new-offer';
import { getPlans } from '@/features/employer/offer/server';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import '@/features/employer/offer/offer.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.offerForm.title.create') };
}

/** A new offer starts with its plan (the plan's limits shape the form). */
export default async function NewOfferPage() {
  await requireEmployer(employerPaths.newOffer());
  const { locale, t } = await getTranslator();
  const plans = await getPlans(locale);
  return (
    <section aria-labelledby="new-offer-heading" data-testid="new-offer">
      <h1 id="new-offer-heading">{t('employer.offerForm.title.create')}</h1>
      <p className="muted">{t('employer.plans.intro')}</p>
      <NewOffer plans={plans} locale={locale} />
    </section>
  );
}
