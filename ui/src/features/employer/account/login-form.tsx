'use client';
/** The employer login: e-mail and password through the `logInEmployer` server action. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginFormView } from '@/components/ui/login-form';
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
  return (
    <LoginFormView
      prefix="employer-login"
      texts={{ email: t('employer.field.email'), password: t('employer.field.password'), submit: t('employer.login.submit'), forgot: t('employer.login.forgot'), noAccount: t('employer.login.noAccount'), signUp: t('employer.login.signUp') }}
      forgotHref={employerPaths.password()}
      signUpHref={employerPaths.signUp()}
      form={form}
      errorText={(error) => employerErrorText(t, error)}
      onSubmit={onSubmit}
    />
  );
}
