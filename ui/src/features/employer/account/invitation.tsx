'use client';
/**
 * An invitation's mailed link (`/employer/invitation?token=…`): says which company invites whom
 * and as what, then accepts the invitation with a password chosen here. Nothing is created for
 * the address until then, and a sign-up of one's own company never joins the inviting one.
 */
import Link from 'next/link';
import useSWR from 'swr';
import { FormMessage } from '@/components/ui/form-field';
import { createTranslator } from '@/i18n/translate';
import { ApiError } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-write';
import { employerPaths } from '@/features/employer/paths';
import type { Locale } from '@/lib/types';
import { ConfirmForm } from './account-forms';

type Invitation = { companyName: string; email: string; name: string; role: 'owner' | 'recruiter'; expiresAt: string };

export function InvitationView({ locale, token }: { locale: Locale; token: string }) {
  const t = createTranslator(locale);
  // A POST keeps the token out of URLs the API logs; nothing changes until the acceptance.
  const { data, error, isLoading } = useSWR(['employer-invitation', token], () => apiWrite<Invitation>('POST', '/v1/users/invitation', { token }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (isLoading) return <p className="muted">…</p>;
  if (error || !data) {
    const taken = error instanceof ApiError && error.code === 'email_taken';
    return (
      <FormMessage kind="error" testId="invitation-invalid">
        {t(taken ? 'employer.invitation.taken' : 'employer.invitation.invalid')} <Link href={employerPaths.login()}>{t('employer.login.submit')}</Link>
      </FormMessage>
    );
  }
  const role = t(data.role === 'owner' ? 'employer.invitation.role.owner' : 'employer.invitation.role.recruiter');
  return (
    <div className="stack-form" data-testid="invitation">
      <p data-testid="invitation-intro">{t('employer.invitation.intro', { company: data.companyName, email: data.email, role })}</p>
      <ConfirmForm locale={locale} token={token} setPassword submitLabel={t('employer.invitation.accept')} next={employerPaths.panel()} />
    </div>
  );
}
