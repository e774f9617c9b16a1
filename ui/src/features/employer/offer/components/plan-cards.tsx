'use client';
/** The board's plans (`GET /v2/offer-plans`): prices, promotion, features, limits; one can be chosen. */
import { createTranslator } from '@/i18n/translate';
import type { Plan } from '@/features/employer/types';
import type { Locale } from '@/lib/types';

export function formatMoney(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
}

export function PlanCards({ plans, locale, chosen, onChoose, busy, actionLabel }: { plans: Plan[]; locale: Locale; chosen?: string | null; onChoose?: (slug: string) => void; busy?: boolean; actionLabel?: string }) {
  const t = createTranslator(locale);
  return (
    <ul className="plan-cards" data-testid="plan-cards">
      {plans.map((plan) => (
        <li key={plan.slug} className={`card plan-card${plan.recommended ? ' plan-card--recommended' : ''}${chosen === plan.slug ? ' plan-card--chosen' : ''}`} data-testid={`plan-${plan.slug}`}>
          <h3>
            {plan.name} {plan.recommended ? <span className="badge badge--new">{t('employer.plans.recommended')}</span> : null}
          </h3>
          <p className="plan-card__price">
            <strong>{formatMoney(plan.price.net, plan.price.currency, locale)}</strong> <span className="muted">{t('employer.plans.net')}</span>
            {plan.price.oldNet > 0 ? (
              <>
                {' '}
                <s className="muted" aria-label={t('employer.plans.oldPrice')}>
                  {formatMoney(plan.price.oldNet, plan.price.currency, locale)}
                </s>
              </>
            ) : null}
          </p>
          <p className="muted">
            {t('employer.plans.gross', { gross: formatMoney(plan.price.gross, plan.price.currency, locale), tax: formatMoney(plan.price.tax, plan.price.currency, locale) })}
            {' · '}
            {formatMoney(plan.price.netEur, 'EUR', locale)}
          </p>
          {plan.promotionDeadline ? <p className="muted">{t('employer.plans.promotionUntil', { date: plan.promotionDeadline })}</p> : null}
          <ul className="plan-card__features">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {onChoose ? (
            <button type="button" className={`button${plan.recommended ? ' button--primary' : ''}`} onClick={() => onChoose(plan.slug)} disabled={busy} data-testid={`choose-${plan.slug}`}>
              {actionLabel ?? t('employer.plans.choose')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
