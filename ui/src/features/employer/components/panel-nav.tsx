'use client';
/** The employer panel's navigation (`features/employer/nav.ts`), the current page marked, and logout. */
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { createTranslator } from '@/i18n/translate';
import { useConversations } from '@/lib/chat/use-chat';
import { activeNavLink, navFor } from '@/features/employer/nav';
import { useEmployer } from '@/features/employer/session/client';
import { employerPaths } from '@/features/employer/paths';
import { logOutEmployer } from '@/features/employer/session/session-actions';
import type { Locale } from '@/lib/types';

/** The unread messages of the company's conversations, beside their link (live through the panel's chat connection). */
function UnreadBadge({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const { unreadTotal } = useConversations();
  if (!unreadTotal) return null;
  return (
    <span className="chat-badge employer-nav__badge" data-testid="employer-chat-unread">
      <span aria-hidden="true">{unreadTotal}</span>
      <span className="visually-hidden">{t('chat.widget.unread', { count: unreadTotal, n: unreadTotal })}</span>
    </span>
  );
}

export function EmployerPanelNav({ locale, chat = false }: { locale: Locale; chat?: boolean }) {
  const t = createTranslator(locale);
  const active = activeNavLink(usePathname() ?? '');
  const links = navFor(useEmployer()?.role, { chat });
  const navRef = useRef<HTMLElement>(null);
  // On a phone the menu is one row scrolling sideways (employer.css): bring the current page's
  // link into it, or the row always starts at "Offers" whatever page is open.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    nav.scrollLeft += offset - (nav.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav ref={navRef} className="employer-nav" aria-label={t('employer.panelNav')} data-testid="employer-nav">
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <Link href={link.href} data-nav={link.id} aria-current={active === link.id ? 'page' : undefined}>
              {t(link.label)}
              {link.id === 'conversations' ? <UnreadBadge locale={locale} /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EmployerLogoutButton({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const [leaving, setLeaving] = useState(false);
  const onLogout = async () => {
    setLeaving(true);
    await logOutEmployer();
    // A full load: the panel frame (a layout) is rendered again, for a visitor without a session.
    window.location.assign(employerPaths.login());
  };
  return (
    <button type="button" className="button button--small" onClick={onLogout} disabled={leaving} data-testid="employer-logout">
      {t('employer.logout')}
    </button>
  );
}
