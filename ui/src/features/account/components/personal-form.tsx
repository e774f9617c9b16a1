'use client';
/** Names and the default apply message (with the 1000-character counter). */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormMessage, TextArea, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import type { Candidate } from '@/lib/candidate';
import { setSessionCandidate } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { profileInput, updateProfile } from '../api/profile';
import { errorText, showServerError } from '../form';
import { personalSchema, PROFILE_MESSAGE_MAX, type PersonalValues } from '../schemas';

export function PersonalForm({ locale, candidate }: { locale: Locale; candidate: Candidate }) {
  const t = createTranslator(locale);
  const [saved, setSaved] = useState(false);
  const form = useForm<PersonalValues>({
    resolver: zodResolver(personalSchema),
    defaultValues: { firstName: candidate.firstName, lastName: candidate.lastName, message: candidate.message },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const used = [...message].length;
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const updated = await updateProfile({ ...profileInput(candidate), firstName: values.firstName.trim(), lastName: values.lastName.trim(), message: values.message });
      await setSessionCandidate(updated);
      form.reset({ firstName: updated.firstName, lastName: updated.lastName, message: updated.message });
      setSaved(true);
    } catch (error) {
      showServerError(form, error, { firstName: 'firstName', lastName: 'lastName', message: 'message' });
    }
  });
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="personal-form" onChange={() => setSaved(false)}>
      <div className="form-row">
        <TextField id="profile-first-name" label={t('account.firstName')} autoComplete="given-name" error={errorText(t, errors.firstName)} {...form.register('firstName')} />
        <TextField id="profile-last-name" label={t('account.lastName')} autoComplete="family-name" error={errorText(t, errors.lastName)} {...form.register('lastName')} />
      </div>
      <TextArea
        id="profile-message"
        label={t('account.defaultMessage')}
        rows={5}
        aside={<span className={used > PROFILE_MESSAGE_MAX ? 'counter counter--over' : used >= PROFILE_MESSAGE_MAX - 100 ? 'counter counter--warn' : 'counter'}>{t('account.counter', { n: used, max: PROFILE_MESSAGE_MAX })}</span>}
        error={errorText(t, errors.message)}
        {...form.register('message')}
      />
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} data-testid="personal-save">
          {isSubmitting ? t('account.saving') : t('account.save')}
        </button>
        {saved ? <span role="status" className="form-actions__status">{t('account.saved')}</span> : null}
      </div>
    </form>
  );
}
