'use client';
/**
 * The header's account corner (boards with `candidatePortalLogin`): login and register links for
 * guests (coming back to the page they were on; none while an employer is logged in, whose panel
 * link the header shows instead), a menu for candidates (profile, favourites, application
 * history, log out).
 */
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import '@/components/ui/candidate.css';
import { useState } from 'react';
import { useDismissibleMenu } from '@/components/ui/use-dismissible-menu';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { accountPages } from '@/lib/account-pages';
import { displayName } from '@/lib/candidate';
import { forgetCandidate, useSession } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { logout } from '../api/session';

/** Pages a guest is sent back to after logging in (not the account pages themselves). */
function returnPath(pathname: string): string | null {
  return pathname.startsWith('/account') || pathname === '/' ? null : pathname;
}

/** `hideGuestLinks`: an employer is logged in, so a guest's candidate login links would mislead. */
export function AccountNav({ locale, hideGuestLinks = false }: { locale: Locale; hideGuestLinks?: boolean }) {
  const t = createTranslator(locale);
  const pathname = usePathname() ?? '/';
  const router = useRouter();
  const { candidate, features } = useSession();
  const menu = useDismissibleMenu();
  const [leaving, setLeaving] = useState(false);
  if (!features.login) return null;

  if (!candidate) {
    if (hideGuestLinks) return null;
    const next = returnPath(pathname);
    return (
      <span className="account-nav" data-testid="account-nav">
        <Link href={paths.login({ next })} data-testid="nav-login">
          {t('account.login')}
        </Link>
        <Link className="button button--small button--primary" href={paths.register({ next })} data-testid="nav-register">
          {t('account.register')}
        </Link>
      </span>
    );
  }

  const onLogout = async () => {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // An ended session logs out all the same; the cookies go with the next answer.
    }
    await forgetCandidate();
    menu.close();
    setLeaving(false);
    if (/^\/(account|favorite-offers|application-history)(\/|$)/.test(pathname)) router.replace(paths.home());
    router.refresh();
  };

  const name = displayName(candidate);
  const initials = (`${candidate.firstName.charAt(0)}${candidate.lastName.charAt(0)}`.trim() || candidate.email.charAt(0)).toUpperCase();
  return (
    <details className="menu account-menu" ref={menu.ref} data-testid="account-menu">
      <summary>
        <span className="account-menu__avatar" aria-hidden="true">
          {initials}
        </span>
        <span className="visually-hidden">{t('account.menu')}: </span>
        <span className="account-menu__name">{name}</span>
      </summary>
      <ul className="menu__list">
        {accountPages(features).map((page) => (
          <li key={page.href}>
            <Link href={page.href} onClick={menu.close} aria-current={pathname === page.href ? 'page' : undefined}>
              {t(page.label)}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="menu__button" onClick={() => void onLogout()} disabled={leaving} data-testid="logout">
            {t('account.logout')}
          </button>
        </li>
      </ul>
    </details>
  );
}
