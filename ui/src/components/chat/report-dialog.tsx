'use client';
/** Reporting a message: a reason (spam, abuse, scam, other) and an optional note. */
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { chatErrorCode, chatErrorKey } from '@/lib/chat/errors';
import { REPORT_REASONS, type ReportReason } from '@/lib/chat/types';
import type { Locale } from '@/lib/types';

/** Longest note sent with a report. */
export const REPORT_NOTE_MAX = 1000;

export function ReportDialog({ locale, open, onClose, onSubmit }: { locale: Locale; open: boolean; onClose: () => void; onSubmit: (reason: ReportReason, note: string | null) => Promise<void> }) {
  const t = createTranslator(locale);
  const id = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; code: string }>({ kind: 'idle' });
  const close = () => {
    setState({ kind: 'idle' });
    setNote('');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'busy' });
    try {
      await onSubmit(reason, note.trim() ? note.trim() : null);
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'error', code: chatErrorCode(error) });
    }
  };
  return (
    <Dialog open={open} onClose={close} title={t('chat.report.title')} size="small" closeLabel={t('chat.report.close')} testId="chat-report-dialog">
      {state.kind === 'done' ? (
        <div className="stack-form">
          <FormMessage kind="success">{t('chat.report.done')}</FormMessage>
          <button type="button" className="button" onClick={close}>
            {t('chat.report.close')}
          </button>
        </div>
      ) : (
        <form className="stack-form" onSubmit={submit}>
          <fieldset className="form-fieldset">
            <legend>{t('chat.report.reason')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="checkbox">
                <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} />
                {t(`chat.report.${value}`)}
              </label>
            ))}
          </fieldset>
          <div className="form-field">
            <label htmlFor={`${id}-note`}>{t('chat.report.note')}</label>
            <textarea id={`${id}-note`} value={note} maxLength={REPORT_NOTE_MAX} onChange={(event) => setNote(event.target.value)} rows={3} />
          </div>
          {state.kind === 'error' ? <FormMessage kind="error">{t(chatErrorKey(state.code))}</FormMessage> : null}
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={state.kind === 'busy'}>
              {t('chat.report.send')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('chat.report.cancel')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
