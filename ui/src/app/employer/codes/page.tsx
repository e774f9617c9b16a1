/**
 * `/employer/codes`: the company's prepaid codes (`GET /v2/employer-panel/codes`), rendered on the
 * server with the session's bearer token; plan names from `GET /v2/offer-plans`.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslator } from '@/i18n/request';
import { apiGet } from '@/lib/api-client';
import { boardSlug } from '@/lib/board-server';
import { employerPaths } from '@/features/employer/paths';
import { employerServerGet, requireEmployer } from '@/features/employer/session/server';
import type { OfferCode, Plan } from '@/features/employer/types';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.codes.title') };
}

export default async function EmployerCodesPage() {
  await requireEmployer(employerPaths.codes());
  const { locale, t } = await getTranslator();
  // A failure shows the app's error page (app/error.tsx) with its retry.
  const [codes, plans] = await Promise.all([
    employerServerGet<{ data: OfferCode[] }>('/v2/employer-panel/codes').then((answer) => answer.data),
    apiGet<{ data: Plan[] }>('/v2/offer-plans', undefined, { locale, board: await boardSlug() }).then((answer) => answer.data),
  ]);
  const planName = (slug: string) => plans.find((plan) => plan.slug === slug)?.name ?? slug;
  const date = (seconds: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
  return (
    <section aria-labelledby="codes-heading" data-testid="employer-codes">
      <h1 id="codes-heading">{t('employer.codes.title')}</h1>
      <p className="muted">{t('employer.codes.intro')}</p>
      {codes.length === 0 ? (
        <p data-testid="codes-empty">{t('employer.codes.empty')}</p>
      ) : (
        <table className="employer-table employer-table--cards" data-testid="codes-table">
          <thead>
            <tr>
              <th scope="col">{t('employer.codes.code')}</th>
              <th scope="col">{t('employer.codes.plan')}</th>
              <th scope="col">{t('employer.codes.created')}</th>
              <th scope="col">{t('employer.codes.state')}</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.code} data-testid="code-row">
                <td className="employer-table__title">
                  <code>{code.code}</code>
                </td>
                <td data-label={t('employer.codes.plan')}>{planName(code.planKey)}</td>
                <td data-label={t('employer.codes.created')}>{date(code.createdAt)}</td>
                <td data-label={t('employer.codes.state')}>
                  {code.isUsed && code.usedAt ? (
                    <>
                      {t('employer.codes.usedFor', { date: date(code.usedAt) })}
                      {code.usedFor ? (
                        <>
                          {' · '}
                          <Link href={employerPaths.offer(code.usedFor)}>{t('employer.codes.offer')}</Link>
                        </>
                      ) : null}
                    </>
                  ) : (
                    <strong>{t('employer.codes.unused')}</strong>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
