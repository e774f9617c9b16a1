import type { Metadata } from 'next';
import Link from 'next/link';
import type { OfferState } from '@/features/employer/offer/types';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.end.title') };
}

/** The end page after finishing a recruitment (`GET /v2/employer-panel/offers/end/{slug}`). */
export default async function OfferEndPage({ params }: Props) {
  const { slug } = await params;
  await requireEmployer(employerPaths.offerEnd(slug));
  const { locale, t } = await getTranslator();
  const state = await employerServerGet<OfferState>(`/v2/employer-panel/offers/end/${encodeURIComponent(slug)}`);
  const date = (seconds: number | null) => (seconds ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000)) : '');
  return (
    <section className="card" aria-labelledby="end-heading" data-testid="offer-end" data-state={state.state}>
      <h1 id="end-heading">{t('employer.end.title')}</h1>
      <p>{t('employer.end.body')}</p>
      {state.finishedAt ? <p className="muted">{t('employer.manage.finishedAt', { date: date(state.finishedAt) })}</p> : null}
      <Link className="button" href={employerPaths.offer(slug)}>
        {t('employer.end.back')}
      </Link>
    </section>
  );
}
