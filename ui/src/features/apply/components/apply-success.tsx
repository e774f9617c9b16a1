'use client';
/**
 * After a form application (spec §2 "Apply", §4 "User status for apply prompts"): the company's
 * name, look-alike offers, and a prompt by user status — register (guest), fill in preferences
 * (`missingPreferences`) or the application history.
 */
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { OfferCard } from '@/components/ui/offer-card';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import type { Candidate } from '@/lib/candidate';
import { useSession } from '@/lib/session';
import type { Locale, Offer } from '@/lib/types';

export function CandidatePrompt({ locale, candidate, loginEnabled, next }: { locale: Locale; candidate: Candidate | null; loginEnabled: boolean; next: string }) {
  const t = createTranslator(locale);
  const { features } = useSession();
  if (!loginEnabled) return null;
  if (!candidate) {
    return (
      <section className="apply-prompt" data-testid="register-banner">
        <h3>{t('applySuccess.registerTitle')}</h3>
        <p>{t('applySuccess.registerBody')}</p>
        <p className="apply-prompt__actions">
          <Link className="button button--primary button--small" href={paths.register({ next })}>
            {t('account.register')}
          </Link>
          <Link className="button button--small" href={paths.login({ next })}>
            {t('account.login')}
          </Link>
        </p>
      </section>
    );
  }
  if (candidate.status === 'missingPreferences') {
    return (
      <section className="apply-prompt" data-testid="preferences-banner">
        <h3>{t('applySuccess.preferencesTitle')}</h3>
        <p>{t('applySuccess.preferencesBody')}</p>
        <p className="apply-prompt__actions">
          <Link className="button button--primary button--small" href={`${paths.account()}#preferences`}>
            {t('account.goToProfile')}
          </Link>
        </p>
      </section>
    );
  }
  // The history link only where the board keeps one (`applicationHistory`).
  return features.history ? (
    <p>
      <Link href={paths.applicationHistory()}>{t('applySuccess.historyLink')}</Link>
    </p>
  ) : null;
}

export function ApplySuccess({ locale, company, lookalikes, candidate, loginEnabled, next }: { locale: Locale; company: string; lookalikes: Offer[]; candidate: Candidate | null; loginEnabled: boolean; next: string }) {
  const t = createTranslator(locale);
  const top = useRef<HTMLDivElement>(null);
  // The success replaces a form that was scrolled down to its submit button: start at its top, so
  // the check mark and the title are what one sees first (a phone showed them cut off).
  useEffect(() => top.current?.scrollIntoView({ block: 'start' }), []);
  return (
    <div className="apply-success" data-testid="apply-success" role="status" ref={top}>
      <p className="apply-success__icon" aria-hidden="true">
        ✓
      </p>
      <h3 className="apply-success__title">{t('applySuccess.title')}</h3>
      <p>{t('applySuccess.body', { company })}</p>
      <CandidatePrompt locale={locale} candidate={candidate} loginEnabled={loginEnabled} next={next} />
      {lookalikes.length ? (
        <section className="apply-lookalikes" aria-labelledby="apply-lookalikes-heading">
          <h3 id="apply-lookalikes-heading">{t('applySuccess.lookalikes')}</h3>
          <ul className="offer-list">
            {lookalikes.slice(0, 3).map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
