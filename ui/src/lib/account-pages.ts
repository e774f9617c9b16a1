/**
 * The candidate's own pages as the header menu and the account tabs list them: each behind the
 * board's flag for it, so a page a board does not offer never gets a link (the page itself answers
 * 404 there).
 */
import { paths } from '@/config/paths';
import type { SessionFeatures } from './session';

export type AccountPage = { href: string; label: 'account.profile' | 'account.favourites' | 'account.history' | 'chat.profile.tab' };

/** Profile, favourites (`favouritesButton`), application history (`applicationHistory`), the chat's passive profile (`candidateChat`). */
export function accountPages(features: SessionFeatures): AccountPage[] {
  return [
    { href: paths.account(), label: 'account.profile' },
    ...(features.favourites ? [{ href: paths.favourites(), label: 'account.favourites' as const }] : []),
    ...(features.history ? [{ href: paths.applicationHistory(), label: 'account.history' as const }] : []),
    ...(features.chat ? [{ href: paths.accountChat(), label: 'chat.profile.tab' as const }] : []),
  ];
}
