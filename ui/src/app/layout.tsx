import type { Metadata } from 'next';
import Link from 'next/link';
import { cookies } from 'next/headers';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import './globals.css';
import { HorizontalPopup } from '@/features/popups/components/horizontal-popup';
import { SurveyPopup } from '@/features/popups/components/survey-popup';
import { HeaderSearch } from '@/features/search/components/header-search';
import { HEADER_SUGGEST_MIN_CHARS } from '@/features/search/suggest';
import { shouldShowSurvey } from '@/features/popups/rules';
import { HeaderGate } from '@/features/theme/components/header-gate';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { lookChoice, lookSwitchTarget, offerNewLookPopup, NEW_LOOK, OLD_LOOK, resolveTheme, showDarkModeToggle, type Theme } from '@/features/theme/theme';
import { LookSwitch } from '@/features/popups/components/look-switch';
import { HORIZONTAL_POPUP_COOKIE, HORIZONTAL_THEME_COOKIE, SURVEY_COOKIE, THEME_COOKIE } from '@/lib/preference-cookies';
import { getConfig } from '@/features/config/api/get-config';
import { getTranslator, boardOverrides } from '@/i18n/request';
import { BoardTextsProvider } from '@/i18n/board-texts';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { currentBoard, siteOrigin } from '@/lib/board-server';
import type { Board } from '@/lib/boards';
import type { BoardConfig } from '@/lib/types';
import { SessionProvider } from '@/lib/session';
import { getCandidate } from '@/lib/session-server';
import { employerPaths } from '@/features/employer/paths';
import { getEmployer } from '@/features/employer/session/server';
import { AccountNav } from '@/features/account/components/account-nav';
import { FavouritesHeaderButton } from '@/features/favourites/components/favourites-header-button';
import { AlertsHeaderLink } from '@/features/alerts/components/alerts-header-link';
import { AlertEntryPoints } from '@/features/alerts/components/entry-points';
import { ChatWidget } from '@/features/chat/components/chat-widget';
import { BoardMapProvider } from '@/features/map/components/map-provider';
import { candidateFeatures, jobAlertsEnabled } from '@/lib/flags';

// Every page depends on the locale cookie and live API data.
export const dynamic = 'force-dynamic';

/** The request's board; null for a host no board lists (the page is then the 404) or while the API is down. */
async function boardOrNull(): Promise<Board | null> {
  return currentBoard().catch(() => null);
}

