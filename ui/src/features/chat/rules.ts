/**
 * When the candidate chat widget shows and what it shows (spec §2 "Candidate chat widget"). Pure:
 * unit-tested.
 */
import type { ChatProfileAnswer, ConversationView, Invite } from '@/lib/chat/types';

/** The terms-and-privacy-policies pages hide the widget, as they hide the header. */
const HIDDEN_PATHS = ['/terms-and-privacy-policies'];
/** The employer side has its own Conversations page; the widget is the candidate's. */
const EMPLOYER_PATH = '/employer';

/**
 * Whether the widget is on the page: the board has candidate login and the chat on, a candidate
 * is logged in, and the page is not the terms page (nor the employer side). Below the md breakpoint
 * it is hidden too (`useWidgetWide`, CSS).
 */
export function widgetShown({ pathname, flags, loggedIn }: { pathname: string; flags: { candidatePortalLogin?: boolean; candidateChat?: boolean }; loggedIn: boolean }): boolean {
  if (!flags.candidatePortalLogin || !flags.candidateChat || !loggedIn) return false;
  const path = pathname.replace(/\/+$/, '') || '/';
  if (HIDDEN_PATHS.some((hidden) => path === hidden || path.startsWith(`${hidden}/`))) return false;
  return !(path === EMPLOYER_PATH || path.startsWith(`${EMPLOYER_PATH}/`));
}

/** The md breakpoint: below it the widget is not shown (spec §2). */
export const WIDGET_MEDIA_QUERY = '(min-width: 768px)';

export type WidgetView =
  | { kind: 'loader' }
  | { kind: 'noMessaging' }
  | { kind: 'maintenance' }
  | { kind: 'ad'; missing: ChatProfileAnswer['missing'] }
  | { kind: 'empty'; findable: boolean }
  | { kind: 'list'; invites: Invite[]; conversations: ConversationView[]; findable: boolean };

interface Loaded<T> {
  data?: T;
  error?: unknown;
}

/**
 * What the expanded widget shows: the loader while the profile or the lists load; "no messaging"
 * when they cannot be read; the maintenance title and subtitle under passive-candidate maintenance;
 * the preferences ad while a mandatory preference is missing; the empty state without invites or
 * conversations; else the invites (status received) and the conversations.
 */
export function widgetView(profile: Loaded<ChatProfileAnswer>, invites: Loaded<{ items: Invite[] }>, conversations: { conversations: ConversationView[] | null; error: string | null }): WidgetView {
  if (profile.error) return { kind: 'noMessaging' };
  if (!profile.data) return { kind: 'loader' };
  if (profile.data.maintenance) return { kind: 'maintenance' };
  if (profile.data.missing.length > 0) return { kind: 'ad', missing: profile.data.missing };
  if (invites.error || conversations.error) return { kind: 'noMessaging' };
  if (!invites.data || !conversations.conversations) return { kind: 'loader' };
  const received = invites.data.items.filter((invite) => invite.status === 'received');
  if (!received.length && !conversations.conversations.length) return { kind: 'empty', findable: profile.data.findable };
  return { kind: 'list', invites: received, conversations: conversations.conversations, findable: profile.data.findable };
}

/** The collapsed widget's badge: unread messages plus invites waiting for an answer. */
export function badgeCount(unreadTotal: number, invites: readonly Invite[] | undefined): number {
  return Math.max(0, unreadTotal) + (invites ?? []).filter((invite) => invite.status === 'received').length;
}
