'use client';
/**
 * "Send a conversation request": the first message to an anonymous candidate (required, up to
 * 2,000 characters with a counter). The candidate sees the company, the offer and this message,
 * and accepts (sharing what they choose) or declines. The API's text refusals land on the field;
 * the daily limit, the chat's maintenance and anything else are said in the dialog and reported
 * to the page (`onFailed`), which shows the limit and the request's status on the card.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage, TextArea } from '@/components/ui/form-field';
import { createTranslator, type MessageKey } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { sendConversationRequest } from '../api';
import type { CandidateCard } from '../mapping';
import { messageCounter, messageErrorKey, REQUEST_MESSAGE_MAX, requestFailure, requestSchema, type RequestFailure, type RequestValues } from '../request-form';
import type { SentRequest } from '../types';

const MESSAGE_ID = 'candidate-request-message';

/** The sentence of a failure the dialog shows above its buttons (a field error shows at the field). */
export function failureKey(failure: Exclude<RequestFailure, { kind: 'field' }>): MessageKey {
  switch (failure.kind) {
    case 'limit':
      return 'employerCandidates.errors.dailyLimit';
    case 'maintenance':
      return 'employerCandidates.errors.maintenance';
    case 'already':
      return 'employerCandidates.errors.alreadyRequested';
    case 'gone':
      return 'employerCandidates.errors.gone';
    case 'session':
      return 'employerCandidates.errors.session';
    default:
      return failure.key;
  }
}

export function RequestDialog({
  locale,
  offerSlug,
  offerTitle,
  card,
  rank,
  dailyLimit,
  left,
  onClose,
  onSent,
  onFailed,
}: {
  locale: Locale;
  offerSlug: string;
  offerTitle: string;
  /** The candidate asked; null keeps the dialog closed. */
  card: CandidateCard | null;
  rank: number;
  dailyLimit: number;
  /** Requests left today as this page knows it: at 0 the dialog says so before anything is written (the server decides). */
  left: number;
  onClose: () => void;
  onSent: (sent: SentRequest) => void;
  onFailed: (failure: RequestFailure) => void;
}) {
  const t = createTranslator(locale);
  const form = useForm<RequestValues>({ defaultValues: { message: '' }, mode: 'onTouched', resolver: zodResolver(requestSchema) });
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const counter = messageCounter(message);
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<MessageKey | null>(null);

  const close = () => {
    if (isSubmitting) return;
    form.reset({ message: '' });
    setFailure(null);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (!card) return;
    setFailure(null);
    try {
      const sent = await sendConversationRequest({ offerSlug, candidateRef: card.ref, message: values.message });
      form.reset({ message: '' });
      onSent(sent);
    } catch (error) {
      const failed = requestFailure(error);
      if (failed.kind === 'field') form.setError('message', { type: 'server', message: failed.key }, { shouldFocus: true });
      else setFailure(failureKey(failed));
      onFailed(failed);
    }
  });

  const errorText = errors.message?.message ? t(messageErrorKey(errors.message.message)) : null;
  const counterClass = counter.over ? 'counter counter--over' : counter.warn ? 'counter counter--warn' : 'counter';
  return (
    <Dialog
      open={card !== null}
      onClose={close}
      title={t('employerCandidates.dialog.title')}
      closeLabel={t('employerCandidates.dialog.cancel')}
      testId="candidate-request-dialog"
      // The message is what the dialog is for (the Dialog's own default lands on its close button).
      initialFocus={() => document.getElementById(MESSAGE_ID)}
      footer={
        <div className="candidate-request__actions">
          <button type="button" className="button" onClick={close} disabled={isSubmitting}>
            {t('employerCandidates.dialog.cancel')}
          </button>
          <button type="submit" form="candidate-request-form" className="button button--primary" disabled={isSubmitting} data-testid="candidate-request-send">
            {isSubmitting ? t('employerCandidates.dialog.sending') : t('employerCandidates.dialog.send')}
          </button>
        </div>
      }
    >
      {card ? (
        <form id="candidate-request-form" className="stack-form candidate-request" onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
          <p className="candidate-request__to">
            {t('employerCandidates.dialog.to', { name: t('employerCandidates.anonymous', { rank }), percent: card.percent, offer: offerTitle })}
          </p>
          <p className="muted">{t('employerCandidates.dialog.explain')}</p>
          {left === 0 && !failure ? (
            <FormMessage kind="info" testId="candidate-request-limit-used">
              {t('employerCandidates.limitUsed')}
            </FormMessage>
          ) : null}
          <TextArea
            id={MESSAGE_ID}
            label={t('employerCandidates.dialog.message')}
            required
            rows={7}
            hint={t('employerCandidates.dialog.messageHint')}
            aside={
              <span className={counterClass} data-testid="candidate-request-counter">
                {t('employerCandidates.dialog.counter', { n: counter.used, max: REQUEST_MESSAGE_MAX })}
                {counter.warn && !counter.over ? <span className="visually-hidden"> {t('employerCandidates.dialog.counterWarning', { n: counter.left })}</span> : null}
              </span>
            }
            error={errorText}
            {...form.register('message')}
          />
          <p className="muted candidate-request__limit">{t('employerCandidates.dialog.limit', { limit: dailyLimit })}</p>
          {failure ? (
            <FormMessage kind="error" testId="candidate-request-error">
              {t(failure)}
            </FormMessage>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