export async function generateMetadata(): Promise<Metadata> {
  const { t } = await getTranslator();
  const known = await boardOrNull();
  const config = known ? await getConfig().catch(() => null) : null;
  const board = config?.tenant.name ?? known?.name ?? 'Wakat';
  return {
    ...(known ? { metadataBase: new URL(await siteOrigin()) } : {}),
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
  const [{ locale, t }, board] = await Promise.all([getTranslator(), boardOrNull()]);
  const [config, cookieStore] = await Promise.all([board ? getConfig().catch(() => null) : null, cookies()]);
  const flags = config?.featureFlags ?? {};
  // Read on the server so the first paint already has the right theme (no flash).
  const theme = resolveTheme(cookieStore.get(THEME_COOKIE)?.value, flags);
  const horizontalTheme = cookieStore.get(HORIZONTAL_THEME_COOKIE)?.value;
  const surveyUrl = (config as (BoardConfig & { surveyUrl?: string | null }) | null)?.surveyUrl ?? null;
  const survey = shouldShowSurvey({ flag: flags.surveyPopup, surveyUrl, hideCookie: cookieStore.get(SURVEY_COOKIE)?.value });
  // The new look (horizontal layout) once accepted in its popup; the way back stays visible.
  const look = lookChoice(flags, horizontalTheme);
  // The theme toggle (`themeToggle`): the way between the two looks, on every page.
  const lookSwitch = lookSwitchTarget(flags, horizontalTheme);
  const horizontalPopup = offerNewLookPopup(flags, horizontalTheme);
  // Candidate accounts: the login check once per request, only with the flag and a session cookie.
  const offered = candidateFeatures(flags);
  const candidate = board && offered.login ? await getCandidate() : null;
  // An employer's session (its cookie; one API call, shared with the panel's own check) puts the
  // employer's panel in the header instead of the candidates' login links.
  const employer = board ? await getEmployer() : null;
  return (
    <html lang={locale} data-board={board?.slug} data-theme={theme === 'dark' ? 'dark' : 'light'} data-layout={look === 'new' ? 'horizontal' : undefined}>
      <body style={themeStyle(config, theme)}>
        <BoardTextsProvider texts={boardOverrides(board, locale)}>
        <SessionProvider candidate={candidate} features={offered}>
        <BoardMapProvider map={board?.map ?? null}>
        <a className="skip-link" href="#main">
          {t('nav.skip')}
        </a>
        {lookSwitch === OLD_LOOK ? <LookSwitch to={OLD_LOOK} label={t('look.back')} note={t('look.note')} /> : null}
        {board ? (
          <HeaderGate>
            <header className="site-header" data-testid="site-header">
              <Link href={paths.home()} className="site-header__brand" data-testid="board-brand">
                {config ? <img src={config.tenant.logoUrl} alt="" width={32} height={32} /> : null}
                <span>{config?.tenant.name ?? board.name}</span>
              </Link>
              <HeaderSearch locale={locale} keywordName={config?.urlParams.keyword?.[locale] ?? 'keyword'} minChars={config?.limits.headerSuggestMinChars ?? HEADER_SUGGEST_MIN_CHARS} />
              <nav aria-label={t('nav.home')} className="site-header__nav">
                <Link href={paths.allOffers()}>{t('nav.allOffers')}</Link>
                {employer ? null : (
                  <Link href={paths.forEmployers()} data-testid="nav-for-employers">
                    {t('nav.forEmployers')}
                  </Link>
                )}
                <Suspense fallback={null}>
                  <LanguageSwitch locale={locale} label={t('nav.language')} switchTo={t('nav.switchTo')} />
                </Suspense>
                {showDarkModeToggle(flags) ? <ThemeToggle initial={theme} label={t('theme.dark')} /> : null}
              </nav>
              {/* Accounts (issue 9): the favourites button (flag `favouritesButton`) and the account menu go in this slot, last in the header. */}
              <div className="site-header__user" data-slot="user">
                <FavouritesHeaderButton locale={locale} />
                <AlertsHeaderLink locale={locale} enabled={jobAlertsEnabled(flags)} />
                {employer ? (
                  <Link className="button button--small" href={employerPaths.offers()} data-testid="nav-employer">
                    {t('nav.employerPanel')}: {employer.company.name}
                  </Link>
                ) : null}
                <AccountNav locale={locale} hideGuestLinks={employer !== null} />
              </div>
            </header>
          </HeaderGate>
        ) : null}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {board ? (
          <footer className="site-footer">
            <p>
              © {config?.tenant.name ?? board.name} · {t('footer.rights')} · <Link href={paths.terms()}>{t('nav.terms')}</Link> ·{' '}
              <Link href={paths.forEmployers()} data-testid="footer-for-employers">
                {t('nav.forEmployers')}
              </Link>
              {lookSwitch === NEW_LOOK ? (
                <>
                  {' · '}
                  <LookSwitch to={NEW_LOOK} label={t('look.try')} />
                </>
              ) : null}
            </p>
          </footer>
        ) : null}
        {survey && surveyUrl ? (
          <SurveyPopup url={surveyUrl} texts={{ title: t('popup.surveyTitle'), body: t('popup.surveyBody'), take: t('popup.surveyTake'), close: t('popup.surveyClose') }} />
        ) : null}
        {horizontalPopup ? (
          <HorizontalPopup
            counterCookie={cookieStore.get(HORIZONTAL_POPUP_COOKIE)?.value}
            texts={{ title: t('popup.horizontalTitle'), body: t('popup.horizontalBody'), accept: t('popup.horizontalAccept'), later: t('popup.horizontalLater'), imageAlt: t('popup.horizontalImage'), close: t('job.close') }}
          />
        ) : null}
        {board ? (
          <Suspense fallback={null}>
            <AlertEntryPoints locale={locale} enabled={jobAlertsEnabled(flags)} />
          </Suspense>
        ) : null}
        {/* The candidate chat widget (issue 25): beside the header and footer, on the candidate's pages. */}
        {board ? <ChatWidget locale={locale} flags={{ candidatePortalLogin: offered.login, candidateChat: Boolean(offered.chat) }} /> : null}
        </BoardMapProvider>
        </SessionProvider>
        </BoardTextsProvider>
      </body>
    </html>
  );
}
