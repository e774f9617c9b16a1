/**
 * The employer side's frame. Public pages (login, sign-up, the mailed links, the payment return)
 * get a plain column; every other `/employer/...` page needs an employer session (else a redirect
 * to `/employer/login?next=…`) and gets the panel: navigation, the user and company, logout.
 * Pages check the session themselves too (`requireEmployer`): a layout is not rendered again on
 * client-side navigations.
 */
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { EmployerLogoutButton, EmployerPanelNav } from '@/features/employer/components/panel-nav';
import { getTranslator } from '@/i18n/request';
import { EmployerProvider } from '@/features/employer/session/client';
import { employerPaths, isPublicEmployerPath, PATHNAME_HEADER } from '@/features/employer/paths';
import { requireEmployer } from '@/features/employer/session/server';
import { getConfig } from '@/features/config/api/get-config';
import { ChatProvider } from '@/lib/chat/use-chat';
import '@/components/chat/chat.css';
import '@/components/ui/forms.css';
import '@/features/employer/employer.css';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  return { title: t('employer.panelTitle'), robots: { index: false, follow: false } };
}

export default async function EmployerLayout({ children }: { children: ReactNode }) {
  const pathname = (await headers()).get(PATHNAME_HEADER) ?? employerPaths.panel();
  const { locale, t } = await getTranslator();
  if (isPublicEmployerPath(pathname)) {
    return (
      <EmployerProvider employer={null}>
        <div className="employer-public" data-testid="employer-public">
          {children}
        </div>
      </EmployerProvider>
    );
  }
  const employer = await requireEmployer(pathname);
  // The candidate chat (issue 25): one live connection for the panel, for the unread badge and the
  // Conversations page.
  const chat = Boolean((await getConfig().catch(() => null))?.featureFlags.candidateChat);
  const panel = (
      <div className="employer-panel" data-testid="employer-panel">
        <aside className="employer-panel__side">
          <p className="employer-panel__who" data-testid="employer-who">
            <strong>{employer.name}</strong>
            {employer.company.name}
            <br />
            <span className="muted">{employer.email}</span>
          </p>
          <EmployerPanelNav locale={locale} chat={chat} />
          <EmployerLogoutButton locale={locale} />
        </aside>
        <div className="employer-panel__content">
          {employer.email_confirmed ? null : (
            <div className="alert alert--warning" role="status" data-testid="employer-unconfirmed">
              <p>{t('employer.unconfirmed')}</p>
              {/* A full load: the public pages have their own frame. */}
              <a href={employerPaths.confirm()}>{t('employer.resendLink')}</a>
            </div>
          )}
          {children}
        </div>
      </div>
  );
  return <EmployerProvider employer={employer}>{chat ? <ChatProvider side="employer">{panel}</ChatProvider> : panel}</EmployerProvider>;
}
