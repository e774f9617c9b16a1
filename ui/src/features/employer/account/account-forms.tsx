'use client';
/**
 * The public employer forms: sign-up, the confirmation link (with a password for invited users),
 * a new confirmation link, the password reset request and the new password. react-hook-form +
 * zod; the API's field errors land on their field.
 */
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField, FormError, FormMessage, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-write';
import { employerPaths } from '@/features/employer/paths';
import { confirmEmployer } from '@/features/employer/session/session-actions';
import type { Locale } from '@/lib/types';
import { employerErrorText, showEmployerServerError } from './errors';
import { emailSchema, newPasswordSchema, signUpPayload, signUpSchema, SIGN_UP_FIELDS, type EmailValues, type NewPasswordValues, type SignUpValues } from './schemas';

export function SignUpForm({ locale, termsHref }: { locale: Locale; termsHref: string }) {
  const t = createTranslator(locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { companyName: '', acceptedRegulations: false, subscribeToNewsletter: false, name: '', phone: '', email: '', password: '', passwordConfirmation: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof SignUpValues) => employerErrorText(t, errors[name]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiWrite('POST', '/v1/users/sign_up', signUpPayload(values), { headers: { 'Accept-Language': locale } });
      setSentTo(values.email.trim());
    } catch (failure) {
      showEmployerServerError(form, failure, SIGN_UP_FIELDS);
    }
  });
  if (sentTo) {
    return (
      <FormMessage kind="success" testId="sign-up-done">
        {t('employer.signUp.checkMail', { email: sentTo })}
      </FormMessage>
    );
  }
  const formError = employerErrorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="employer-sign-up-form">
      <FormError message={formError} />
      <h2>{t('employer.signUp.company')}</h2>
      <TextField id="sign-up-company" label={t('employer.field.companyName')} autoComplete="organization" required error={error('companyName')} {...form.register('companyName')} />
      <h2>{t('employer.signUp.user')}</h2>
      <TextField id="sign-up-name" label={t('employer.field.name')} autoComplete="name" required error={error('name')} {...form.register('name')} />
      <TextField id="sign-up-phone" label={<>{t('employer.field.phone')} <span className="muted">{t('employer.field.optional')}</span></>} type="tel" autoComplete="tel" error={error('phone')} {...form.register('phone')} />
      <TextField id="sign-up-email" label={t('employer.field.email')} type="email" autoComplete="email" required error={error('email')} {...form.register('email')} />
      <TextField id="sign-up-password" label={t('employer.field.password')} type="password" autoComplete="new-password" required hint={t('employer.passwordHint')} error={error('password')} {...form.register('password')} />
      <TextField id="sign-up-password-confirmation" label={t('employer.field.passwordConfirmation')} type="password" autoComplete="new-password" required error={error('passwordConfirmation')} {...form.register('passwordConfirmation')} />
      <CheckboxField
        id="sign-up-regulations"
        label={
          <>
            {t('employer.signUp.regulations')} (
            <a href={termsHref} target="_blank" rel="noopener">
              {t('nav.terms')}
            </a>
            ) <span aria-hidden="true">*</span>
          </>
        }
        error={error('acceptedRegulations')}
        {...form.register('acceptedRegulations')}
      />
      <CheckboxField id="sign-up-newsletter" label={t('employer.signUp.newsletter')} {...form.register('subscribeToNewsletter')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="sign-up-submit">
        {t('employer.signUp.submit')}
      </button>
      <p className="stack-form__links">
        {t('employer.signUp.haveAccount')} <Link href={employerPaths.login()}>{t('employer.login.submit')}</Link>
      </p>
    </form>
  );
}

/**
 * The confirmation link: one click confirms (and logs in). When the address was signed up more
 * than once before its confirmation (the API answers `password_required`), the pending password
 * may be a stranger's, so the password is chosen here; an invitation is accepted the same way.
 */
