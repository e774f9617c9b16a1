import type { Metadata } from 'next';
import Link from 'next/link';
import { cookies } from 'next/headers';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import './globals.css';
import { HorizontalPopup } from '@/features/popups/components/horizontal-popup';
import { SurveyPopup } from '@/features/popups/components/survey-popup';
import { shouldShowSurvey } from '@/features/popups/rules';
import { HeaderGate } from '@/features/theme/components/header-gate';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { resolveLayoutVariant, resolveTheme, showThemeToggle, type Theme } from '@/features/theme/theme';
import { HORIZONTAL_POPUP_COOKIE, HORIZONTAL_THEME_COOKIE, SURVEY_COOKIE, THEME_COOKIE } from '@/lib/preference-cookies';
import { getConfig } from '@/features/config/api/get-config';
import { getTranslator } from '@/i18n/request';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { env } from '@/config/env';
import type { BoardConfig } from '@/lib/types';
import { SessionProvider } from '@/lib/session';
import { getCandidate } from '@/lib/session-server';
import { AccountNav } from '@/features/account/components/account-nav';
import { FavouritesHeaderButton } from '@/features/favourites/components/favourites-header-button';

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

/** The board's colours; in dark mode its light background gives way to the dark palette of globals.css. */
function themeStyle(config: BoardConfig | null, mode: Theme): CSSProperties {
  const theme = config?.tenant.theme;
  if (!theme) return {};
  return {
    '--primary': theme.primary,
    '--secondary': theme.secondary,
    ...(mode === 'light' ? { '--background': theme.background } : {}),
    '--gradient': theme.gradient,
  } as CSSProperties;
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { locale, t } = await getTranslator();
  const [config, cookieStore] = await Promise.all([getConfig().catch(() => null), cookies()]);
  const flags = config?.featureFlags ?? {};
  // Read on the server so the first paint already has the right theme (no flash).
  const theme = resolveTheme(cookieStore.get(THEME_COOKIE)?.value, flags);
  const horizontalTheme = cookieStore.get(HORIZONTAL_THEME_COOKIE)?.value;
  const surveyUrl = (config as (BoardConfig & { surveyUrl?: string | null }) | null)?.surveyUrl ?? null;
  const survey = shouldShowSurvey({ flag: flags.surveyPopup, surveyUrl, hideCookie: cookieStore.get(SURVEY_COOKIE)?.value });
  const horizontalPopup = Boolean(flags.horizontalPopup) && resolveLayoutVariant(horizontalTheme) === null;
  // Candidate accounts: the login check once per request, only with the flag and a session cookie.
  const candidateFeatures = { login: Boolean(flags.candidatePortalLogin), favourites: Boolean(flags.favouritesButton), history: Boolean(flags.applicationHistory), matched: Boolean(flags.matchedForYou) };
  const candidate = candidateFeatures.login ? await getCandidate() : null;
  return (
    <html lang={locale} data-theme={theme === 'dark' ? 'dark' : 'light'} data-layout={resolveLayoutVariant(horizontalTheme) ?? undefined}>
      <body style={themeStyle(config, theme)}>
        <SessionProvider candidate={candidate} features={candidateFeatures}>
        <a className="skip-link" href="#main">
          {t('nav.skip')}
        </a>
        <HeaderGate>
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
            {showThemeToggle(flags) ? <ThemeToggle initial={theme} label={t('theme.dark')} /> : null}
            <FavouritesHeaderButton locale={locale} /><AccountNav locale={locale} />
          </nav>
        </header>
        </HeaderGate>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <p>
            © {config?.tenant.name ?? 'Wakat'} · {t('footer.rights')} · <Link href={paths.terms()}>{t('nav.terms')}</Link>
          </p>
        </footer>
        {survey && surveyUrl ? (
          <SurveyPopup url={surveyUrl} texts={{ title: t('popup.surveyTitle'), body: t('popup.surveyBody'), take: t('popup.surveyTake'), close: t('popup.surveyClose') }} />
        ) : null}
        {horizontalPopup ? (
          <HorizontalPopup
            counterCookie={cookieStore.get(HORIZONTAL_POPUP_COOKIE)?.value}
            texts={{ title: t('popup.horizontalTitle'), body: t('popup.horizontalBody'), accept: t('popup.horizontalAccept'), later: t('popup.horizontalLater'), imageAlt: t('popup.horizontalImage'), close: t('job.close') }}
          />
        ) : null}
        </SessionProvider>
      </body>
    </html>
  );
}
