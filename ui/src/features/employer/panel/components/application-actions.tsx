'use client';
/**
 * One application's actions: move its status (only the moves the API allows; optionally telling
 * the candidate by e-mail) and delete it after a confirmation dialog. After a change the page's
 * server-rendered list is refreshed.
 */
import { useRouter } from 'next/navigation';
import { useId, useRef, useState } from 'react';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerWrite } from '@/features/employer/session/client';
import type { Locale } from '@/lib/types';
import { nextStatuses } from '../query';
import type { ApplicationStatus } from '../types';

export function ApplicationActions({ locale, id, status, name }: { locale: Locale; id: string; status: ApplicationStatus; name: string }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const choices = nextStatuses(status);
  const [next, setNext] = useState<ApplicationStatus | ''>(choices[0] ?? '');
  const [notify, setNotify] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const selectId = useId();

  const fail = (error: unknown) =>
    setMessage({ kind: 'error', text: error instanceof ApiError && error.code === 'invalid_status_transition' ? t('employerApplications.transitionError') : t('employerApplications.error') });

  async function saveStatus() {
    if (!next) return;
    setBusy(true);
    setMessage(null);
    try {
      await employerWrite('PATCH', `/v2/employer-panel/applications/${encodeURIComponent(id)}/status`, { status: next, notifyCandidate: notify });
      setMessage({ kind: 'ok', text: t('employerApplications.saved') });
      router.refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await employerWrite('DELETE', `/v2/employer-panel/applications/${encodeURIComponent(id)}`);
      dialog.current?.close();
      router.refresh();
    } catch (error) {
      dialog.current?.close();
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="panel-actions" data-testid="application-actions">
      {choices.length ? (
        <>
          <label htmlFor={selectId} className="visually-hidden">{t('employerApplications.changeStatus')}</label>
          <select id={selectId} value={next} onChange={(event) => setNext(event.target.value as ApplicationStatus)} disabled={busy} data-testid="status-select">
            {choices.map((choice) => (
              <option key={choice} value={choice}>{t(`applicationStatus.${choice}`)}</option>
            ))}
          </select>
          <label>
            <input type="checkbox" checked={notify} onChange={(event) => setNotify(event.target.checked)} disabled={busy} data-testid="status-notify" />
            {t('employerApplications.notify')}
          </label>
          <button type="button" className="button" onClick={() => void saveStatus()} disabled={busy} data-testid="status-save">
            {t('employerApplications.save')}
          </button>
        </>
      ) : null}
      <button type="button" className="button button--danger" onClick={() => dialog.current?.showModal()} disabled={busy} data-testid="application-delete">
        {t('employerApplications.delete')}
      </button>
      {message ? (
        <span role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'alert alert--error' : 'muted'}>
          {message.text}
        </span>
      ) : null}
      <dialog ref={dialog} className="panel-confirm" aria-labelledby={`${selectId}-confirm`} data-testid="delete-dialog">
        <p id={`${selectId}-confirm`}>{t('employerApplications.confirmDelete', { name })}</p>
        <div className="panel-actions">
          <button type="button" className="button button--danger" onClick={() => void remove()} disabled={busy} data-testid="delete-confirm">
            {t('employerApplications.confirm')}
          </button>
          <button type="button" className="button" onClick={() => dialog.current?.close()} disabled={busy}>
            {t('employerApplications.cancel')}
          </button>
        </div>
      </dialog>
    </div>
  );
}
