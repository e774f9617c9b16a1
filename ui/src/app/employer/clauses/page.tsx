/** `/employer/clauses`: the default information clause and consents of new offers (`PATCH /v2/employer-panel/company/clauses`). */
import type { Metadata } from 'next';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { ClausesForm } from '@/features/employer/company/panel-forms';
import type { CompanyInfo } from '@/features/employer/company/types';
import '@/features/employer/company/company.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCompany.clauses.title') };
}

export default async function EmployerClausesPage() {
  await requireEmployer(employerPaths.clauses());
  const { locale, t } = await getTranslator();
  const company = await employerServerGet<CompanyInfo>('/v1/company');
  return (
    <section aria-labelledby="panel-heading" className="panel-page" data-testid="employer-clauses">
      <h1 id="panel-heading">{t('employerCompany.clauses.title')}</h1>
      <p className="muted">{t('employerCompany.clauses.intro')}</p>
      <ClausesForm locale={locale} clauses={company.clauses} />
    </section>
  );
}
