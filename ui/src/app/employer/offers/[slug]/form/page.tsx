import type { Metadata } from 'next';
import { getConfig } from '@/features/config/api/get-config';
import { OfferEditor } from '@/features/employer/offer/components/offer-editor';
import { getFormInputs, getPlans, planNames } from '@/features/employer/offer/server';
import { FORM_VARIANTS, type FormVariant } from '@/features/employer/offer/types';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import '@/features/employer/offer/offer.css';
import { assistantEnabled } from '@/lib/flags';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function variantOf(value: string | string[] | undefined): FormVariant {
  const text = Array.isArray(value) ? value[0] : value;
  return (FORM_VARIANTS as readonly string[]).includes(text ?? '') ? (text as FormVariant) : 'edit';
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t(`employer.offerForm.title.${variantOf((await searchParams).variant)}`) };
}

/** `/employer/offers/{slug}/form?variant=create|edit|duplicate|refresh|extend`: the offer form, titled by its variant. */
export default async function OfferFormPage({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const variant = variantOf(query.variant);
  await requireEmployer(employerPaths.offerForm(slug, variant));
  const { locale } = await getTranslator();
  const [inputs, plans, config] = await Promise.all([getFormInputs(locale), getPlans(locale), getConfig().catch(() => null)]);
  // The AI assistant (issue 26) where the board has it on.
  const assistant = config ? assistantEnabled(config.featureFlags) : false;
  return <OfferEditor slug={slug} variant={variant} inputs={inputs} locale={locale} planNames={planNames(plans)} graphicsPlans={plans.filter((plan) => plan.enableGraphics).map((plan) => plan.slug)} assistant={assistant} />;
}
