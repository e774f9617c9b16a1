'use client';
import { usePathname, useSearchParams } from 'next/navigation';
import type { Locale } from '@/lib/types';

/**
 * A link to the current address with `?lang=`, which the proxy turns into the locale cookie. Its
 * accessible name starts with the visible text, so voice control users can say what they see.
 */
export function LanguageSwitch({ locale, label, switchTo }: { locale: Locale; label: string; switchTo: string }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const target: Locale = locale === 'pl' ? 'en' : 'pl';
  const params = new URLSearchParams(searchParams?.toString() ?? '');
  params.set('lang', target);
  return (
    <a className="language-switch" href={`${pathname}?${params.toString()}`} hrefLang={target} lang={target} aria-label={`${target.toUpperCase()} – ${label}: ${switchTo}`} data-testid="language-switch">
      {target.toUpperCase()}
    </a>
  );
}
