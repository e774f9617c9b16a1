/**
 * How a conversation's messages are put together for the view, pure (unit-tested): history pages
 * and live messages merged by `seq` (a later copy wins: an erased text arrives as `null`), the
 * outbox's messages of the conversation after them until the server's copy (same client message
 * id) arrives, and whether a live message shows that some were missed.
 */
import type { OutgoingMessage } from './client';
import type { ConversationView, MessageView } from './types';

/** `existing` and `incoming` as one list by `seq`, oldest first, each `seq` once. */
export function mergeMessages(existing: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  if (!incoming.length) return existing as MessageView[];
  const bySeq = new Map<number, MessageView>();
  for (const message of existing) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Whether `incoming` skips messages after the newest one held (fetch the latest page again). */
export function missesMessages(held: readonly MessageView[], incoming: MessageView): boolean {
  if (!held.length) return false;
  const newest = held[held.length - 1].seq;
  return incoming.seq > newest + 1;
}

export type ThreadItem = { kind: 'message'; message: MessageView } | { kind: 'outgoing'; message: OutgoingMessage };

/** The thread as shown: stored messages, then this conversation's unacknowledged ones. */
export function threadItems(messages: readonly MessageView[], outbox: readonly OutgoingMessage[], conversationId: string): ThreadItem[] {
  const stored = new Set(messages.filter((message) => message.mine && message.clientMessageId).map((message) => message.clientMessageId));
  const items: ThreadItem[] = messages.map((message) => ({ kind: 'message', message }));
  for (const message of outbox) {
    if (message.conversationId === conversationId && !stored.has(message.clientMessageId)) items.push({ kind: 'outgoing', message });
  }
  return items;
}

/** The newest own message the other side has read (where the "seen" mark goes), or null. */
export function seenSeq(messages: readonly MessageView[], conversation: Pick<ConversationView, 'otherReadSeq'> | null): number | null {
  if (!conversation) return null;
  let seen: number | null = null;
  for (const message of messages) if (message.mine && message.seq <= conversation.otherReadSeq) seen = message.seq;
  return seen;
}

/** The seq to mark read up to, or null when everything held is read already. */
export function readUpTo(messages: readonly MessageView[], conversation: Pick<ConversationView, 'readSeq' | 'lastSeq'> | null): number | null {
  if (!conversation || !messages.length) return null;
  const newest = messages[messages.length - 1].seq;
  return newest > conversation.readSeq ? newest : null;
}

/** Latest activity first (ties: the newer conversation first), as the API lists them. */
function byActivity(a: ConversationView, b: ConversationView): number {
  return b.lastMessageAt - a.lastMessageAt || b.openedAt - a.openedAt;
}

/** The list with `conversation` (a `conversationUpdated`) in place of its old copy, or added. */
export function withConversation(list: readonly ConversationView[], conversation: ConversationView): ConversationView[] {
  return [conversation, ...list.filter((item) => item.id !== conversation.id)].sort(byActivity);
}

/**
 * The list after a live message: its conversation's newest message moves (unread counts come with
 * the `conversationUpdated` that follows). Null when the conversation is not in the list (read it again).
 */
export function withMessage(list: readonly ConversationView[], message: MessageView): ConversationView[] | null {
  const current = list.find((item) => item.id === message.conversationId);
  if (!current) return null;
  if (message.seq < current.lastSeq) return list as ConversationView[];
  return withConversation(list, { ...current, lastSeq: message.seq, lastMessageAt: Math.max(current.lastMessageAt, message.sentAt), lastMessage: message });
}
