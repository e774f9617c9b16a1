'use client';
/** The employer login: e-mail and password through the `logInEmployer` server action. */
import Link from 'next/link';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerPaths } from '@/features/employer/paths';
import { logInEmployer } from '@/features/employer/session/session-actions';
import type { Locale } from '@/lib/types';
import { employerErrorText, showEmployerServerError } from './errors';
import { loginSchema, type LoginValues } from './schemas';

export function EmployerLoginForm({ locale, next }: { locale: Locale; next: string }) {
  const t = createTranslator(locale);
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' }, mode: 'onTouched' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await logInEmployer(values);
    if (result.ok) {
      // A full load: the panel frame is a layout, rendered again only then.
      window.location.assign(next);
      return;
    }
    const field = result.code === 'invalid_credentials' ? null : result.field;
    showEmployerServerError(form, new ApiError(result.status, result.code, result.message, field), { username: 'email', password: 'password' });
  });
  const formError = employerErrorText(t, errors.root?.server);
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid="employer-login-form">
      {formError ? (
        <FormMessage kind="error" testId="form-error">
          {formError}
        </FormMessage>
      ) : null}
      <TextField id="employer-login-email" label={t('employer.field.email')} type="email" autoComplete="email" required error={employerErrorText(t, errors.email)} {...form.register('email')} />
      <TextField id="employer-login-password" label={t('employer.field.password')} type="password" autoComplete="current-password" required error={employerErrorText(t, errors.password)} {...form.register('password')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid="employer-login-submit">
        {t('employer.login.submit')}
      </button>
      <p className="stack-form__links">
        <Link href={employerPaths.password()}>{t('employer.login.forgot')}</Link>
      </p>
      <p className="stack-form__links">
        {t('employer.login.noAccount')} <Link href={employerPaths.signUp()}>{t('employer.login.signUp')}</Link>
      </p>
    </form>
  );
}
