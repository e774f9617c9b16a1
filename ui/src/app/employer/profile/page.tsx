/** `/employer/profile`: the caller's name and phone (`GET /v2/employer-panel/profiles/me`, `PATCH /v1/profiles/me`). */
import type { Metadata } from 'next';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { ProfileForm } from '@/features/employer/company/panel-forms';
import type { Profile } from '@/features/employer/company/types';
import '@/features/employer/company/company.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCompany.profile.title') };
}

export default async function EmployerProfilePage() {
  await requireEmployer(employerPaths.profile());
  const { locale, t } = await getTranslator();
  const profile = await employerServerGet<Profile>('/v2/employer-panel/profiles/me');
  return (
    <section aria-labelledby="panel-heading" className="panel-page" data-testid="employer-profile">
      <h1 id="panel-heading">{t('employerCompany.profile.title')}</h1>
      <p className="muted">{t('employerCompany.profile.intro')}</p>
      <p className="muted" data-testid="profile-role">
        {t('employerCompany.profile.role', { role: t(profile.role === 'owner' ? 'employerCompany.role.owner' : 'employerCompany.role.recruiter') })} · {profile.companyName}
      </p>
      <ProfileForm locale={locale} profile={profile} />
    </section>
  );
}
