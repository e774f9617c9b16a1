/** `/employer/company`: name, size, website and logo (`GET /v1/company`, `POST /v1/company/company_data`). */
import type { Metadata } from 'next';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { CompanyForm } from '@/features/employer/company/panel-forms';
import type { CompanyInfo } from '@/features/employer/company/types';
import '@/features/employer/company/company.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCompany.company.title') };
}

export default async function EmployerCompanyPage() {
  await requireEmployer(employerPaths.company());
  const { locale, t } = await getTranslator();
  const company = await employerServerGet<CompanyInfo>('/v1/company');
  return (
    <section aria-labelledby="panel-heading" className="panel-page" data-testid="employer-company">
      <h1 id="panel-heading">{t('employerCompany.company.title')}</h1>
      <p className="muted">{t('employerCompany.company.intro')}</p>
      <CompanyForm locale={locale} company={company} />
    </section>
  );
}
