import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { OutgoingMessage } from './client';
import { chatErrorCode, chatErrorKey, snakeCode } from './errors';
import { mergeMessages, missesMessages, readUpTo, seenSeq, threadItems, withConversation, withMessage } from './thread-state';
import type { ConversationView, MessageView } from './types';

const message = (seq: number, mine = false, clientMessageId: string | null = null, text: string | null = `m${seq}`): MessageView => ({ conversationId: 'c1', seq, sender: mine ? 'candidate' : 'company', mine, text, sentAt: seq, clientMessageId });
const outgoing = (clientMessageId: string, conversationId = 'c1'): OutgoingMessage => ({ clientMessageId, conversationId, text: 'x', createdAt: 0, status: 'pending', error: null });

describe('thread state', () => {
  it('merges pages and live messages by seq, oldest first, a later copy winning', () => {
    const page = [message(3), message(4)];
    const older = [message(1), message(2), message(3)];
    expect(mergeMessages(page, older).map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    const erased = mergeMessages(page, [message(4, false, null, null)]);
    expect(erased.map((item) => item.text)).toEqual(['m3', null]);
    expect(mergeMessages(page, [])).toBe(page);
  });

  it('sees a gap when a live message skips seqs', () => {
    expect(missesMessages([message(1), message(2)], message(3))).toBe(false);
    expect(missesMessages([message(1), message(2)], message(5))).toBe(true);
    expect(missesMessages([], message(9))).toBe(false);
  });

  it('shows the outbox of this conversation after the stored messages until its copy is stored', () => {
    const stored = [message(1), message(2, true, 'a')];
    const items = threadItems(stored, [outgoing('a'), outgoing('b'), outgoing('c', 'other')], 'c1');
    expect(items.map((item) => (item.kind === 'message' ? item.message.seq : item.message.clientMessageId))).toEqual([1, 2, 'b']);
  });

  it('puts "seen" on the newest own message the other side has read', () => {
    const messages = [message(1, true), message(2, false), message(3, true), message(4, true)];
    expect(seenSeq(messages, { otherReadSeq: 3 })).toBe(3);
    expect(seenSeq(messages, { otherReadSeq: 0 })).toBeNull();
    expect(seenSeq(messages, null)).toBeNull();
  });

  it('marks read up to the newest message held, once it is past the read mark', () => {
    expect(readUpTo([message(1), message(2)], { readSeq: 1, lastSeq: 2 })).toBe(2);
    expect(readUpTo([message(1), message(2)], { readSeq: 2, lastSeq: 2 })).toBeNull();
    expect(readUpTo([], { readSeq: 0, lastSeq: 0 })).toBeNull();
  });
});

describe('chat error codes', () => {
  it('reads the code of a hub refusal, of an API error, and of the rate limiter', () => {
    expect(chatErrorCode(new Error('conversationClosed: the conversation is closed'))).toBe('conversation_closed');
    expect(chatErrorCode(new Error('chat_maintenance: later'))).toBe('chat_maintenance');
    expect(chatErrorCode(new ApiError(429, 'chatDailyLimit', 'limit'))).toBe('chat_daily_limit');
    expect(chatErrorCode(new Error('rate limited'))).toBe('rate_limited');
    expect(chatErrorCode(new Error("Cannot send data if the connection is not in the 'Connected' State."))).toBe('network_error');
    expect(chatErrorCode('nonsense')).toBe('network_error');
    expect(snakeCode('featureDisabled')).toBe('feature_disabled');
  });

  it('has a text for the codes the chat expects, and a generic one for the rest', () => {
    for (const code of ['conversation_closed', 'chatMaintenance', 'chat_daily_limit', 'rate_limited', 'network_error', 'not_connected']) expect(chatErrorKey(code)).not.toBe('chat.errors.generic');
    expect(chatErrorKey('something_new')).toBe('chat.errors.generic');
  });
});

describe('the conversation list', () => {
  const conversation = (id: string, lastMessageAt: number, change: Partial<ConversationView> = {}) => ({ id, lastMessageAt, openedAt: 0, lastSeq: 1, unread: 0, lastMessage: null, ...change }) as ConversationView;
  const live = (conversationId: string, seq: number, sentAt: number): MessageView => ({ ...message(seq), conversationId, sentAt });

  it('puts an updated conversation in place, latest activity first, and adds a new one', () => {
    const list = [conversation('a', 30), conversation('b', 20)];
    expect(withConversation(list, conversation('b', 40, { unread: 2 })).map((item) => [item.id, item.unread])).toEqual([['b', 2], ['a', 0]]);
    expect(withConversation(list, conversation('c', 10)).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });

  it('moves the conversation of a live message up with it as its newest, and asks for the list when it is unknown', () => {
    const list = [conversation('a', 30), conversation('b', 20)];
    const moved = withMessage(list, live('b', 2, 50))!;
    expect(moved.map((item) => item.id)).toEqual(['b', 'a']);
    expect(moved[0]).toMatchObject({ lastSeq: 2, lastMessageAt: 50, lastMessage: { seq: 2 } });
    expect(withMessage(list, live('zzz', 1, 60))).toBeNull();
    // An older message (a history page) does not move anything.
    expect(withMessage([conversation('a', 30, { lastSeq: 5 })], live('a', 3, 10))![0].lastSeq).toBe(5);
  });
});
