import type { Metadata } from 'next';
import { SummaryStep } from '@/features/employer/offer/components/summary-step';
import { getFormInputs } from '@/features/employer/offer/server';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import '@/features/employer/offer/offer.css';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.summary.title') };
}

export default async function OfferSummaryPage({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  await requireEmployer(employerPaths.offerSummary(slug));
  const { locale } = await getTranslator();
  return <SummaryStep slug={slug} inputs={await getFormInputs(locale)} locale={locale} extend={query.extend === '1'} />;
}
