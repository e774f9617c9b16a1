/**
 * `/employer/offers/{slug}/candidates`: "Candidates for this offer" — the board's passive
 * candidates ranked by how well they match the offer, anonymous until they accept a conversation
 * request. Boards without `candidateChat` have no such page (404), as the API has no such path.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
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
  // Decided before anything is sent, so these answer with a real 404 status.
  if (!candidateChatEnabled(config.featureFlags)) notFound();
  const state = await offerStateOrNotFound(slug);
  const active = state.state === 'published' && state.isActive;
  const title = await publicOfferTitle(state, locale);
  return (
    <section className="candidates" aria-labelledby="candidates-heading" data-testid="offer-candidates">
      <p className="candidates-back">
        <Link href={employerPaths.offer(slug)} data-testid="candidates-back">
          <span aria-hidden="true">← </span>
          {t('employerCandidates.back')}
        </Link>
      </p>
      <h1 id="candidates-heading">{t('employerCandidates.title')}</h1>
      {title ? (
        <p className="candidates-offer" data-testid="candidates-offer">
          {title}
        </p>
      ) : null}
      <p className="candidates-intro">{t('employerCandidates.intro')}</p>
      {active ? (
        // The ranking is computed for the offer on each visit: the page's frame comes first.
        <Suspense fallback={<CandidatesLoading text={t('employerCandidates.loading')} />}>
          <RankedCandidates slug={slug} title={title || slug} />
        </Suspense>
      ) : (
        <Inactive text={t('employerCandidates.inactive')} />
      )}
    </section>
  );
}

function Inactive({ text }: { text: string }) {
  return (
    <p className="candidates-inactive" data-testid="candidates-inactive">
      {text}
    </p>
  );
}

function CandidatesLoading({ text }: { text: string }) {
  return (
    <div aria-busy="true" data-testid="candidates-loading">
      <p role="status">{text}</p>
      <ol className="candidates-list" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <li key={index}>
            <div className="candidate-card candidate-card--placeholder" />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The ranked list with the board's names for what the candidates want, or why there is none. */
async function RankedCandidates({ slug, title }: { slug: string; title: string }) {
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  const load = await loadOfferCandidates(slug, locale);
  if (load.kind === 'unavailable') return <Inactive text={t('employerCandidates.inactive')} />;
  if (load.kind === 'failed') {
    return (
      <div className="alert alert--error" role="alert" data-testid="candidates-error">
        <p>{t('employerCandidates.loadError')}</p>
        <a className="button" href={employerPaths.offerCandidates(slug)}>
          {t('employerCandidates.retry')}
        </a>
      </div>
    );
  }
  const known = vocabularyOf(config, locale);
  const vocabulary = vocabularyOf(config, locale, await cityNames(unnamedCities(load.data.items, known.cities), locale));
  const cards = load.data.items.map((item) => candidateCard(item, vocabulary, t));
  return (
    <>
      {chatInMaintenance(config.featureFlags) ? (
        <p className="form-message form-message--info candidates-maintenance" role="status" data-testid="candidates-maintenance">
          {t('employerCandidates.errors.maintenance')}
        </p>
      ) : null}
      <OfferCandidates locale={locale} offerSlug={slug} offerTitle={title} cards={cards} dailyLimit={load.data.dailyLimit} sentToday={load.data.sentToday} />
    </>
  );
}
