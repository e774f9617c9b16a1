'use client';
/** The candidate's pages as tabs of one area: profile, favourites, application history, offers from employers (the chat). */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { accountPages } from '@/lib/account-pages';
import { createTranslator } from '@/i18n/translate';
import { useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';

export function AccountTabs({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const pathname = usePathname();
  const { features } = useSession();
  const tabs = accountPages(features).map((page) => ({ href: page.href, label: t(page.label) }));
  return (
    <nav className="account-tabs" aria-label={t('account.menu')}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} aria-current={pathname === tab.href ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
