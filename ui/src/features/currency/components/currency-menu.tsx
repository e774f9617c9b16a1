'use client';
import Link from 'next/link';
import { useDismissibleMenu } from '@/components/ui/use-dismissible-menu';
import type { Currency, Locale } from '@/lib/types';
import { currencyCookie } from '../currency';
import '../currency.css';

export interface CurrencyChoice {
  currency: Currency;
  /** The list address in this currency. */
  href: string;
}

function currencyName(currency: Currency, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale === 'pl' ? 'pl-PL' : 'en-GB'], { type: 'currency' }).of(currency.toUpperCase()) ?? '';
  } catch {
    return '';
  }
}

/**
 * The currency chooser beside the sort menu: links in a disclosure, like the sort menu (works
 * without JavaScript: each link's address carries `currency`, which the proxy stores in the
 * cookie). With JavaScript it also writes the cookie at once and closes on a choice, Escape or a
 * click outside.
 */
export function CurrencyMenu({ current, choices, label, locale }: { current: Currency; choices: CurrencyChoice[]; label: string; locale: Locale }) {
  const { ref, close } = useDismissibleMenu();
  return (
    <details className="menu currency-menu" data-testid="currency-menu" ref={ref}>
      <summary aria-label={`${label}: ${currency(current, locale)}`}>
        {label}: <strong>{current.toUpperCase()}</strong>
      </summary>
      <ul className="menu__list currency-menu__list" aria-label={label}>
        {choices.map((choice) => (
          <li key={choice.currency}>
            <Link
              prefetch={false}
              href={choice.href}
              aria-current={choice.currency === current ? 'true' : undefined}
              data-currency={choice.currency}
              onClick={() => {
                document.cookie = currencyCookie(choice.currency);
                close();
              }}
            >
              <strong>{choice.currency.toUpperCase()}</strong> <span className="muted">{currencyName(choice.currency, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

function currency(code: Currency, locale: Locale): string {
  const name = currencyName(code, locale);
  return name ? `${code.toUpperCase()} (${name})` : code.toUpperCase();
}
