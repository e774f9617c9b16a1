/** Homepage choices that depend on flags and login (candidate-side spec §4). */
import { homeCountSource, type FeatureFlags } from '@/lib/flags';

export type HomeTab = 'newWithSalary' | 'popular' | 'favoriteOffers' | 'matchedForYou';

/**
 * The offer carousel's tabs. favoriteOffers and matchedForYou need a logged-in user and their flag
 * (`favouritesButton`, `matchedForYou`); login itself needs `candidatePortalLogin`.
 */
export function homeTabs(flags: Record<string, boolean>, loggedIn: boolean): HomeTab[] {
  const tabs: HomeTab[] = ['newWithSalary', 'popular'];
  const user = loggedIn && Boolean(flags.candidatePortalLogin);
  if (user && flags.favouritesButton) tabs.push('favoriteOffers');
  if (user && flags.matchedForYou) tabs.push('matchedForYou');
  return tabs;
}

/** The homepage banner: remote work with the `remoteBanner` flag, else the local (city) banner. */
export function homeBanner(flags: Record<string, boolean>): 'remote' | 'local' {
  return flags.remoteBanner ? 'remote' : 'local';
}

/** Partner logos: companies with the most current offers first, at most `limit`. */
export function partnerCompanies<T extends { offersCount: number; name: string }>(companies: T[], limit = 16): T[] {
  return [...companies].sort((a, b) => b.offersCount - a.offersCount || a.name.localeCompare(b.name)).slice(0, limit);
}

/** The call counting the homepage's offers: every board's with flag `countAllBoardsOffers` (nothing is filtered there), else this board's. */
export function homeCountPath(flags: FeatureFlags): string {
  return homeCountSource(flags) === 'allBoards' ? '/v2/user-panel/offers/all-boards/count' : '/v2/user-panel/offers/count';
}
