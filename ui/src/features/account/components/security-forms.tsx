'use client';
/** Changing the login e-mail (a link goes to the new address) and the password. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { requestEmailChange } from '../api/email';
import { changePassword } from '../api/password';
import { errorText, isWrongPassword, showServerError } from '../form';
import { changeEmailSchema, changePasswordSchema, type ChangeEmailValues, type ChangePasswordValues } from '../schemas';

export function ChangeEmailForm({ locale, email }: { locale: Locale; email: string }) {
  const t = createTranslator(locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ChangeEmailValues>({ resolver: zodResolver(changeEmailSchema), defaultValues: { newEmail: '', password: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setSentTo(null);
    try {
      await requestEmailChange(values.newEmail.trim(), values.password);
      setSentTo(values.newEmail.trim());
      form.reset();
    } catch (error) {
      if (isWrongPassword(error)) form.setError('password', { type: 'server', message: 'invalid_password' }, { shouldFocus: true });
      else showServerError(form, error, { newEmail: 'newEmail', email: 'newEmail', password: 'password' });
    }
  });
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="email-form">
      <p className="muted">{t('account.currentEmail', { email })}</p>
      <div className="form-row">
        <TextField id="email-new" label={t('account.newEmail')} type="email" autoComplete="email" required error={errorText(t, errors.newEmail)} {...form.register('newEmail')} />
        <TextField id="email-password" label={t('account.password')} type="password" autoComplete="current-password" required error={errorText(t, errors.password)} {...form.register('password')} />
      </div>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {sentTo ? <FormMessage kind="success">{t('account.checkMailEmail', { email: sentTo })}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('account.changeEmailSubmit')}
        </button>
      </div>
    </form>
  );
}

export function ChangePasswordForm({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const [done, setDone] = useState(false);
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: { currentPassword: '', newPassword: '', repeat: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setDone(false);
    try {
      await changePassword(values.currentPassword, values.newPassword);
      form.reset();
      setDone(true);
    } catch (error) {
      // `invalid_password` is about the current password, whatever field the server names.
      if (isWrongPassword(error)) form.setError('currentPassword', { type: 'server', message: 'invalid_password' }, { shouldFocus: true });
      else showServerError(form, error, { currentPassword: 'currentPassword', newPassword: 'newPassword', password: 'newPassword' });
    }
  });
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="password-form">
      <TextField id="password-current" label={t('account.currentPassword')} type="password" autoComplete="current-password" required error={errorText(t, errors.currentPassword)} {...form.register('currentPassword')} />
      <div className="form-row">
        <TextField id="password-new" label={t('account.newPassword')} type="password" autoComplete="new-password" required hint={t('account.passwordHint')} error={errorText(t, errors.newPassword)} {...form.register('newPassword')} />
        <TextField id="password-repeat" label={t('account.repeatPassword')} type="password" autoComplete="new-password" required error={errorText(t, errors.repeat)} {...form.register('repeat')} />
      </div>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {done ? <FormMessage kind="success">{t('account.passwordChanged')}</FormMessage> : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('account.changePasswordSubmit')}
        </button>
      </div>
    </form>
  );
}
