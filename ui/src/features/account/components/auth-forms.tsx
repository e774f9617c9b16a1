'use client';
/**
 * The forms of the public account pages: login, register, password reset (request and new
 * password). react-hook-form + zod on the client; the API's field errors land on their field.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { mutate } from 'swr';
import { CheckboxField, FormError, FormMessage, TextField } from '@/components/ui/form-field';
import { LoginFormView } from '@/components/ui/login-form';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { FAVOURITES_COUNT_KEY, favouriteKey } from '@/lib/favourites';
import { setSessionCandidate } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { login, register } from '../api/session';
import { requestPasswordReset, resetPassword } from '../api/password';
import { errorText, showServerError } from '../form';
import { loginSchema, registerSchema, resetPasswordSchema, resetRequestSchema, type LoginValues, type RegisterValues, type ResetPasswordValues, type ResetRequestValues } from '../schemas';

export function LoginForm({ locale, next, favoriteOfferId }: { locale: Locale; next: string; favoriteOfferId: string | null }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' }, mode: 'onTouched' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await login({ ...values, favoriteOfferId });
      await setSessionCandidate(answer.candidate);
      if (favoriteOfferId) {
        await mutate(favouriteKey(favoriteOfferId), true, { revalidate: false });
        await mutate(FAVOURITES_COUNT_KEY);
      }
      router.replace(next);
      router.refresh();
    } catch (error) {
      showServerError(form, error, { email: 'email', password: 'password' });
    }
  });
  return (
    <LoginFormView
      prefix="login"
      texts={{ email: t('account.email'), password: t('account.password'), submit: t('account.loginSubmit'), forgot: t('account.forgotPassword'), noAccount: t('account.noAccount'), signUp: t('account.register') }}
      forgotHref={paths.resetPassword()}
      signUpHref={paths.register({ next: next === paths.account() ? null : next, favoriteOfferId })}
      notice={favoriteOfferId ? t('account.loginFavourite') : null}
      form={form}
      errorText={(error) => errorText(t, error)}
      onSubmit={onSubmit}
    />
  );
}

export function RegisterForm({ locale, next, favoriteOfferId }: { locale: Locale; next: string | null; favoriteOfferId: string | null }) {
  const t = createTranslator(locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RegisterValues>({ resolver: zodResolver(registerSchema), defaultValues: { email: '', password: '', firstName: '', lastName: '', acceptedTerms: false }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register({ email: values.email.trim(), password: values.password, firstName: values.firstName.trim(), lastName: values.lastName.trim(), lang: locale, favoriteOfferId, acceptedTerms: values.acceptedTerms });
      setSentTo(values.email.trim());
    } catch (error) {
      showServerError(form, error, { email: 'email', password: 'password', firstName: 'firstName', lastName: 'lastName', acceptedTerms: 'acceptedTerms' });
    }
  });
  if (sentTo) {
    return (
      <div className="stack-form" data-testid="register-done">
        <h2>{t('account.checkMailTitle')}</h2>
        <FormMessage kind="success">{t('account.checkMailRegister', { email: sentTo })}</FormMessage>
      </div>
    );
  }
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="register-form">
      <FormError message={formError} />
      <TextField id="register-email" label={t('account.email')} type="email" autoComplete="email" required error={errorText(t, errors.email)} {...form.register('email')} />
      <TextField id="register-password" label={t('account.password')} type="password" autoComplete="new-password" required hint={t('account.passwordHint')} error={errorText(t, errors.password)} {...form.register('password')} />
      <div className="form-row">
        <TextField id="register-first-name" label={<>{t('account.firstName')} <span className="muted">{t('account.optional')}</span></>} autoComplete="given-name" error={errorText(t, errors.firstName)} {...form.register('firstName')} />
        <TextField id="register-last-name" label={<>{t('account.lastName')} <span className="muted">{t('account.optional')}</span></>} autoComplete="family-name" error={errorText(t, errors.lastName)} {...form.register('lastName')} />
      </div>
      <CheckboxField
        id="register-terms"
        label={
          <>
            {t('account.acceptTerms')}{' '}
            <a href={paths.terms()} target="_blank" rel="noopener">
              {t('nav.terms')}
            </a>{' '}
            <span aria-hidden="true">*</span>
          </>
        }
        error={errorText(t, errors.acceptedTerms)}
        {...form.register('acceptedTerms')}
      />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="register-submit">
        {t('account.registerSubmit')}
      </button>
      <p className="stack-form__links">
        {t('account.haveAccount')} <Link href={paths.login({ next, favoriteOfferId })}>{t('account.login')}</Link>
      </p>
    </form>
  );
}

export function ResetRequestForm({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await requestPasswordReset(values.email.trim());
      setSentTo(values.email.trim());
    } catch (error) {
      showServerError(form, error, { email: 'email' });
    }
  });
  if (sentTo) return <FormMessage kind="success" testId="reset-sent">{t('account.checkMailReset', { email: sentTo })}</FormMessage>;
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="reset-request-form">
      <p>{t('account.resetIntro')}</p>
      <FormError message={formError} />
      <TextField id="reset-email" label={t('account.email')} type="email" autoComplete="email" required error={errorText(t, errors.email)} {...form.register('email')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
        {t('account.resetSubmit')}
      </button>
    </form>
  );
}

export function ResetPasswordForm({ locale, token }: { locale: Locale; token: string }) {
  const t = createTranslator(locale);
  const [done, setDone] = useState(false);
  const form = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '', repeat: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(token, values.password);
      setDone(true);
    } catch (error) {
      showServerError(form, error, { password: 'password' });
    }
  });
  if (done) {
    return (
      <div className="stack-form" data-testid="reset-done">
        <FormMessage kind="success">{t('account.passwordSet')}</FormMessage>
        <Link className="button button--primary button--block" href={paths.login()}>
          {t('account.login')}
        </Link>
      </div>
    );
  }
  const formError = errorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="reset-password-form">
      <FormError message={formError} />
      <TextField id="reset-password" label={t('account.newPassword')} type="password" autoComplete="new-password" required hint={t('account.passwordHint')} error={errorText(t, errors.password)} {...form.register('password')} />
      <TextField id="reset-repeat" label={t('account.repeatPassword')} type="password" autoComplete="new-password" required error={errorText(t, errors.repeat)} {...form.register('repeat')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
        {t('account.setPassword')}
      </button>
    </form>
  );
}