export function ConfirmForm({ locale, token, setPassword, submitLabel, next }: { locale: Locale; token: string; setPassword: boolean; submitLabel?: string; next?: string }) {
  const t = createTranslator(locale);
  const [choosing, setChoosing] = useState(setPassword);
  const form = useForm<NewPasswordValues>({ resolver: choosing ? zodResolver(newPasswordSchema) : undefined, defaultValues: { password: '', passwordConfirmation: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await confirmEmployer(choosing ? { token, password: values.password, passwordConfirmation: values.passwordConfirmation } : { token });
    if (result.ok) {
      // A new company starts with its first offer (the panel frame needs a full load).
      window.location.assign(next ?? employerPaths.newOffer());
      return;
    }
    if (result.code === 'password_required' && !choosing) {
      setChoosing(true);
      return;
    }
    showEmployerServerError(form, new ApiError(result.status, result.code, result.message, result.field), { password: 'password', password_confirmation: 'passwordConfirmation' });
  });
  const formError = employerErrorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="employer-confirm-form">
      {formError ? (
        <FormMessage kind="error" testId="form-error">
          {formError} <Link href={employerPaths.confirm()}>{t('employer.resendLink')}</Link>
        </FormMessage>
      ) : null}
      {choosing && !setPassword ? (
        <FormMessage kind="info" testId="confirm-choose-password">
          {t('employer.confirm.choosePassword')}
        </FormMessage>
      ) : null}
      {choosing ? (
        <>
          <TextField id="confirm-password" label={t('employer.field.newPassword')} type="password" autoComplete="new-password" required hint={t('employer.passwordHint')} error={employerErrorText(t, errors.password)} {...form.register('password')} />
          <TextField id="confirm-password-confirmation" label={t('employer.field.passwordConfirmation')} type="password" autoComplete="new-password" required error={employerErrorText(t, errors.passwordConfirmation)} {...form.register('passwordConfirmation')} />
        </>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="confirm-submit">
        {submitLabel ?? t('employer.confirm.submit')}
      </button>
    </form>
  );
}

/** Asks for an e-mail and sends one of the mails whose answer never tells whether the account exists. */
export function EmailLinkForm({ locale, kind }: { locale: Locale; kind: 'confirmation' | 'reset' }) {
  const t = createTranslator(locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver: zodResolver(emailSchema), defaultValues: { email: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      if (kind === 'confirmation') await apiWrite('PATCH', '/v1/users/regenerate_confirmation_token', { email: email.trim() });
      else await apiWrite('POST', '/v1/users/password', { email: email.trim() });
      setSentTo(email.trim());
    } catch (failure) {
      showEmployerServerError(form, failure, { email: 'email' });
    }
  });
  if (sentTo) {
    return (
      <FormMessage kind="success" testId="link-sent">
        {t(kind === 'confirmation' ? 'employer.confirm.resent' : 'employer.password.sent', { email: sentTo })}
      </FormMessage>
    );
  }
  const formError = employerErrorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid={`employer-${kind}-form`}>
      <FormError message={formError} />
      <TextField id={`${kind}-email`} label={t('employer.field.email')} type="email" autoComplete="email" required error={employerErrorText(t, errors.email)} {...form.register('email')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
        {t(kind === 'confirmation' ? 'employer.confirm.resendSubmit' : 'employer.password.submit')}
      </button>
    </form>
  );
}

/** The reset link's new password (`PATCH /v1/users/password`). */
export function NewPasswordForm({ locale, token }: { locale: Locale; token: string }) {
  const t = createTranslator(locale);
  const [done, setDone] = useState(false);
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', passwordConfirmation: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiWrite('PATCH', '/v1/users/password', { token, password: values.password, password_confirmation: values.passwordConfirmation });
      setDone(true);
    } catch (failure) {
      showEmployerServerError(form, failure, { password: 'password', password_confirmation: 'passwordConfirmation' });
    }
  });
  if (done) {
    return (
      <FormMessage kind="success" testId="password-done">
        {t('employer.password.done')} <Link href={employerPaths.login()}>{t('employer.login.submit')}</Link>
      </FormMessage>
    );
  }
  const formError = employerErrorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="employer-new-password-form">
      <FormError message={formError} />
      <TextField id="new-password" label={t('employer.field.newPassword')} type="password" autoComplete="new-password" required hint={t('employer.passwordHint')} error={employerErrorText(t, errors.password)} {...form.register('password')} />
      <TextField id="new-password-confirmation" label={t('employer.field.passwordConfirmation')} type="password" autoComplete="new-password" required error={employerErrorText(t, errors.passwordConfirmation)} {...form.register('passwordConfirmation')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
        {t('employer.password.setSubmit')}
      </button>
    </form>
  );
}
