import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import './globals.css';
import { getConfig } from '@/features/config/api/get-config';
import { getTranslator } from '@/i18n/request';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { env } from '@/config/env';
import type { BoardConfig } from '@/lib/types';

// Every page depends on the locale cookie and live API data.
export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  const config = await getConfig().catch(() => null);
  const board = config?.tenant.name ?? 'Wakat';
  return {
    metadataBase: new URL(env.siteUrl),
    title: { default: t('meta.title', { board }), template: `%s | ${board}` },
    description: t('meta.description'),
  };
}

function themeStyle(config: BoardConfig | null): CSSProperties {
  const theme = config?.tenant.theme;
  if (!theme) return {};
  return {
    '--primary': theme.primary,
    '--secondary': theme.secondary,
    '--background': theme.background,
    '--gradient': theme.gradient,
  } as CSSProperties;
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getTranslator();
  const config = await getConfig().catch(() => null);
  return (
    <html lang={locale}>
      <body style={themeStyle(config)}>
        <a className="skip-link" href="#main">
          {t('nav.skip')}
        </a>
        <header className="site-header">
          <Link href={paths.home()} className="site-header__brand">
            {config ? <img src={config.tenant.logoUrl} alt="" width={32} height={32} /> : null}
            <span>{config?.tenant.name ?? 'Wakat'}</span>
          </Link>
          <nav aria-label={t('nav.home')} className="site-header__nav">
            <Link href={paths.allOffers()}>{t('nav.allOffers')}</Link>
            <Suspense fallback={null}>
              <LanguageSwitch locale={locale} label={t('nav.language')} switchTo={t('nav.switchTo')} />
            </Suspense>
          </nav>
        </header>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p>
            © {config?.tenant.name ?? 'Wakat'} · {t('footer.rights')}
          </p>
        </footer>
      </body>
    </html>
  );
}
