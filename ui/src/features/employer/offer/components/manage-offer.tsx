'use client';
/**
 * `/employer/offers/{slug}`: the offer's state and what can be done with it — edit, duplicate,
 * refresh (an ended offer), extend, finish the recruitment (an active one), delete (an inactive
 * one), each confirmed where it cannot be undone.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerPaths } from '@/features/employer/paths';
import type { Locale } from '@/lib/types';
import { copyOffer, deleteOffer, finishOffer } from '../api';
import type { OfferState } from '../types';
import { offerErrorText } from './form-kit';

/** The state word shown: published offers past their end are expired. */
export function stateLabel(state: OfferState): 'draft' | 'published' | 'finished' | 'expired' {
  if (state.state === 'published' && !state.isActive) return 'expired';
  return state.state;
}

export function ManageOffer({ initial, title, locale }: { initial: OfferState; title: string; locale: Locale }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [state, setState] = useState(initial);
  const [confirm, setConfirm] = useState<'finish' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const date = (seconds: number | null) => (seconds ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(seconds * 1000)) : '');
  // A bump is done on its day, at the scheduler's hour: the day is what the employer can rely on.
  const day = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
  const shown = stateLabel(state);
  const ended = shown === 'finished' || shown === 'expired';
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.code : 'network_error');
    } finally {
      setBusy(false);
    }
  };
  const copy = (kind: 'duplicate' | 'refresh') => run(async () => router.push(employerPaths.offerForm(await copyOffer(state.slug, kind), kind)));
  const finish = () =>
    run(async () => {
      const next = await finishOffer(state.slug);
      if (next) setState(next);
      setConfirm(null);
      router.push(employerPaths.offerEnd(state.slug));
    });
  const remove = () =>
    run(async () => {
      await deleteOffer(state.slug);
      setConfirm(null);
      router.push(employerPaths.offers());
    });
  return (
    <section aria-labelledby="manage-heading" data-testid="manage-offer" data-state={shown}>
      <h1 id="manage-heading">{title || t('employer.manage.title')}</h1>
      <p>
        <span className="badge" data-testid="offer-state">
          {t(`employer.manage.state.${shown}`)}
        </span>
      </p>
      <ul className="manage-dates">
        {state.publishedAt ? <li>{t('employer.manage.publishedAt', { date: date(state.publishedAt) })}</li> : null}
        {state.expiresAt && state.isActive ? <li>{t('employer.manage.expiresAt', { date: date(state.expiresAt), days: state.daysLeft })}</li> : null}
        {state.finishedAt ? <li>{t('employer.manage.finishedAt', { date: date(state.finishedAt) })}</li> : null}
        {state.isActive && state.bumps.count > 0 ? (
          <li data-testid="offer-bumps">
            {state.bumps.left > 0 && state.bumps.nextAt
              ? t('employer.manage.bumps', { count: state.bumps.left, left: state.bumps.left, total: state.bumps.count, date: day(state.bumps.nextAt) })
              : t('employer.manage.bumpsDone', { count: state.bumps.count })}
          </li>
        ) : null}
      </ul>
      {error ? <FormMessage kind="error" testId="manage-error">{offerErrorText(t, error)}</FormMessage> : null}
      <div className="offer-form__actions">
        {state.state === 'draft' ? (
          <Link className="button button--primary" href={employerPaths.offerForm(state.slug, 'edit')} data-testid="manage-continue">
            {t('employer.manage.continue')}
          </Link>
        ) : null}
        {state.state === 'published' && state.isActive ? (
          <>
            <Link className="button button--primary" href={employerPaths.offerForm(state.slug, 'edit')} data-testid="manage-edit">
              {t('employer.manage.edit')}
            </Link>
            <Link className="button" href={paths.offer(state.slug)} data-testid="manage-view">
              {t('employer.manage.view')}
            </Link>
          </>
        ) : null}
        {state.state !== 'draft' ? (
          <Link className="button" href={employerPaths.offerForm(state.slug, 'extend')} data-testid="manage-extend">
            {t('employer.manage.extend')}
          </Link>
        ) : null}
        <button type="button" className="button" onClick={() => copy('duplicate')} disabled={busy} data-testid="manage-duplicate">
          {t('employer.manage.duplicate')}
        </button>
        {ended ? (
          <button type="button" className="button" onClick={() => copy('refresh')} disabled={busy} data-testid="manage-refresh">
            {t('employer.manage.refresh')}
          </button>
        ) : null}
        {state.isActive ? (
          <button type="button" className="button" onClick={() => setConfirm('finish')} disabled={busy} data-testid="manage-finish">
            {t('employer.manage.finish')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setConfirm('delete')} disabled={busy} data-testid="manage-delete">
            {t('employer.manage.delete')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'delete' ? 'employer.manage.deleteTitle' : 'employer.manage.finishTitle')}
        confirmLabel={t(confirm === 'delete' ? 'employer.manage.delete' : 'employer.manage.finish')}
        cancelLabel={t('employer.manage.cancel')}
        closeLabel={t('employer.manage.cancel')}
        busy={busy}
        onConfirm={confirm === 'delete' ? remove : finish}
        onCancel={() => setConfirm(null)}
        testId="manage-confirm"
        confirmTestId="manage-confirm-yes"
      >
        <p>{t(confirm === 'delete' ? 'employer.manage.deleteBody' : 'employer.manage.finishBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
