import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getConfig } from '@/features/config/api/get-config';
import { getLegalDocument } from '@/features/terms/api/get-document';
import { LegalTopBar } from '@/features/terms/components/legal-top-bar';
import { privacyPolicyPath, type LegalConfig } from '@/features/terms/rules';
import { getTranslator } from '@/i18n/request';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('terms.privacyPolicy'), alternates: { canonical: privacyPolicyPath() } };
}

export default async function PrivacyPolicyPage() {
  const [{ locale, t }, config] = await Promise.all([getTranslator(), getConfig()]);
  const policy = await getLegalDocument((config as typeof config & LegalConfig).legal?.privacyPolicyUrl, locale);
  if (!policy) notFound();
  return (
    <div className="legal-page" data-testid="privacy-policy">
      <LegalTopBar boardName={config.tenant.name} logoUrl={config.tenant.logoUrl} homeLabel={t('nav.home')} termsLabel={t('terms.title')} navLabel={t('terms.nav')} />
      <h1>{t('terms.privacyPolicy')}</h1>
      <div className="card legal-text" dangerouslySetInnerHTML={{ __html: policy }} />
    </div>
  );
}
