'use client';
/**
 * The markup of a login form (e-mail, password, submit, "forgot password" and "no account yet"
 * links), shared by the candidate login (features/account) and the employer login
 * (features/employer); each brings its own texts, links, schema and submit. The field ids and test
 * ids follow `prefix`: `{prefix}-form`, `{prefix}-email`, `{prefix}-password`, `{prefix}-submit`.
 */
import Link from 'next/link';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldError, UseFormReturn } from 'react-hook-form';
import { FormError, FormMessage, TextField } from './form-field';

export interface LoginFields {
  email: string;
  password: string;
}

export interface LoginFormTexts {
  email: string;
  password: string;
  submit: string;
  forgot: string;
  noAccount: string;
  signUp: string;
}

export function LoginFormView({
  prefix,
  texts,
  forgotHref,
  signUpHref,
  notice,
  form,
  errorText,
  onSubmit,
}: {
  prefix: string;
  texts: LoginFormTexts;
  forgotHref: string;
  signUpHref: string;
  /** An information above the form (e.g. why logging in is asked). */
  notice?: ReactNode;
  form: UseFormReturn<LoginFields>;
  /** The translated text of a field's error or of the server's form-level one (`root.server`). */
  errorText: (error: Pick<FieldError, 'message'> | undefined) => string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  const { errors, isSubmitting } = form.formState;
  return (
    <form className="stack-form" onSubmit={onSubmit} noValidate data-testid={`${prefix}-form`}>
      {notice ? <FormMessage kind="info">{notice}</FormMessage> : null}
      <FormError message={errorText(errors.root?.server)} />
      <TextField id={`${prefix}-email`} label={texts.email} type="email" autoComplete="email" required error={errorText(errors.email)} {...form.register('email')} />
      <TextField id={`${prefix}-password`} label={texts.password} type="password" autoComplete="current-password" required error={errorText(errors.password)} {...form.register('password')} />
      <button type="submit" className="button button--primary button--block" disabled={isSubmitting} data-testid={`${prefix}-submit`}>
        {texts.submit}
      </button>
      <p className="stack-form__links">
        <Link href={forgotHref}>{texts.forgot}</Link>
      </p>
      <p className="stack-form__links">
        {texts.noAccount} <Link href={signUpHref}>{texts.signUp}</Link>
      </p>
    </form>
  );
}
