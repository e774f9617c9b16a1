import type { Metadata } from 'next';
import Link from 'next/link';
import { getConfig } from '@/features/config/api/get-config';
import { getLegalDocument } from '@/features/terms/api/get-document';
import { LegalTopBar } from '@/features/terms/components/legal-top-bar';
import { TermsList } from '@/features/terms/components/terms-list';
import { privacyPolicyPath, termsForDisplay, type LegalConfig } from '@/features/terms/rules';
import { getTranslator } from '@/i18n/request';
import { paths } from '@/config/paths';
import { showWhistleblowerReport } from '@/lib/flags';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('terms.title'), alternates: { canonical: paths.terms() } };
}

export default async function TermsPage() {
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  const legalConfig = config as typeof config & LegalConfig;
  const now = new Date();
  const terms = legalConfig.terms ?? [];
  const showReport = showWhistleblowerReport(config.featureFlags);
  const [clause, report] = await Promise.all([
    getLegalDocument(legalConfig.legal?.informationClauseUrl, locale),
    showReport ? getLegalDocument(legalConfig.legal?.whistleblowerReportUrl, locale) : Promise.resolve(null),
  ]);

  return (
    <div className="legal-page" data-testid="terms-page">
      <LegalTopBar boardName={config.tenant.name} logoUrl={config.tenant.logoUrl} homeLabel={t('nav.home')} termsLabel={t('terms.title')} navLabel={t('terms.nav')} />
      <h1>{t('terms.title')}</h1>
      <section className="card" aria-labelledby="terms-users">
        <h2 id="terms-users">{t('terms.forUsers')}</h2>
        <TermsList files={termsForDisplay(terms, 'users', now)} locale={locale} t={t} testId="terms-users" />
      </section>
      <section className="card" aria-labelledby="terms-clients">
        <h2 id="terms-clients">{t('terms.forClients')}</h2>
        <TermsList files={termsForDisplay(terms, 'clients', now)} locale={locale} t={t} testId="terms-clients" />
      </section>
      {legalConfig.legal?.privacyPolicyUrl ? (
        <section className="card" aria-labelledby="terms-privacy">
          <h2 id="terms-privacy">{t('terms.privacyPolicy')}</h2>
          <p>
            <Link href={privacyPolicyPath()} data-testid="privacy-policy-link">
              {t('terms.readPrivacyPolicy')}
            </Link>
          </p>
        </section>
      ) : null}
      {clause ? (
        <section className="card" aria-labelledby="terms-clause">
          <h2 id="terms-clause">{t('terms.informationClause')}</h2>
          <div className="legal-text" dangerouslySetInnerHTML={{ __html: clause }} />
        </section>
      ) : null}
      {report ? (
        <section className="card" aria-labelledby="terms-report" data-testid="whistleblower-report">
          <h2 id="terms-report">{t('terms.whistleblowerReport')}</h2>
          <div className="legal-text" dangerouslySetInnerHTML={{ __html: report }} />
        </section>
      ) : null}
    </div>
  );
}
