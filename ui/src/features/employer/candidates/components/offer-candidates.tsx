'use client';
/**
 * "Candidates for this offer": the board's passive candidates, best match first, as anonymous
 * cards (seniority, key skills, place, salary expectation, categories, contract types), each with
 * its match explained per criterion in a disclosure and the company's request to them: a button
 * to send one, or its status (accepted ones link to the conversation). The day's allowance of
 * requests is shown above the list and kept current as requests go out.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { createTranslator, type MessageKey } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { canRequest, conversationHref, requestsLeft, shownRequest, type CandidateCard } from '../mapping';
import type { RequestFailure } from '../request-form';
import type { RequestSummary, SentRequest } from '../types';
import { RequestDialog } from './request-dialog';

/** Cards shown at first and added by "show more" (a phone scrolls through them one by one). */
export const CARDS_STEP = 20;

type Notice = { kind: 'success' | 'error' | 'info'; key: MessageKey; values?: Record<string, string | number> };

export function OfferCandidates({
  locale,
  offerSlug,
  offerTitle,
  cards,
  dailyLimit,
  sentToday: servedSentToday,
}: {
  locale: Locale;
  offerSlug: string;
  offerTitle: string;
  cards: CandidateCard[];
  dailyLimit: number;
  sentToday: number;
}) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [sentHere, setSentHere] = useState<Record<string, RequestSummary>>({});
  const [sentToday, setSentToday] = useState(servedSentToday);
  const [asking, setAsking] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [shown, setShown] = useState(CARDS_STEP);
  // The asked card's status after a request went out: its button is gone, so focus goes there.
  const [focusStatus, setFocusStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!focusStatus) return;
    document.getElementById(statusId(focusStatus))?.focus();
    setFocusStatus(null);
  }, [focusStatus]);
  // The server's count wins once it is higher (a refresh after other recruiters' requests).
  const usedToday = Math.max(sentToday, servedSentToday);
  const left = requestsLeft(dailyLimit, usedToday);
  const askedCard = asking === null ? null : cards[asking] ?? null;

  const onSent = (sent: SentRequest) => {
    const card = askedCard;
    setAsking(null);
    if (!card) return;
    setSentHere((known) => ({ ...known, [card.ref]: { id: sent.id, status: sent.status, conversationId: sent.conversationId } }));
    setSentToday(usedToday + 1);
    setNotice({ kind: 'success', key: 'employerCandidates.sent', values: { name: t('employerCandidates.anonymous', { rank: (asking ?? 0) + 1 }) } });
    setFocusStatus(card.ref);
    // The server's list is the source of truth for the statuses and the count.
    router.refresh();
  };

  const onFailed = (failure: RequestFailure) => {
    if (failure.kind === 'limit') {
      setSentToday(Math.max(usedToday, dailyLimit));
      setNotice({ kind: 'error', key: 'employerCandidates.errors.dailyLimit' });
    } else if (failure.kind === 'maintenance') {
      setNotice({ kind: 'info', key: 'employerCandidates.errors.maintenance' });
    } else if (failure.kind === 'already' || failure.kind === 'gone') {
      // Asked meanwhile by a colleague, or no longer open to offers: the server's list says which.
      router.refresh();
    }
  };

  if (cards.length === 0) {
    return (
      <div className="candidates-empty" data-testid="candidates-empty">
        <h2>{t('employerCandidates.emptyTitle')}</h2>
        <p>{t('employerCandidates.emptyBody')}</p>
      </div>
    );
  }

  return (
    <>
      <p className={`candidates-limit${left === 0 ? ' candidates-limit--used' : ''}`} data-testid="candidates-limit" data-sent={usedToday} data-limit={dailyLimit}>
        {t('employerCandidates.limit', { sent: usedToday, limit: dailyLimit })} <span className="muted">{left === 0 ? t('employerCandidates.limitUsed') : t('employerCandidates.limitLeft', { count: left })}</span>
      </p>
      {/* Always in the page, so what is written into it is announced. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="candidates-notice">
        {notice ? (
          <p className={`form-message form-message--${notice.kind}`} data-testid={`candidates-notice-${notice.kind}`}>
            {t(notice.key, notice.values)}
          </p>
        ) : null}
      </div>
      <ol className="candidates-list" data-testid="candidates-list">
        {cards.slice(0, shown).map((card, index) => (
          <li key={card.ref}>
            <CandidateCardView locale={locale} card={card} rank={index + 1} request={shownRequest(card.request, sentHere[card.ref])} onAsk={() => setAsking(index)} />
          </li>
        ))}
      </ol>
      {cards.length > shown ? (
        <p>
          <button type="button" className="button" onClick={() => setShown((count) => count + CARDS_STEP)} data-testid="candidates-more">
            {t('employerCandidates.more', { count: Math.min(CARDS_STEP, cards.length - shown) })}
          </button>
        </p>
      ) : null}
      <RequestDialog
        locale={locale}
        offerSlug={offerSlug}
        offerTitle={offerTitle}
        card={askedCard}
        rank={(asking ?? 0) + 1}
        dailyLimit={dailyLimit}
        left={left}
        onClose={() => setAsking(null)}
        onSent={onSent}
        onFailed={onFailed}
      />
    </>
  );
}

function Facts({ label, values, empty, testId }: { label: string; values: string[]; empty: string; testId: string }) {
  return (
    <div className="candidate-card__fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{values.length ? values.join(', ') : <span className="muted">{empty}</span>}</dd>
    </div>
  );
}

function CandidateCardView({ locale, card, rank, request, onAsk }: { locale: Locale; card: CandidateCard; rank: number; request: RequestSummary | null; onAsk: () => void }) {
  const t = createTranslator(locale);
  const titleId = `candidate-${card.ref}-title`;
  const place = [...card.cities, ...(card.remote ? [t('employerCandidates.remote')] : [])];
  const notGiven = t('employerCandidates.notGiven');
  return (
    <article className="candidate-card" aria-labelledby={titleId} data-testid="candidate-card" data-ref={card.ref} data-percent={card.percent} data-status={request?.status ?? 'none'}>
      <header className="candidate-card__header">
        <h2 id={titleId} className="candidate-card__title">
          {t('employerCandidates.anonymous', { rank })}
          {card.seniority.length ? <span className="candidate-card__seniority"> · {card.seniority.join(', ')}</span> : null}
        </h2>
        <p className="candidate-card__match" data-testid="candidate-match">
          <strong>{t('employerCandidates.match', { percent: card.percent })}</strong>
          <span className="candidate-bar" aria-hidden="true">
            <span style={{ width: `${card.percent}%` }} />
          </span>
        </p>
      </header>
      <dl className="candidate-card__facts">
        <Facts label={t('employerCandidates.fact.skills')} values={card.skills} empty={notGiven} testId="candidate-skills" />
        <Facts label={t('employerCandidates.fact.place')} values={place} empty={notGiven} testId="candidate-place" />
        <Facts label={t('employerCandidates.fact.salary')} values={card.salary ? [card.salary] : []} empty={t('employerCandidates.salaryHidden')} testId="candidate-salary" />
        <Facts label={t('employerCandidates.fact.categories')} values={card.categories} empty={notGiven} testId="candidate-categories" />
        <Facts label={t('employerCandidates.fact.contractTypes')} values={card.contractTypes} empty={notGiven} testId="candidate-contracts" />
      </dl>
      <details className="candidate-why" data-testid="candidate-why">
        <summary>{t('employerCandidates.why', { percent: card.percent })}</summary>
        {card.criteria.length ? (
          <ul className="candidate-why__list">
            {card.criteria.map((criterion) => (
              <li key={criterion.criterion} className={`candidate-why__item candidate-why__item--${criterion.fulfilment}`} data-criterion={criterion.criterion} data-percent={criterion.percent}>
                <span className="candidate-why__mark" aria-hidden="true">
                  {criterion.fulfilment === 'full' ? '✓' : criterion.fulfilment === 'partial' ? '◐' : '✗'}
                </span>
                <span className="candidate-why__text">
                  {criterion.sentence}
                  {criterion.weight !== null ? <span className="muted"> {t('employerCandidates.weight', { weight: criterion.weight })}</span> : null}
                </span>
                <span className="candidate-bar candidate-bar--small" aria-hidden="true">
                  <span style={{ width: `${criterion.percent}%` }} />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('employerCandidates.noCriteria')}</p>
        )}
        <p className="muted candidate-why__note">{t('employerCandidates.whyNote')}</p>
      </details>
      <footer className="candidate-card__footer">
        <RequestState locale={locale} candidateRef={card.ref} request={request} rank={rank} onAsk={onAsk} />
      </footer>
    </article>
  );
}

/** The id of a card's request status (focused once a request went out). */
const statusId = (ref: string) => `candidate-${ref}-status`;

function RequestState({ locale, candidateRef, request, rank, onAsk }: { locale: Locale; candidateRef: string; request: RequestSummary | null; rank: number; onAsk: () => void }) {
  const t = createTranslator(locale);
  const name = t('employerCandidates.anonymous', { rank });
  return (
    <>
      {request ? (
        <p className="candidate-card__status" id={statusId(candidateRef)} tabIndex={-1}>
          <span className={`badge request-status request-status--${request.status}`} data-testid="candidate-request-status">
            {t(`employerCandidates.status.${request.status}`)}
          </span>{' '}
          <span className="muted">{t(`employerCandidates.statusHint.${request.status}`)}</span>
        </p>
      ) : null}
      {request?.status === 'accepted' && request.conversationId ? (
        <Link className="button button--primary" href={conversationHref(request.conversationId)} prefetch={false} data-testid="candidate-conversation-link">
          {t('employerCandidates.openConversation')}
          <span className="visually-hidden"> {t('employerCandidates.with', { name })}</span>
        </Link>
      ) : null}
      {canRequest(request) ? (
        <button type="button" className="button button--primary" onClick={onAsk} data-testid="candidate-ask">
          {request ? t('employerCandidates.askAgain') : t('employerCandidates.ask')}
          <span className="visually-hidden"> {t('employerCandidates.to', { name })}</span>
        </button>
      ) : null}
    </>
  );
}
