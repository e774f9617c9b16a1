import type { Metadata } from 'next';
import { PublishStep } from '@/features/employer/offer/components/publish-step';
import { getPlans } from '@/features/employer/offer/server';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import '@/features/employer/offer/offer.css';

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.publish.title') };
}

export default async function OfferPublishPage({ params, searchParams }: Props) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  await requireEmployer(employerPaths.offerPublish(slug));
  const { locale } = await getTranslator();
  return <PublishStep slug={slug} plans={await getPlans(locale)} locale={locale} extend={query.extend === '1'} />;
}
