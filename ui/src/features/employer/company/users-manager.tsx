'use client';
/**
 * The company's users for an owner: each with its role (changed in place) and removal, and the
 * form that invites another user (a recruiter unless chosen otherwise). The API refuses the last
 * owner's demotion or removal (`last_owner`), shown on the row.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError, FormMessage, SelectField, TextField } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { employerWrite, useEmployerApi } from '@/features/employer/session/client';
import type { Locale } from '@/lib/types';
import { employerErrorText, showEmployerServerError } from '../account/errors';
import { newUserSchema, NEW_USER_FIELDS, type NewUserValues } from './schemas';
import type { PanelUser, Role } from './types';

export function UsersManager({ locale, initial, selfId }: { locale: Locale; initial: PanelUser[]; selfId: string }) {
  const t = createTranslator(locale);
  const { data, mutate } = useEmployerApi<{ data: PanelUser[] }>('/v2/employer-panel/users', { fallbackData: { data: initial } });
  const users = data?.data ?? initial;
  const [rowError, setRowError] = useState<{ id: string; code: string } | null>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const roles: { value: Role; label: string }[] = [
    { value: 'recruiter', label: t('employerCompany.role.recruiter') },
    { value: 'owner', label: t('employerCompany.role.owner') },
  ];
  const act = async (id: string, run: () => Promise<unknown>) => {
    setRowError(null);
    try {
      await run();
    } catch (failure) {
      setRowError({ id, code: failure instanceof ApiError ? failure.code : 'network_error' });
    }
    await mutate();
  };
  const form = useForm<NewUserValues>({ resolver: zodResolver(newUserSchema), defaultValues: { name: '', email: '', role: 'recruiter' }, mode: 'onTouched' });
  const error = (name: keyof NewUserValues) => employerErrorText(t, form.formState.errors[name]);
  const onInvite = form.handleSubmit(async (values) => {
    setInvited(null);
    try {
      await employerWrite('POST', '/v1/users', { name: values.name.trim(), email: values.email.trim(), role: values.role });
      setInvited(values.email.trim());
      form.reset();
      await mutate();
    } catch (failure) {
      showEmployerServerError(form, failure, NEW_USER_FIELDS);
    }
  });
  const formError = employerErrorText(t, form.formState.errors.root?.server);
  return (
    <>
      <table className="employer-table employer-table--cards" data-testid="users-table">
        <thead>
          <tr>
            <th scope="col">{t('employerCompany.field.name')}</th>
            <th scope="col">{t('employerCompany.field.email')}</th>
            <th scope="col">{t('employerCompany.users.role')}</th>
            <th scope="col">{t('employerCompany.users.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('employerCompany.users.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} data-testid="user-row" data-email={user.email}>
              <td className="employer-table__title">
                {user.name} {user.id === selfId ? <span className="muted">{t('employerCompany.users.you')}</span> : null}
                {rowError?.id === user.id ? (
                  <p className="form-field__error" role="alert" data-testid="user-row-error">
                    {employerErrorText(t, { message: rowError.code })}
                  </p>
                ) : null}
              </td>
              <td data-label={t('employerCompany.field.email')}>{user.email}</td>
              <td data-label={t('employerCompany.users.role')}>
                <label className="visually-hidden" htmlFor={`role-${user.id}`}>
                  {t('employerCompany.users.role')}
                </label>
                <select
                  id={`role-${user.id}`}
                  value={user.role}
                  data-testid="user-role"
                  onChange={(event) => act(user.id, () => employerWrite('PATCH', `/v2/employer-panel/users/${encodeURIComponent(user.id)}`, { role: event.target.value }))}
                >
                  {roles.map((role) => (
                    <option key={role.value} value={role.value}>
                      {role.label}
                    </option>
                  ))}
                </select>
              </td>
              <td data-label={t('employerCompany.users.status')}>{user.emailConfirmed ? t('employerCompany.users.confirmed') : t('employerCompany.users.invited')}</td>
              <td>
                <button
                  type="button"
                  className="button button--small"
                  data-testid="user-remove"
                  onClick={() => {
                    if (window.confirm(t('employerCompany.users.removeConfirm', { name: user.name }))) {
                      void act(user.id, () => employerWrite('DELETE', `/v2/employer-panel/users/${encodeURIComponent(user.id)}`));
                    }
                  }}
                >
                  {t('employerCompany.users.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('employerCompany.users.add')}</h2>
      <form className="stack-form" onSubmit={onInvite} noValidate data-testid="add-user-form">
        <FormError message={formError} />
        {invited ? (
          <FormMessage kind="success" testId="user-invited">
            {t('employerCompany.users.invitedTo', { email: invited })}
          </FormMessage>
        ) : null}
        <TextField id="new-user-name" label={t('employerCompany.field.name')} required error={error('name')} {...form.register('name')} />
        <TextField id="new-user-email" label={t('employerCompany.field.email')} type="email" required error={error('email')} {...form.register('email')} />
        <SelectField id="new-user-role" label={t('employerCompany.users.role')} options={roles} error={error('role')} {...form.register('role')} />
        <button type="submit" className="button button--primary" disabled={form.formState.isSubmitting} data-testid="add-user-submit">
          {t('employerCompany.users.addSubmit')}
        </button>
      </form>
    </>
  );
}
