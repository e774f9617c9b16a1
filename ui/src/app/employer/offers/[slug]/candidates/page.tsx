/**
 * `/employer/offers/{slug}/candidates`: "Candidates for this offer" — the board's passive
 * candidates ranked by how well they match the offer, anonymous until they accept a conversation
 * request. Boards without `candidateChat` have no such page (404), as the API has no such path.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { OfferCandidates } from '@/features/employer/candidates/components/offer-candidates';
import { candidateCard, unnamedCities, vocabularyOf } from '@/features/employer/candidates/mapping';
import { cityNames, loadOfferCandidates } from '@/features/employer/candidates/server';
import { offerStateOrNotFound, publicOfferTitle } from '@/features/employer/offer/server';
import { employerPaths } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import { getConfig } from '@/features/config/api/get-config';
import { getTranslator } from '@/i18n/request';
import { candidateChatEnabled, chatInMaintenance } from '@/lib/flags';
import '@/features/employer/candidates/candidates.css';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCandidates.title') };
}

export default async function OfferCandidatesPage({ params }: Props) {
  const { slug } = await params;
  await requireEmployer(employerPaths.offerCandidates(slug));
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  if (!candidateChatEnabled(config.featureFlags)) notFound();
  const state = await offerStateOrNotFound(slug);
  const active = state.state === 'published' && state.isActive;
  const [title, load] = await Promise.all([publicOfferTitle(state, locale), active ? loadOfferCandidates(slug, locale) : Promise.resolve(null)]);
  const back = (
    <p className="candidates-back">
      <Link href={employerPaths.offer(slug)} data-testid="candidates-back">
        <span aria-hidden="true">← </span>
        {t('employerCandidates.back')}
      </Link>
    </p>
  );

  let body;
  if (!active || load?.kind === 'unavailable') {
    body = (
      <p className="candidates-inactive" data-testid="candidates-inactive">
        {t('employerCandidates.inactive')}
      </p>
    );
  } else if (load?.kind === 'failed') {
    body = (
      <div className="alert alert--error" role="alert" data-testid="candidates-error">
        <p>{t('employerCandidates.loadError')}</p>
        <a className="button" href={employerPaths.offerCandidates(slug)}>
          {t('employerCandidates.retry')}
        </a>
      </div>
    );
  } else if (load?.kind === 'ok') {
    const known = vocabularyOf(config, locale);
    const looked = await cityNames(unnamedCities(load.data.items, known.cities), locale);
    const vocabulary = vocabularyOf(config, locale, looked);
    const cards = load.data.items.map((item) => candidateCard(item, vocabulary, t));
    body = <OfferCandidates locale={locale} offerSlug={slug} offerTitle={title || slug} cards={cards} dailyLimit={load.data.dailyLimit} sentToday={load.data.sentToday} />;
  }

  return (
    <section className="candidates" aria-labelledby="candidates-heading" data-testid="offer-candidates">
      {back}
      <h1 id="candidates-heading">{t('employerCandidates.title')}</h1>
      {title ? (
        <p className="candidates-offer" data-testid="candidates-offer">
          {title}
        </p>
      ) : null}
      <p className="candidates-intro">{t('employerCandidates.intro')}</p>
      {chatInMaintenance(config.featureFlags) && load?.kind === 'ok' ? (
        <p className="form-message form-message--info candidates-maintenance" role="status" data-testid="candidates-maintenance">
          {t('employerCandidates.errors.maintenance')}
        </p>
      ) : null}
      {body}
    </section>
  );
}
