/** Homepage choices that depend on flags and login (candidate-side spec §4). */
import { blogEnabled, homeCountSource, type FeatureFlags } from '@/lib/flags';
import type { Promotion } from '@/lib/types';

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

/** Offers the homepage's new offers list shows (`newOffersList`). */
export const NEW_OFFERS_LIST_SIZE = 6;
/** Posts the homepage's blog showcase shows (`blogShowcase`). */
export const BLOG_SHOWCASE_SIZE = 3;

/** The homepage's flagged sections (alerts-chat-terms spec §1: "behind flags, a blog showcase and a promotional background"; §1's "new offers list"). */
export interface HomeSections {
  /** `promotionalHomepage`: the board's hero of its configuration (none without one). */
  promotion: Promotion | null;
  /** `newOffersList`: the newest offers as a list, linking to the list sorted by newest. */
  newOffers: boolean;
  /** `blogShowcase`: the newest posts of the board's blog, each linking to its page. */
  blog: boolean;
}

export function homeSections(flags: FeatureFlags, promotion: Promotion | null | undefined): HomeSections {
  return {
    promotion: flags.promotionalHomepage === true ? (promotion ?? null) : null,
    newOffers: flags.newOffersList === true,
    blog: blogEnabled(flags),
  };
}
