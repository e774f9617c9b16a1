/**
 * The links of the employer panel's navigation, in order. Labels are message keys of
 * `messages/employer.{pl,en}.json`. Who builds which page: offers and applications (panel-offers),
 * profile, company, billing, clauses, users, brand story (panel-company), codes and the new offer
 * form (emp-web).
 */
import type { MessageKey } from '@/i18n/translate';
import { employerPaths } from './paths';

export interface EmployerNavLink {
  /** Stable id (tests, `data-nav`). */
  id: 'offers' | 'new-offer' | 'applications' | 'conversations' | 'profile' | 'company' | 'billing' | 'clauses' | 'users' | 'brand-story' | 'codes';
  label: MessageKey;
  href: string;
}

export const EMPLOYER_NAV: readonly EmployerNavLink[] = [
  { id: 'offers', label: 'employer.nav.offers', href: employerPaths.offers() },
  { id: 'new-offer', label: 'employer.nav.newOffer', href: employerPaths.newOffer() },
  { id: 'applications', label: 'employer.nav.applications', href: employerPaths.applications() },
  // Only on boards with the candidate chat (`navFor`'s `chat`).
  { id: 'conversations', label: 'chat.employer.nav', href: employerPaths.conversations() },
  { id: 'profile', label: 'employer.nav.profile', href: employerPaths.profile() },
  { id: 'company', label: 'employer.nav.company', href: employerPaths.company() },
  { id: 'billing', label: 'employer.nav.billing', href: employerPaths.billing() },
  { id: 'clauses', label: 'employer.nav.clauses', href: employerPaths.clauses() },
  { id: 'users', label: 'employer.nav.users', href: employerPaths.users() },
  { id: 'brand-story', label: 'employer.nav.brandStory', href: employerPaths.brandStory() },
  { id: 'codes', label: 'employer.nav.codes', href: employerPaths.codes() },
];

/** The link of the page at `pathname` (the longest matching href), for `aria-current`. */
export function activeNavLink(pathname: string): EmployerNavLink['id'] | null {
  let best: EmployerNavLink | null = null;
  for (const link of EMPLOYER_NAV) {
    if (pathname === link.href || pathname.startsWith(`${link.href}/`)) {
      if (!best || link.href.length > best.href.length) best = link;
    }
  }
  return best?.id ?? null;
}

/**
 * The links `role` may open: recruiters do not manage users or billing data. The conversations
 * with candidates are there when the board has the chat (`chat`), for owners and recruiters alike.
 */
export function navFor(role: 'owner' | 'recruiter' | undefined, { chat = false }: { chat?: boolean } = {}): readonly EmployerNavLink[] {
  const hidden = new Set<EmployerNavLink['id']>(role === 'recruiter' ? ['users', 'billing'] : []);
  if (!chat) hidden.add('conversations');
  return EMPLOYER_NAV.filter((link) => !hidden.has(link.id));
}
