/** `/employer/users`: the company's users and roles, owners only (`GET /v2/employer-panel/users`). */
import type { Metadata } from 'next';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { UsersManager } from '@/features/employer/company/users-manager';
import type { PanelUser } from '@/features/employer/company/types';
import '@/features/employer/company/company.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCompany.users.title') };
}

export default async function EmployerUsersPage() {
  const employer = await requireEmployer(employerPaths.users());
  const { locale, t } = await getTranslator();
  if (employer.role === 'recruiter') {
    return (
      <section aria-labelledby="panel-heading" className="panel-page" data-testid="owners-only">
        <h1 id="panel-heading">{t('employerCompany.users.title')}</h1>
        <p>{t('employerCompany.ownersOnly')}</p>
      </section>
    );
  }
  const users = await employerServerGet<{ data: PanelUser[] }>('/v2/employer-panel/users');
  return (
    <section aria-labelledby="panel-heading" className="panel-page" data-testid="employer-users">
      <h1 id="panel-heading">{t('employerCompany.users.title')}</h1>
      <p className="muted">{t('employerCompany.users.intro')}</p>
      <UsersManager locale={locale} initial={users.data} selfId={employer.resource_owner_id} />
    </section>
  );
}
