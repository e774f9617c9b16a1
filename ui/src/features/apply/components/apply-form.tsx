'use client';
/**
 * The apply form (spec §4 "Apply form flow", §5): name, e-mail, message with its counter (warning
 * 100 before 1000), attachment (pdf/docx/jpeg/png ≤ 5,000,000 bytes, checked here too), the
 * offer's consents cut at 120 characters; the board's captcha, when it has one. A logged-in candidate finds it prefilled; while the
 * four one-click conditions hold, the stored CV goes instead of an attachment. The server's
 * field errors land on their field; any other failure is reported to the caller (snackbar).
 */
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FieldChrome, FormMessage, TextArea, TextField } from '@/components/ui/form-field';
import { createTranslator, type MessageKey, type Translator } from '@/i18n/translate';
import { ATTACHMENT_ACCEPT, formatBytes } from '@/lib/attachments';
import type { CaptchaWidget } from '@/lib/boards';
import type { Candidate } from '@/lib/candidate';
import { errorKey, placeServerError } from '@/lib/form-errors';
import type { Locale } from '@/lib/types';
import { submitApplication } from '../api/apply';
import { APPLY_FIELDS, applicationFormData, isOneClickApply, messageCounter, MESSAGE_MAX, newestDocument, prefilledValues, type ApplyValues } from '../rules';
import { applySchema, characterCount } from '../schema';
import { CaptchaChallenge } from './captcha-challenge';
import { ConsentText } from './consent-text';

export interface ApplyConsents {
  informationClause: string | null;
  futureConsent: string | null;
  customConsent: string | null;
}

const FIELD_LABELS: Record<string, MessageKey> = { name: 'applyForm.name', email: 'applyForm.email', message: 'applyForm.message', attachment: 'applyForm.attachment' };

/** The text of an error code on a field: the spec's `applyForm.errors.*`, else an account text, else the generic one. */
export function applyErrorText(t: Translator, code: string | undefined, field: string): string | null {
  if (!code) return null;
  const fallback = errorKey('account.errors', code, 'errors.sthWentWrong');
  return t(errorKey('applyForm.errors', code, fallback), { field: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field });
}

