'use client';
/**
 * Pages opened from a mailed link (`/account/confirm?token=…`, `/account/email?token=…`). The
 * token is spent by a button, not on load: mail scanners that open links (some run scripts) would
 * otherwise use up the one-time link before its owner clicks it.
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { mutate } from 'swr';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { createTranslator, type MessageKey } from '@/i18n/translate';
import { FAVOURITES_COUNT_KEY } from '@/lib/favourites';
import { errorKey, placeServerError } from '@/lib/form-errors';
import { SESSION_KEY, setSessionCandidate } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { confirmEmailChange } from '../api/email';
import { confirmAccount, type ChosenAtConfirmation } from '../api/session';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; email: string } | { kind: 'failed'; code: string };

function useTokenAction(action: () => Promise<string>) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', email: await action() });
    } catch (error) {
      setState({ kind: 'failed', code: placeServerError(error, {}).code });
    }
  };
  return { state, run };
}

function Failure({ locale, code }: { locale: Locale; code: string }) {
  const t = createTranslator(locale);
  return (
    <FormMessage kind="error" testId="link-error">
      {t(errorKey('account.errors', code, 'account.errors.generic'))}
    </FormMessage>
  );
}

/**
 * The registration link. One click confirms; when the address was registered more than once
 * before its confirmation (the API answers `password_required`), the pending password may be a
 * stranger's, so the password and names are chosen here instead.
 */
export function ConfirmAccount({ locale, token, favoriteOfferId }: { locale: Locale; token: string | null; favoriteOfferId: string | null }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [chosen, setChosen] = useState<ChosenAtConfirmation>({ password: '', firstName: '', lastName: '' });
  const { state, run } = useTokenAction(async () => {
    const answer = await confirmAccount(token ?? '', chosen.password ? chosen : undefined);
    await setSessionCandidate(answer.candidate);
    await mutate(FAVOURITES_COUNT_KEY);
    router.refresh();
    return answer.candidate.email;
  });
  // Once asked for, the password step stays (a too-short password answers another code).
  const [choosing, setChoosing] = useState(false);
  if (state.kind === 'failed' && state.code === 'password_required' && !choosing) setChoosing(true);
  if (!token) return <FormMessage kind="error">{t('account.missingToken')}</FormMessage>;
  if (state.kind === 'done') {
    return (
      <div className="stack-form" data-testid="confirm-done">
        <FormMessage kind="success">{t('account.confirmed')}</FormMessage>
        {favoriteOfferId ? <p>{t('account.confirmedFavourite')}</p> : null}
        <Link className="button button--primary button--block" href={paths.account()}>
          {t('account.goToProfile')}
        </Link>
        {favoriteOfferId ? (
          <Link className="button button--block" href={paths.favourites()}>
            {t('account.goToFavourites')}
          </Link>
        ) : (
          <Link className="button button--block" href={paths.allOffers()}>
            {t('account.goToOffers')}
          </Link>
        )}
      </div>
    );
  }
  const failedCode = state.kind === 'failed' && state.code !== 'password_required' ? state.code : null;
  const field = (name: keyof ChosenAtConfirmation) => ({
    value: chosen[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setChosen((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form
      className="stack-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      {choosing ? (
        <>
          <FormMessage kind="info" testId="confirm-choose-password">
            {t('account.confirmChoosePassword')}
          </FormMessage>
          <TextField id="confirm-password" label={t('account.password')} type="password" autoComplete="new-password" required hint={t('account.passwordHint')} {...field('password')} />
          <TextField id="confirm-first-name" label={t('account.firstName')} autoComplete="given-name" {...field('firstName')} />
          <TextField id="confirm-last-name" label={t('account.lastName')} autoComplete="family-name" {...field('lastName')} />
        </>
      ) : (
        <p>{t('account.confirmIntro')}</p>
      )}
      {failedCode ? <Failure locale={locale} code={failedCode} /> : null}
      <button type="submit" className="button button--primary button--block" disabled={state.kind === 'busy'} data-testid="confirm-account">
        {state.kind === 'busy' ? t('account.confirming') : t('account.confirmButton')}
      </button>
      {failedCode ? (
        <p className="stack-form__links">
          <Link href={paths.login()}>{t('account.login')}</Link> · <Link href={paths.register()}>{t('account.register')}</Link>
        </p>
      ) : null}
    </form>
  );
}

export function ConfirmEmailChange({ locale, token }: { locale: Locale; token: string | null }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const { state, run } = useTokenAction(async () => {
    const candidate = await confirmEmailChange(token ?? '');
    // The session (if this browser has one) now shows the new address.
    await mutate(SESSION_KEY, (current: unknown) => (current ? candidate : current), { revalidate: false });
    router.refresh();
    return candidate.email;
  });
  if (!token) return <FormMessage kind="error">{t('account.missingToken')}</FormMessage>;
  if (state.kind === 'done') {
    return (
      <div className="stack-form" data-testid="email-done">
        <FormMessage kind="success">{t('account.emailChanged', { email: state.email })}</FormMessage>
        <Link className="button button--primary button--block" href={paths.account()}>
          {t('account.profile')}
        </Link>
      </div>
    );
  }
  const label: MessageKey = state.kind === 'busy' ? 'account.emailConfirming' : 'account.emailConfirmButton';
  return (
    <div className="stack-form">
      <p>{t('account.emailIntro')}</p>
      {state.kind === 'failed' ? <Failure locale={locale} code={state.code} /> : null}
      <button type="button" className="button button--primary button--block" onClick={() => void run()} disabled={state.kind === 'busy'} data-testid="confirm-email">
        {t(label)}
      </button>
    </div>
  );
}
