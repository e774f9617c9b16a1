/**
 * The board's feature flags (configuration `featureFlags`) as decisions. Each function names what
 * its flag changes; pages and components ask these instead of reading flag names, so every flag
 * has one place and one unit test (`flags.test.ts`). A missing flag is off.
 */

import type { SessionFeatures } from './session';

export type FeatureFlags = Readonly<Record<string, boolean | undefined>>;

const on = (flags: FeatureFlags | null | undefined, name: string) => flags?.[name] === true;

/** `listCounter`: the list's heading leads with the number of offers ("1 234 ofert: Kraków"); off, it names the list only. */
export function showListCounter(flags: FeatureFlags): boolean {
  return on(flags, 'listCounter');
}

/** `sorting`: the list offers the sort menu (and the sort choices of 'more filters'). */
export function sortingEnabled(flags: FeatureFlags): boolean {
  return on(flags, 'sorting');
}

/** `toggleableMap`: on wide screens the list's map column can be hidden and shown again. */
export function mapToggleable(flags: FeatureFlags): boolean {
  return on(flags, 'toggleableMap');
}

/**
 * `expiredOffers`: an inactive offer's page says 'Offer expired' and hides location, favourite and
 * salary (spec §4). Off, the page shows the offer as it is (its apply box still leads to active offers).
 */
export function showExpiredOffer(flags: FeatureFlags, isOfferActive: boolean): boolean {
  return !isOfferActive && on(flags, 'expiredOffers');
}

/** `offerLanguages`: the offer page lists the languages the offer asks for. */
export function showOfferLanguages(flags: FeatureFlags, languages: readonly unknown[]): boolean {
  return on(flags, 'offerLanguages') && languages.length > 0;
}

/** `onlyMinimumSalaryFilter`: the salary filter is a minimum only (one slider thumb, no maximum). */
export function salaryFilterMode(flags: FeatureFlags): 'range' | 'minimum' {
  return on(flags, 'onlyMinimumSalaryFilter') ? 'minimum' : 'range';
}

/** `countAllBoardsOffers`: the homepage counts the offers of all boards (`offers/all-boards/count`, nothing filtered) instead of this board's. */
export function homeCountSource(flags: FeatureFlags): 'board' | 'allBoards' {
  return on(flags, 'countAllBoardsOffers') ? 'allBoards' : 'board';
}

/**
 * `applicationHistory`: a logged-in candidate's external applications are confirmed and listed in
 * the application history (spec §4). Off: no history page (404), no link to it in the account
 * menu, tabs or after applying, no confirm dialog, and the API refuses the calls (`feature_disabled`).
 */
export function applicationHistoryEnabled(flags: FeatureFlags): boolean {
  return on(flags, 'applicationHistory');
}

/**
 * `candidateChat`: passive candidates and employers may chat (issue 25). Off, the web app shows
 * nothing of it — no "Candidates for this offer" link or page — and the API answers 404 to its paths.
 */
export function candidateChatEnabled(flags: FeatureFlags): boolean {
  return on(flags, 'candidateChat');
}

/**
 * `passiveCandidateMaintenance`: the chat is paused — reads work, while sending a message,
 * accepting a request and sending one are refused (503 `chatMaintenance`); the pages say so first.
 */
export function chatInMaintenance(flags: FeatureFlags): boolean {
  return on(flags, 'passiveCandidateMaintenance');
}

/** `blogShowcase`: the homepage shows the newest posts of the board's blog, and the blog's pages (`/blog`, `/blog/{slug}`) exist. */
export function blogEnabled(flags: FeatureFlags): boolean {
  return on(flags, 'blogShowcase');
}

/** `workplaceFilter`: 'more filters' offers the workplace (remote, hybrid, office) choices. */
export function workplaceFilterShown(flags: FeatureFlags): boolean {
  return on(flags, 'workplaceFilter');
}

/** `mapButton`: phones get the button that opens the list's map. */
export function mapButtonShown(flags: FeatureFlags): boolean {
  return on(flags, 'mapButton');
}

/** `categoryBanner`, `remoteBanner`: the banners an offer page may show (one of each kind at most). */
export function offerBannerKinds(flags: FeatureFlags): ('category' | 'remote')[] {
  return [...(on(flags, 'categoryBanner') ? (['category'] as const) : []), ...(on(flags, 'remoteBanner') ? (['remote'] as const) : [])];
}

/** `jobAlerts`: saved searches and e-mail alerts — the list's switch, the header link, `/saved-searches` and the alert entry points. */
export function jobAlertsEnabled(flags: FeatureFlags): boolean {
  return on(flags, 'jobAlerts');
}

/** `whistleblowerReport`: the terms page shows the whistleblower report (the API serves it only then). */
export function showWhistleblowerReport(flags: FeatureFlags): boolean {
  return on(flags, 'whistleblowerReport');
}

/** `aiAssistant`: the employer's offer form has the job-ad assistant (the API's hub refuses it otherwise). */
export function assistantEnabled(flags: FeatureFlags): boolean {
  return on(flags, 'aiAssistant');
}

/**
 * What the board offers candidates: accounts (`candidatePortalLogin`), favourites
 * (`favouritesButton`), the application history (`applicationHistory`), matched-for-you
 * (`matchedForYou`) and the chat (`candidateChat`). The layout hands it to every page.
 */
export function candidateFeatures(flags: FeatureFlags): SessionFeatures {
  return {
    login: on(flags, 'candidatePortalLogin'),
    favourites: on(flags, 'favouritesButton'),
    history: on(flags, 'applicationHistory'),
    matched: on(flags, 'matchedForYou'),
    chat: on(flags, 'candidateChat'),
  };
}
