import { describe, expect, it } from 'vitest';
import type { ChatProfileAnswer, ConversationView, Invite } from '@/lib/chat/types';
import { CHAT_KEY, chatFromQuery, readChatWindow, withoutChatQuery, writeChatWindow } from './chat-key';
import { badgeCount, widgetShown, widgetView } from './rules';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), removeItem: (key: string) => void data.delete(key) };
}

describe('CHAT_KEY', () => {
  it('keeps the open conversation and whether its window is minimised', () => {
    const storage = memoryStorage();
    expect(readChatWindow(storage)).toEqual({ chatId: null, minified: false });
    writeChatWindow(storage, { chatId: 'c-1', minified: true });
    expect(JSON.parse(storage.data.get(CHAT_KEY)!)).toEqual({ chatId: 'c-1', minified: true });
    expect(readChatWindow(storage)).toEqual({ chatId: 'c-1', minified: true });
    writeChatWindow(storage, { chatId: null, minified: false });
    expect(storage.data.has(CHAT_KEY)).toBe(false);
  });

  it('reads anything else as a closed window, and survives refused storage', () => {
    for (const text of ['not json', 'null', '{"chatId": 5}', '{"minified": true}', `{"chatId": "${'x'.repeat(200)}"}`]) expect(readChatWindow(memoryStorage({ [CHAT_KEY]: text })), text).toEqual({ chatId: null, minified: false });
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(readChatWindow(refusing)).toEqual({ chatId: null, minified: false });
    expect(() => writeChatWindow(refusing, { chatId: 'c', minified: false })).not.toThrow();
    expect(readChatWindow(null)).toEqual({ chatId: null, minified: false });
  });

  it('opens ?chat={id} and takes it off the address afterwards', () => {
    expect(chatFromQuery(new URLSearchParams('chat=abc&x=1'))).toBe('abc');
    expect(chatFromQuery(new URLSearchParams('chat='))).toBeNull();
    expect(chatFromQuery(null)).toBeNull();
    expect(withoutChatQuery('http://it.localhost:3100/krakow?chat=abc&remote=1#top')).toBe('/krakow?remote=1#top');
    expect(withoutChatQuery('http://it.localhost:3100/?chat=abc')).toBe('/');
  });
});

describe('widgetShown', () => {
  const flags = { candidatePortalLogin: true, candidateChat: true };
  it('needs candidate login, the chat flag and a logged-in candidate', () => {
    expect(widgetShown({ pathname: '/', flags, loggedIn: true })).toBe(true);
    expect(widgetShown({ pathname: '/', flags, loggedIn: false })).toBe(false);
    expect(widgetShown({ pathname: '/', flags: { ...flags, candidateChat: false }, loggedIn: true })).toBe(false);
    expect(widgetShown({ pathname: '/', flags: { ...flags, candidatePortalLogin: false }, loggedIn: true })).toBe(false);
  });

  it('is hidden on the terms-and-privacy-policies pages and the employer side', () => {
    for (const pathname of ['/terms-and-privacy-policies', '/terms-and-privacy-policies/', '/terms-and-privacy-policies/privacy-policy', '/employer', '/employer/chat']) expect(widgetShown({ pathname, flags, loggedIn: true }), pathname).toBe(false);
    for (const pathname of ['/job-offer/x', '/account', '/terms-and-privacy-policies-old', '/employers-guide']) expect(widgetShown({ pathname, flags, loggedIn: true }), pathname).toBe(true);
  });
});

const profile = (change: Partial<ChatProfileAnswer> = {}): ChatProfileAnswer => ({ profile: null, missing: [], findable: true, maintenance: false, unreadTotal: 0, ...change });
const invite = (status: Invite['status'] = 'received'): Invite => ({ status, sentAt: 1, employer: { name: 'Acme', avatarUrl: null }, jobAdvertisement: { name: 'Dev' }, conversationRequestId: `r-${status}`, firstMessage: 'Hi' });
const conversation = { id: 'c1' } as ConversationView;
const lists = (conversations: ConversationView[] | null, error: string | null = null) => ({ conversations, error });

describe('widgetView', () => {
  it('shows the loader until the profile and the lists are read', () => {
    expect(widgetView({}, {}, lists(null))).toEqual({ kind: 'loader' });
    expect(widgetView({ data: profile() }, {}, lists([]))).toEqual({ kind: 'loader' });
    expect(widgetView({ data: profile() }, { data: { items: [] } }, lists(null))).toEqual({ kind: 'loader' });
  });

  it('says "no messaging" when the chat cannot be read', () => {
    expect(widgetView({ error: new Error('x') }, {}, lists(null))).toEqual({ kind: 'noMessaging' });
    expect(widgetView({ data: profile() }, { error: new Error('x') }, lists([]))).toEqual({ kind: 'noMessaging' });
    expect(widgetView({ data: profile() }, { data: { items: [] } }, lists(null, 'network_error'))).toEqual({ kind: 'noMessaging' });
  });

  it('shows maintenance first, then the preferences ad while anything mandatory is missing', () => {
    expect(widgetView({ data: profile({ maintenance: true, missing: ['skills'] }) }, {}, lists(null))).toEqual({ kind: 'maintenance' });
    expect(widgetView({ data: profile({ missing: ['skills', 'salary'] }) }, { data: { items: [invite()] } }, lists([conversation]))).toEqual({ kind: 'ad', missing: ['skills', 'salary'] });
  });

  it('shows the empty state, or the invites with status received and the conversations', () => {
    expect(widgetView({ data: profile({ findable: false }) }, { data: { items: [invite('declined')] } }, lists([]))).toEqual({ kind: 'empty', findable: false });
    expect(widgetView({ data: profile() }, { data: { items: [invite(), invite('expired')] } }, lists([conversation]))).toEqual({ kind: 'list', invites: [invite()], conversations: [conversation], findable: true });
  });

  it('counts unread messages and waiting invites on the badge', () => {
    expect(badgeCount(3, [invite(), invite('accepted')])).toBe(4);
    expect(badgeCount(0, undefined)).toBe(0);
  });
});
