'use client';
/**
 * The register-alert dialog, opened by `#add-alert` (spec §2, §4, §5). A guest gives an e-mail
 * (no Polish letters), a name (the search's tags by default), a frequency (twice a week by
 * default), accepts the privacy policy (required) and may ask for a candidate account and
 * marketing mail; the API mails an activation link. A candidate gives name and frequency; the
 * search is saved if it was not, and its alert enabled. Closing a dirty form asks first.
 * Errors follow the catalogue of spec §8 (see errors.ts).
 */
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { createTranslator, messages, type MessageKey, type Translator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import type { BoardConfig, Locale } from '@/lib/types';
import { changeFrequency, createJobFilter, enableJobAlert, refreshJobFilters, registerGuestAlert } from '../api/job-filters';
import { creationErrorKey, type AlertErrorKey } from '../errors';
import { addSearch, DEFAULT_FREQUENCY, FREQUENCIES, updateSearch, type Frequency } from '../local-store';
import { notify } from '../notices';
import { candidateAlertSchema, errorValues, guestAlertSchema, type CandidateAlertValues, type GuestAlertValues } from '../schema';
import { useAddAlertHash } from '../use-add-alert-hash';
import { readLocalSearches, writeLocalSearches } from '../use-local-searches';
import type { useSavedSearch } from '../use-saved-search';

type Current = ReturnType<typeof useSavedSearch>;

/** The text of a field error: the server's (or the schema's) key under `alerts.errors.`. */
export function fieldErrorText(t: Translator, error: Pick<FieldError, 'message'> | undefined): string | null {
  if (!error?.message) return null;
  const key = `alerts.errors.${error.message}`;
  return key in messages.pl ? t(key as MessageKey, errorValues(error.message)) : t('alerts.errors.generic');
}

/** Where a server refusal goes: a field it names with a key we know, else the catalogue. */
function serverFieldError(error: unknown): { field: 'email' | 'name' | 'frequency'; key: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const field = error.field === 'email' || error.field === 'name' || error.field === 'frequency' ? error.field : null;
  if (!field) return null;
  return { field, key: `alerts.errors.${error.code}` in messages.pl ? error.code : 'fieldRequired' };
}

const WARNINGS: AlertErrorKey[] = ['alerts.errors.profileExists', 'alerts.errors.activeAlertExists', 'alerts.errors.alertExists', 'alerts.errors.filterExists'];

export function RegisterAlertDialog({ config, locale, current, privacyHref }: { config: BoardConfig; locale: Locale; current: Current; privacyHref: string }) {
  const t = createTranslator(locale);
  const hash = useAddAlertHash();
  const { candidate } = useSession();
  const [dirty, setDirty] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [session, setSession] = useState(0);

  useEffect(() => {
    if (hash.open) return;
    // A fresh form for the next opening.
    setDiscarding(false);
    setSentTo(null);
    setDirty(false);
    setSession((value) => value + 1);
  }, [hash.open]);

  const requestClose = () => {
    if (dirty && !sentTo && !discarding) setDiscarding(true);
    else hash.close();
  };

  const title = discarding ? t('alerts.dialog.discardTitle') : sentTo ? t('alerts.dialog.sentTitle') : t('alerts.dialog.title');
  return (
    <Dialog open={hash.open} onClose={requestClose} title={title} closeLabel={t('alerts.close')} testId="add-alert-dialog" size="medium">
      {discarding ? (
        <div className="alert-dialog__text" data-testid="add-alert-discard">
          <p>{t('alerts.dialog.discardBody')}</p>
          <div className="alert-dialog__actions">
            <button type="button" className="button" onClick={() => setDiscarding(false)} data-testid="add-alert-keep">
              {t('alerts.dialog.keep')}
            </button>
            <button type="button" className="button button--primary button--danger" onClick={hash.close} data-testid="add-alert-discard-confirm">
              {t('alerts.dialog.discard')}
            </button>
          </div>
        </div>
      ) : null}
      <div hidden={discarding}>
        {sentTo ? (
          <div className="alert-dialog__text" data-testid="add-alert-sent">
            <FormMessage kind="success">{t('alerts.dialog.sentBody', { email: sentTo })}</FormMessage>
            <div className="alert-dialog__actions">
              <button type="button" className="button button--primary" onClick={hash.close} data-testid="add-alert-done">
                {t('alerts.ok')}
              </button>
            </div>
          </div>
        ) : candidate ? (
          <CandidateForm key={session} t={t} email={candidate.email} current={current} onDirty={setDirty} onDone={hash.close} />
        ) : (
          <GuestForm key={session} t={t} config={config} current={current} privacyHref={privacyHref} onDirty={setDirty} onSent={setSentTo} />
        )}
      </div>
    </Dialog>
  );
}

function FrequencyChoice({ t, value, onChange, name }: { t: Translator; value: Frequency; onChange: (value: Frequency) => void; name: string }) {
  return (
    <fieldset className="alert-frequency">
      <legend>{t('alerts.field.frequency')}</legend>
      {FREQUENCIES.map((frequency) => (
        <label key={frequency} className="alert-frequency__option">
          <input type="radio" name={name} value={frequency} checked={value === frequency} onChange={() => onChange(frequency)} data-testid={`frequency-${frequency}`} />
          <span>{t(`alerts.frequency.${frequency}` as MessageKey)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function GuestForm({ t, config, current, privacyHref, onDirty, onSent }: { t: Translator; config: BoardConfig; current: Current; privacyHref: string; onDirty: (dirty: boolean) => void; onSent: (email: string) => void }) {
  const form = useForm<GuestAlertValues>({
    resolver: zodResolver(guestAlertSchema),
    defaultValues: { email: '', name: current.name, frequency: DEFAULT_FREQUENCY, privacyPolicy: false, createCandidate: false, marketingAgreement: false },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [problem, setProblem] = useState<AlertErrorKey | null>(null);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const frequency = form.watch('frequency') as Frequency;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const email = values.email.trim();
    const name = values.name.trim();
    try {
      const answer = await registerGuestAlert({
        email,
        frequency: values.frequency as Frequency,
        name,
        filters: current.alertFilters,
        createCandidate: values.createCandidate,
        marketingAgreement: values.marketingAgreement,
        searchUrl: current.searchUrl,
      });
      const alert = { email, frequency: values.frequency as Frequency, status: 'pending' as const, jobFilterId: answer.jobFilterId ?? null, candidateId: answer.candidateId ?? null, unsubscribeCode: null };
      // The search is kept in this browser with its alert (if the local limit allows).
      const searches = readLocalSearches();
      const existing = current.saved?.kind === 'local' ? current.saved.search : null;
      if (existing) writeLocalSearches(updateSearch(searches, existing.id, (search) => ({ ...search, name, alert })));
      else {
        const added = addSearch(searches, { searchUrl: current.searchUrl, name, filters: current.alertFilters, alert }, (search) => search.searchUrl === current.searchUrl);
        if (added.kind === 'added') writeLocalSearches(added.searches);
      }
      onSent(email);
    } catch (error) {
      const placed = serverFieldError(error);
      if (placed) {
        form.setError(placed.field, { type: 'server', message: placed.key }, { shouldFocus: true });
        return;
      }
      const key = creationErrorKey(error);
      if (WARNINGS.includes(key)) setProblem(key);
      else notify(key, 'error');
    }
  });

  return (
    <form className="stack-form alert-form" onSubmit={onSubmit} noValidate data-testid="add-alert-form">
      <p className="muted">{t('alerts.dialog.intro')}</p>
      {problem ? (
        <FormMessage kind="error" testId="add-alert-problem">
          {t(problem)}
          {problem === 'alerts.errors.profileExists' ? (
            <>
              {' '}
              <Link href={paths.login({ next: `${current.searchUrl}#add-alert` })}>{t('alerts.dialog.login')}</Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      <TextField id="alert-email" label={t('alerts.field.email')} type="email" autoComplete="email" required error={fieldErrorText(t, errors.email)} {...form.register('email')} />
      <TextField id="alert-name" label={t('alerts.field.name')} required error={fieldErrorText(t, errors.name)} {...form.register('name')} />
      <FrequencyChoice t={t} name="guest-frequency" value={frequency} onChange={(value) => form.setValue('frequency', value, { shouldDirty: true })} />
      <div className={`form-check${errors.privacyPolicy ? ' form-check--invalid' : ''}`}>
        <input id="alert-privacy" type="checkbox" aria-invalid={errors.privacyPolicy ? true : undefined} aria-describedby={errors.privacyPolicy ? 'alert-privacy-error' : undefined} {...form.register('privacyPolicy')} />
        <label htmlFor="alert-privacy">
          {t('alerts.field.privacy')}{' '}
          <Link href={privacyHref} target="_blank">
            {t('alerts.field.privacyLink')}
          </Link>
          <span aria-hidden="true"> *</span>
        </label>
        {errors.privacyPolicy ? (
          <p id="alert-privacy-error" className="form-field__error" data-testid="alert-privacy-error">
            {fieldErrorText(t, errors.privacyPolicy)}
          </p>
        ) : null}
      </div>
      <div className="form-check">
        <input id="alert-create-candidate" type="checkbox" {...form.register('createCandidate')} />
        <label htmlFor="alert-create-candidate">{t('alerts.field.createCandidate')}</label>
      </div>
      <div className="form-check">
        <input id="alert-marketing" type="checkbox" {...form.register('marketingAgreement')} />
        <label htmlFor="alert-marketing">{t('alerts.field.marketing', { board: config.tenant.name })}</label>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="add-alert-submit">
        {t('alerts.dialog.submit')}
      </button>
      <p className="stack-form__links">
        {t('alerts.dialog.haveAccount')} <Link href={paths.login({ next: `${current.searchUrl}#add-alert` })}>{t('alerts.dialog.login')}</Link>
      </p>
    </form>
  );
}

function CandidateForm({ t, email, current, onDirty, onDone }: { t: Translator; email: string; current: Current; onDirty: (dirty: boolean) => void; onDone: () => void }) {
  const savedFilter = current.saved?.kind === 'server' ? current.saved.filter : null;
  const form = useForm<CandidateAlertValues>({
    resolver: zodResolver(candidateAlertSchema),
    defaultValues: { name: savedFilter?.filterName || current.name, frequency: savedFilter?.jobAlert?.frequency ?? DEFAULT_FREQUENCY },
    mode: 'onTouched',
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [problem, setProblem] = useState<AlertErrorKey | null>(null);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const frequency = form.watch('frequency') as Frequency;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const name = values.name.trim();
    try {
      if (savedFilter?.jobAlert) {
        // The alert is on already: the dialog changes its frequency.
        await changeFrequency(savedFilter.id, values.frequency as Frequency);
        await refreshJobFilters();
        notify('alerts.notice.frequencyChanged');
      } else {
        const jobFilterId = savedFilter?.id ?? (await createJobFilter({ searchUrl: current.searchUrl, name, filters: current.alertFilters }));
        await enableJobAlert({ jobFilterId, frequency: values.frequency as Frequency, name });
        await refreshJobFilters();
        notify('alerts.notice.enabled');
      }
      onDirty(false);
      onDone();
    } catch (error) {
      await refreshJobFilters();
      const placed = serverFieldError(error);
      if (placed && placed.field !== 'email') {
        form.setError(placed.field, { type: 'server', message: placed.key }, { shouldFocus: true });
        return;
      }
      const key = creationErrorKey(error);
      if (WARNINGS.includes(key)) setProblem(key);
      else notify(key, 'error');
    }
  });

  return (
    <form className="stack-form alert-form" onSubmit={onSubmit} noValidate data-testid="add-alert-form">
      <p className="muted">{t('alerts.dialog.introCandidate', { email })}</p>
      {problem ? (
        <FormMessage kind="error" testId="add-alert-problem">
          {t(problem)}
        </FormMessage>
      ) : null}
      <TextField id="alert-name" label={t('alerts.field.name')} required error={fieldErrorText(t, errors.name)} {...form.register('name')} />
      <FrequencyChoice t={t} name="candidate-frequency" value={frequency} onChange={(value) => form.setValue('frequency', value, { shouldDirty: true })} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="add-alert-submit">
        {t('alerts.dialog.submit')}
      </button>
    </form>
  );
}
