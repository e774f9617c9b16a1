'use client';
/**
 * The passive-candidate settings (`/account/chat`): the opt-in to be found by employers and the
 * mandatory matchmaking preferences — roles (categories), seniority, key skills, cities or remote,
 * the salary expectation with its currency and period, contract types — saved with
 * `PUT /v1/candidate/chat/profile`; the server's field errors land on the fields. The preference
 * inputs are the profile page's own (`PreferenceFields`). Without a stored profile the form starts
 * from the candidate's matched-for-you preferences.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import useSWR from 'swr';
import { CheckboxField, FieldErrorText, FormMessage, SelectField } from '@/components/ui/form-field';
import { useTranslator } from '@/i18n/board-texts';
import { candidateChat } from '@/lib/chat/api';
import type { ChatProfileAnswer, MissingPreference, ProfileInput } from '@/lib/chat/types';
import type { Candidate } from '@/lib/candidate';
import type { Locale } from '@/lib/types';
import type { PassiveOptions } from '../passive-options';
import { errorText, showServerError } from '../form';
import { MAX_PROFILE_CATEGORIES, passiveProfileSchema, preferenceDefaults, preferencesOf, SALARY_UNITS, type PassiveProfileValues } from '../schemas';
import { PREFERENCE_SERVER_FIELDS, PreferenceFields, useCityInput } from './preferences-form';

function defaults(answer: ChatProfileAnswer | undefined, candidate: Candidate): PassiveProfileValues {
  const profile = answer?.profile;
  return {
    // A stored profile may have no currency yet: the candidate's own one then.
    ...preferenceDefaults(profile ? { ...profile.preferences, currency: profile.preferences.currency ?? candidate.preferences.currency } : candidate.preferences),
    openToOffers: profile?.openToOffers ?? false,
    salaryUnit: profile?.salaryUnit ?? 'month',
    categories: (profile?.categories ?? []).map(String),
    contractTypes: profile?.contractTypes ?? [],
  };
}

/** The server's field names on this form. */
const SERVER_FIELDS = { ...PREFERENCE_SERVER_FIELDS, categories: 'categories', contractTypes: 'contractTypes', salaryUnit: 'salaryUnit', openToOffers: 'openToOffers' } as const;

function input(values: PassiveProfileValues): ProfileInput {
  return { openToOffers: values.openToOffers, preferences: preferencesOf(values), salaryUnit: values.salaryUnit ?? 'month', categories: values.categories.map(Number), contractTypes: values.contractTypes };
}

export function PassiveProfileForm({ locale, candidate, options, initial }: { locale: Locale; candidate: Candidate; options: PassiveOptions; initial: ChatProfileAnswer | null }) {
  const t = useTranslator(locale);
  const profile = useSWR<ChatProfileAnswer>(candidateChat.profileKey, candidateChat.profile, { revalidateOnFocus: false, fallbackData: initial ?? undefined });
  const answer = profile.data;
  const [saved, setSaved] = useState(false);
  const form = useForm<PassiveProfileValues>({ resolver: zodResolver(passiveProfileSchema), defaultValues: defaults(answer, candidate), mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const edited = () => setSaved(false);
  const city = useCityInput(form, locale, options.cityNames, edited);
  const chosen = form.watch('categories');
  const full = chosen.length >= MAX_PROFILE_CATEGORIES;

  const save = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const updated = await candidateChat.saveProfile(input(values));
      // The widget reads the same key: its ad gives way to the chat at once.
      await profile.mutate(updated, { revalidate: false });
      setSaved(true);
    } catch (error) {
      showServerError(form, error, SERVER_FIELDS);
    }
  });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await city.resolveTyped())) return;
    await save(event);
  };
  const formError = errorText(t, errors.root?.server);
  const missing = answer?.missing ?? [];
  const categoryError = errorText(t, errors.categories);
  const contractError = errorText(t, errors.contractTypes);

  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="passive-form" onChange={edited}>
      {answer?.maintenance ? <FormMessage kind="info">{t('chat.profile.maintenance')}</FormMessage> : null}
      <p className={`passive-status${answer?.findable ? ' passive-status--on' : ''}`} role="status" data-testid="passive-status">
        {answer?.findable ? t('chat.profile.findable') : t('chat.profile.notFindable')}
        {missing.length ? ` ${t('chat.profile.missing', { list: missing.map((item: MissingPreference) => t(`chat.profile.missing.${item}`)).join(', ') })}` : ''}
      </p>
      <CheckboxField id="passive-open" label={t('chat.profile.open')} error={errorText(t, errors.openToOffers)} {...form.register('openToOffers')} />
      <p className="muted passive-required">{t('chat.profile.required')}</p>
      <fieldset className="form-fieldset" aria-describedby={categoryError ? 'passive-categories-error' : 'passive-categories-hint'}>
        <legend>
          {t('chat.profile.categories')}
          <span aria-hidden="true"> *</span>
        </legend>
        <p id="passive-categories-hint" className="form-field__hint">
          {t('chat.profile.categoriesHint', { max: MAX_PROFILE_CATEGORIES })}
        </p>
        <ul className="passive-categories" data-testid="passive-categories">
          {options.categories.map((category) => {
            const checkbox = (value: number, label: string) => (
              <label className="checkbox">
                <input type="checkbox" value={String(value)} disabled={full && !chosen.includes(String(value))} {...form.register('categories')} />
                {label}
              </label>
            );
            const picked = category.children.filter((child) => chosen.includes(String(child.value))).length;
            return (
              <li key={category.value}>
                {checkbox(category.value, category.label)}
                {category.children.length ? (
                  <details className="passive-categories__children" open={picked > 0 || undefined}>
                    <summary>{t('chat.profile.subcategories', { category: category.label, n: category.children.length })}</summary>
                    <ul>
                      {category.children.map((child) => (
                        <li key={child.value}>{checkbox(child.value, child.label)}</li>
                      ))}
                    </ul>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
        <FieldErrorText id="passive-categories" error={categoryError} />
      </fieldset>
      <PreferenceFields
        locale={locale}
        form={form}
        options={options}
        city={city}
        onEdit={edited}
        required
        salaryLabel={t('chat.profile.salary')}
        salaryAside={<SelectField id="passive-unit" label={t('chat.profile.salaryUnit')} options={SALARY_UNITS.map((unit) => ({ value: unit, label: t(`chat.profile.unit.${unit}`) }))} {...form.register('salaryUnit')} />}
      />
      <fieldset className="form-fieldset" aria-describedby={contractError ? 'passive-contracts-error' : undefined}>
        <legend>
          {t('chat.profile.contractTypes')}
          <span aria-hidden="true"> *</span>
        </legend>
        <div className="checkbox-row" data-testid="passive-contracts">
          {options.contractTypes.map((contract) => (
            <label key={contract.value} className="checkbox">
              <input type="checkbox" value={contract.value} {...form.register('contractTypes')} />
              {contract.label}
            </label>
          ))}
        </div>
        <FieldErrorText id="passive-contracts" error={contractError} />
      </fieldset>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} data-testid="passive-save">
          {isSubmitting ? t('account.saving') : t('chat.profile.save')}
        </button>
        {saved ? (
          <span role="status" className="form-actions__status">
            {t('chat.profile.saved')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
