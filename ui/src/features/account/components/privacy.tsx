'use client';
/** GDPR: the export of everything the account holds, and deleting the account (password confirmed). */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from '@/components/ui/dialog';
import { FormMessage, TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { forgetCandidate } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { deleteAccount, exportUrl } from '../api/profile';
import { errorText, isWrongPassword, showServerError } from '../form';
import { deleteAccountSchema, type DeleteAccountValues } from '../schemas';

export function Privacy({ locale, board }: { locale: Locale; board: string }) {
  const t = createTranslator(locale);
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccountValues>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await deleteAccount(values.password);
      // Forget the session and everything cached for the account (favourites, counts, lists).
      await forgetCandidate();
      setOpen(false);
      router.replace(paths.home());
      router.refresh();
    } catch (error) {
      if (isWrongPassword(error)) form.setError('password', { type: 'server', message: 'invalid_password' }, { shouldFocus: true });
      else showServerError(form, error, { password: 'password' });
    }
  });
  const formError = errorText(t, errors.root?.server);
  return (
    <div className="privacy" data-testid="privacy">
      <p>
        <a className="button" href={exportUrl(board)} download="wakat-account.json" data-testid="export-data">
          {t('account.export')}
        </a>
      </p>
      <p className="muted">{t('account.exportHint')}</p>
      <hr />
      <p>{t('account.deleteAccountWarning')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('account.deleteAccount')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('account.deleteAccount')} closeLabel={t('job.close')} size="small" testId="delete-account-dialog">
        <form className="stack-form" onSubmit={onSubmit} noValidate>
          <p>{t('account.deleteAccountWarning')}</p>
          <TextField id="delete-password" label={t('account.deleteAccountPassword')} type="password" autoComplete="current-password" required error={errorText(t, errors.password)} {...form.register('password')} />
          {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
          <div className="form-actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('account.cancel')}
            </button>
            <button type="submit" className="button button--danger" disabled={isSubmitting} data-testid="delete-account-confirm">
              {t('account.deleteAccountConfirm')}
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