export function ApplyForm({
  locale,
  slug,
  consents,
  candidate,
  captcha = null,
  onApplied,
  onFailed,
}: {
  locale: Locale;
  slug: string;
  consents: ApplyConsents;
  candidate: Candidate | null;
  /** The board's captcha widget; null while the board has none. */
  captcha?: CaptchaWidget | null;
  onApplied: (applicationId: string) => void;
  /** A failure that belongs to no field (offer gone, rate limit, network): the caller shows it. */
  onFailed: (error: unknown) => void;
}) {
  const t = createTranslator(locale);
  const initial = useMemo(() => prefilledValues(candidate), [candidate]);
  const fileInput = useRef<HTMLInputElement>(null);
  // The schema depends on whether the stored CV goes (one click), which the form's values decide.
  const oneClickNow = useRef(false);
  const form = useForm<ApplyValues>({
    defaultValues: initial,
    mode: 'onTouched',
    resolver: (values, context, options) => zodResolver(applySchema({ oneClick: oneClickNow.current }))(values, context, options),
  });
  const [name, email, message, attachment] = useWatch({ control: form.control, name: ['name', 'email', 'message', 'attachment'] });
  const edits = { name: name !== initial.name, email: email !== initial.email, attachment: attachment !== null };
  const oneClick = isOneClickApply(candidate, edits);
  oneClickNow.current = oneClick;
  const storedCv = newestDocument(candidate);
  const counter = messageCounter(characterCount(message ?? ''));
  const { errors, isSubmitting } = form.formState;
  // A captcha token is good for one attempt: each attempt remounts the challenge for a new one.
  const [captchaToken, setCaptchaToken] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [captchaRefused, setCaptchaRefused] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    if (captcha && !captchaToken) {
      setCaptchaRefused(true);
      return;
    }
    setCaptchaRefused(false);
    try {
      const answer = await submitApplication(slug, applicationFormData(values, { oneClick, candidateId: candidate?.id ?? null }), captchaToken);
      form.reset(initial);
      onApplied(answer.id);
    } catch (error) {
      const placed = placeServerError(error, APPLY_FIELDS);
      if (placed.code === 'captcha_failed') setCaptchaRefused(true);
      else if (placed.field && placed.status === 400) form.setError(placed.field, { type: 'server', message: placed.code }, { shouldFocus: true });
      else onFailed(error);
    } finally {
      if (captcha) {
        setCaptchaToken('');
        setCaptchaRound((round) => round + 1);
      }
    }
  });

  const errorOf = (field: keyof ApplyValues) => applyErrorText(t, errors[field]?.message as string | undefined, field);
  const ids = { clause: 'apply-clause-text', future: 'apply-future-text', custom: 'apply-custom-text' };
  const more = { moreLabel: t('applyForm.showMore'), lessLabel: t('applyForm.showLess') };

  return (
    <form className="stack-form apply-form" onSubmit={onSubmit} noValidate data-testid="apply-form" aria-busy={isSubmitting || undefined}>
      <p className="muted apply-form__note">{t('applyForm.requiredNote')}</p>
      <div className="form-row">
        <TextField id="apply-name" label={t('applyForm.name')} required autoComplete="name" error={errorOf('name')} {...form.register('name')} />
        <TextField id="apply-email" label={t('applyForm.email')} type="email" required autoComplete="email" error={errorOf('email')} {...form.register('email')} />
      </div>
      <TextArea
        id="apply-message"
        label={t('applyForm.message')}
        rows={6}
        aside={
          <span className={counter.over ? 'counter counter--over' : counter.warn ? 'counter counter--warn' : 'counter'} data-testid="apply-counter">
            {t('applyForm.counter', { n: counter.used, max: MESSAGE_MAX })}
            {counter.warn && !counter.over ? <span className="visually-hidden"> {t('applyForm.counterWarning', { n: counter.left })}</span> : null}
          </span>
        }
        error={errorOf('message')}
        {...form.register('message')}
      />
      {oneClick && storedCv ? (
        <FormMessage kind="info" testId="apply-one-click">
          {t('applyForm.useMyCv', { file: storedCv.fileName })} <span className="muted">{t('applyForm.useOtherFile')}</span>
        </FormMessage>
      ) : null}
      <Controller
        control={form.control}
        name="attachment"
        render={({ field }) => (
          <FieldChrome id="apply-attachment" label={t('applyForm.attachment')} hint={t('applyForm.attachmentHint')} error={errors.attachment ? errorOf('attachment') : null}>
            {field.value ? (
              <div className="file-chip" data-testid="apply-file">
                <span className="file-chip__name">{field.value.name}</span>
                <span className="muted">{formatBytes(field.value.size, locale)}</span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    field.onChange(null);
                    if (fileInput.current) fileInput.current.value = '';
                    form.clearErrors('attachment');
                  }}
                >
                  {t('applyForm.removeFile')}
                </button>
              </div>
            ) : null}
            <input
              ref={fileInput}
              id="apply-attachment"
              type="file"
              accept={ATTACHMENT_ACCEPT}
              className={field.value ? 'visually-hidden' : undefined}
              aria-invalid={errors.attachment ? true : undefined}
              aria-describedby={`apply-attachment-hint${errors.attachment ? ' apply-attachment-error' : ''}`}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? null);
                form.clearErrors('attachment');
              }}
              data-testid="apply-attachment"
            />
          </FieldChrome>
        )}
      />
      {consents.informationClause ? (
        <div className="consent consent--clause">
          <strong>{t('applyForm.informationClause')}: </strong>
          <ConsentText text={consents.informationClause} id={ids.clause} {...more} />
        </div>
      ) : null}
      {consents.futureConsent ? (
        <div className="consent">
          <label className="checkbox">
            <input type="checkbox" aria-describedby={ids.future} {...form.register('futureConsent')} data-testid="apply-future-consent" />
            <ConsentText text={consents.futureConsent} id={ids.future} {...more} />
          </label>
        </div>
      ) : null}
      {consents.customConsent ? (
        <div className="consent">
          <label className="checkbox">
            <input type="checkbox" aria-describedby={ids.custom} {...form.register('customConsent')} data-testid="apply-custom-consent" />
            <ConsentText text={consents.customConsent} id={ids.custom} {...more} />
          </label>
        </div>
      ) : null}
      {captcha ? (
        <>
          <CaptchaChallenge key={captchaRound} widget={captcha} locale={locale} onToken={setCaptchaToken} />
          {captchaRefused ? (
            <FormMessage kind="error" testId="apply-captcha-error">
              {t('applyForm.errors.captcha_failed')}
            </FormMessage>
          ) : null}
        </>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="apply-submit">
        {isSubmitting ? t('applyForm.submitting') : oneClick ? t('applyForm.oneClickSubmit') : t('applyForm.submit')}
      </button>
    </form>
  );
}
