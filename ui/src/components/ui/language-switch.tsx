'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import type { Locale } from '@/lib/types';

/** A link to the current address with `?lang=`, which the proxy turns into the locale cookie. */
export function LanguageSwitch({ locale, label, switchTo }: { locale: Locale; label: string; switchTo: string }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const target: Locale = locale === 'pl' ? 'en' : 'pl';
  const params = new URLSearchParams(searchParams?.toString() ?? '');
  params.set('lang', target);
  return (
    <a className="language-switch" href={`${pathname}?${params.toString()}`} hrefLang={target} lang={target} aria-label={`${label}: ${switchTo}`} data-testid="language-switch">
      {target.toUpperCase()}
    </a>
  );
}
