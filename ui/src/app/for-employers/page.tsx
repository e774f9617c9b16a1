import type { Metadata } from 'next';
import Link from 'next/link';
import { getConfig } from '@/features/config/api/get-config';
import { PlanCards } from '@/features/employer/offer/components/plan-cards';
import { getPlans } from '@/features/employer/offer/server';
import { getTranslator } from '@/i18n/request';
import { employerPaths } from '@/features/employer/paths';
import { getEmployer } from '@/features/employer/session/server';
import '@/features/employer/offer/offer.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('forEmployers.title') };
}

/**
 * The way into the employer side from the public site (header and footer link "Dla pracodawców"):
 * what publishing costs (the board's active plans) and where to start: sign up, or the panel when
 * an employer is logged in already.
 */
export default async function ForEmployersPage() {
  const [{ locale, t }, config, employer] = await Promise.all([getTranslator(), getConfig(), getEmployer()]);
  const plans = await getPlans(locale);
  const board = config.tenant.name;
  return (
    <section className="for-employers" aria-labelledby="for-employers-heading" data-testid="for-employers">
      <header className="for-employers__intro">
        <h1 id="for-employers-heading">{t('forEmployers.heading', { board })}</h1>
        <p>{t('forEmployers.intro', { board })}</p>
        <p className="for-employers__actions">
          {employer ? (
            <>
              <Link className="button button--primary" href={employerPaths.newOffer()} data-testid="for-employers-add">
                {t('forEmployers.addOffer')}
              </Link>
              <Link className="button" href={employerPaths.offers()}>
                {t('forEmployers.panel', { company: employer.company.name })}
              </Link>
            </>
          ) : (
            <>
              <Link className="button button--primary" href={employerPaths.signUp()} data-testid="for-employers-add">
                {t('forEmployers.addOffer')}
              </Link>
              <Link className="button" href={employerPaths.login()} data-testid="for-employers-login">
                {t('forEmployers.login')}
              </Link>
            </>
          )}
        </p>
      </header>
      <h2>{t('forEmployers.plans')}</h2>
      <p className="muted">{t('employer.plans.intro')}</p>
      <PlanCards plans={plans} locale={locale} />
    </section>
  );
}
