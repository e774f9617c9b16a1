/** `/employer/billing`: invoice data, owners only (`PATCH /v2/employer-panel/company/billing-data`). */
import type { Metadata } from 'next';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import { BillingForm } from '@/features/employer/company/panel-forms';
import type { CompanyInfo } from '@/features/employer/company/types';
import '@/features/employer/company/company.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employerCompany.billing.title') };
}

export default async function EmployerBillingPage() {
  const employer = await requireEmployer(employerPaths.billing());
  const { locale, t } = await getTranslator();
  if (employer.role === 'recruiter') {
    return (
      <section aria-labelledby="panel-heading" className="panel-page" data-testid="owners-only">
        <h1 id="panel-heading">{t('employerCompany.billing.title')}</h1>
        <p>{t('employerCompany.ownersOnly')}</p>
      </section>
    );
  }
  const company = await employerServerGet<CompanyInfo>('/v1/company');
  return (
    <section aria-labelledby="panel-heading" className="panel-page" data-testid="employer-billing">
      <h1 id="panel-heading">{t('employerCompany.billing.title')}</h1>
      <p className="muted">{t('employerCompany.billing.intro')}</p>
      <BillingForm locale={locale} billing={company.billingData} />
    </section>
  );
}
