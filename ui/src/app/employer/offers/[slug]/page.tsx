import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ManageOffer } from '@/features/employer/offer/components/manage-offer';
import type { OfferState } from '@/features/employer/offer/types';
import { getTranslator } from '@/i18n/request';
import { ApiError, apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import '@/features/employer/offer/offer.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.manage.title') };
}

/** The offer's management page (state from `GET /v2/employer-panel/offers/end/{slug}`). */
export default async function ManageOfferPage({ params }: Props) {
  const { slug } = await params;
  await requireEmployer(employerPaths.offer(slug));
  const { locale } = await getTranslator();
  let state: OfferState;
  try {
    state = await employerServerGet<OfferState>(`/v2/employer-panel/offers/end/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
  // The public title, when candidates can see the offer.
  const title = state.state === 'published' ? await apiGet<{ title: string }>(`/v1/offers/${encodeURIComponent(slug)}`, undefined, { locale, board: await boardSlug() }).then((offer) => offer.title).catch(() => '') : '';
  return <ManageOffer initial={state} title={title} locale={locale} />;
}
