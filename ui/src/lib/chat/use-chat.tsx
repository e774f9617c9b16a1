'use client';
/**
 * The chat in React: `ChatProvider` makes one `ChatClient` for its side when it mounts in the
 * browser (the board is the page's `<html data-board>`) and stops it when it unmounts; the hooks
 * read its state (`useChatSnapshot`), listen to its events (`useChatEvent`), and give the views
 * their data: the conversation list with the unread total (`useConversations`) and one thread
 * (`useThread`: history paged upward by cursor, live messages, the outbox, read marks).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import useSWR from 'swr';
import { chatApi, type ChatApi } from './api';
import { ChatClient, type ChatEventMap, type ChatSnapshot } from './client';
import { chatErrorCode } from './errors';
import { createChatHub } from './hub';
import { mergeMessages, missesMessages, readUpTo, seenSeq, threadItems, withConversation, withMessage } from './thread-state';
import type { ChatSide, ConversationList, ConversationView, MessageView } from './types';

interface ChatContextValue {
  client: ChatClient;
  api: ChatApi;
}

const ChatContext = createContext<ChatContextValue | null>(null);

/** Connects the side's chat for the components below (nothing during the server render). */
export function ChatProvider({ side, children }: { side: ChatSide; children: ReactNode }) {
  const [value, setValue] = useState<ChatContextValue | null>(null);
  useEffect(() => {
    const board = document.documentElement.dataset.board;
    if (!board) return;
    const api = chatApi(side);
    const client = new ChatClient({ createHub: (accessToken) => createChatHub(board, accessToken), fetchToken: api.hubToken, markReadOverHttp: api.markRead });
    setValue({ client, api });
    void client.start();
    return () => {
      setValue(null);
      void client.stop();
    };
  }, [side]);
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}

/** The side's client and calls; null before the provider has mounted (or outside one). */
export function useChat(): ChatContextValue | null {
  return useContext(ChatContext);
}

const OFFLINE: ChatSnapshot = { state: 'connecting', lastError: null, gaveUp: false, outbox: [], unreadTotal: null };
const noSubscription = () => () => undefined;

/** The connection state and the outbox. */
export function useChatSnapshot(): ChatSnapshot {
  const client = useChat()?.client;
  return useSyncExternalStore(client?.subscribe ?? noSubscription, client ? client.getSnapshot : () => OFFLINE, () => OFFLINE);
}

/** Calls `handler` on each event of the kind (the latest handler, without resubscribing). */
export function useChatEvent<K extends keyof ChatEventMap>(event: K, handler: (value: ChatEventMap[K]) => void): void {
  const client = useChat()?.client;
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client?.on(event, (value) => latest.current(value)), [client, event]);
}

/** The side's conversations, latest first, kept fresh by the live events. */
export function useConversations() {
  const chat = useChat();
  const swr = useSWR<ConversationList>(chat ? chat.api.keys.conversations : null, () => chat!.api.conversations(), { revalidateOnFocus: false });
  const { mutate } = swr;
  const refresh = useCallback(() => void mutate(), [mutate]);
  useChatEvent('resync', refresh);
  useChatEvent('message', (message) => {
    const items = swr.data ? withMessage(swr.data.items, message) : null;
    if (items && swr.data) void mutate({ ...swr.data, items }, { revalidate: false });
    else refresh();
  });
  useChatEvent('conversation', (conversation) => {
    void mutate((list) => (list ? { ...list, items: withConversation(list.items, conversation) } : list), { revalidate: false });
  });
  const snapshot = useChatSnapshot();
  // The live total once the hub has said one, else the list's.
  const unreadTotal = snapshot.unreadTotal ?? swr.data?.unreadTotal ?? 0;
  return { conversations: swr.data?.items ?? null, unreadTotal, error: swr.error ? chatErrorCode(swr.error) : null, isLoading: swr.isLoading, refresh };
}

/** Whether the page is shown (read marks wait while the tab is hidden). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    (callback) => {
      document.addEventListener('visibilitychange', callback);
      return () => document.removeEventListener('visibilitychange', callback);
    },
    () => document.visibilityState === 'visible',
    () => false,
  );
}

interface ThreadData {
  conversationId: string;
  messages: MessageView[];
  nextBefore: number | null;
  conversation: ConversationView | null;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
}

const emptyThread = (conversationId: string): ThreadData => ({ conversationId, messages: [], nextBefore: null, conversation: null, loading: true, loadingOlder: false, error: null });

/**
 * One conversation: its view and messages (the newest page, older pages on demand), live updates,
 * the outbox's messages of it, and read marks while `active` (open, not minimised) and the page shown.
 */
export function useThread(conversationId: string, { active }: { active: boolean }) {
  const chat = useChat();
  const [data, setData] = useState<ThreadData>(() => emptyThread(conversationId));
  const current = data.conversationId === conversationId ? data : emptyThread(conversationId);
  const change = useCallback(
    (update: (thread: ThreadData) => ThreadData) => setData((thread) => update(thread.conversationId === conversationId ? thread : emptyThread(conversationId))),
    [conversationId],
  );

  /** The conversation and its newest page, merged into what is held (after a gap or a reconnection too). */
  const loadLatest = useCallback(async () => {
    if (!chat) return;
    try {
      const [conversation, page] = await Promise.all([chat.api.conversation(conversationId), chat.api.messages(conversationId)]);
      change((thread) => ({
        ...thread,
        conversation,
        messages: mergeMessages(thread.messages, page.items),
        // The first load sets the cursor; later ones keep the one of the oldest page held.
        nextBefore: thread.messages.length ? thread.nextBefore : page.nextBefore,
        loading: false,
        error: null,
      }));
    } catch (error) {
      change((thread) => ({ ...thread, loading: false, error: chatErrorCode(error) }));
    }
  }, [chat, conversationId, change]);

  useEffect(() => {
    void loadLatest();
  }, [loadLatest]);

  const loadOlder = useCallback(async () => {
    if (!chat || current.nextBefore === null || current.loadingOlder) return;
    const before = current.nextBefore;
    change((thread) => ({ ...thread, loadingOlder: true }));
    try {
      const page = await chat.api.messages(conversationId, before);
      change((thread) => ({ ...thread, messages: mergeMessages(thread.messages, page.items), nextBefore: page.nextBefore, loadingOlder: false }));
    } catch (error) {
      change((thread) => ({ ...thread, loadingOlder: false, error: chatErrorCode(error) }));
    }
  }, [chat, conversationId, current.nextBefore, current.loadingOlder, change]);

  useChatEvent('message', (message) => {
    if (message.conversationId !== conversationId) return;
    if (missesMessages(current.messages, message)) void loadLatest();
    else change((thread) => ({ ...thread, messages: mergeMessages(thread.messages, [message]) }));
  });
  useChatEvent('conversation', (conversation) => {
    if (conversation.id === conversationId) change((thread) => ({ ...thread, conversation }));
  });
  useChatEvent('resync', () => void loadLatest());

  // Read marks: once per newest message while the conversation is in front of the person.
  const visible = usePageVisible();
  const requested = useRef<{ id: string; seq: number }>({ id: conversationId, seq: 0 });
  const upTo = readUpTo(current.messages, current.conversation);
  useEffect(() => {
    if (!chat || !active || !visible || upTo === null) return;
    const last = requested.current;
    if (last.id === conversationId && last.seq >= upTo) return;
    requested.current = { id: conversationId, seq: upTo };
    void chat.client.markRead(conversationId, upTo);
  }, [chat, active, visible, upTo, conversationId]);

  const snapshot = useChatSnapshot();
  const items = useMemo(() => threadItems(current.messages, snapshot.outbox, conversationId), [current.messages, snapshot.outbox, conversationId]);
  const client = chat?.client;
  return {
    conversation: current.conversation,
    items,
    seen: seenSeq(current.messages, current.conversation),
    hasOlder: current.nextBefore !== null,
    loadOlder,
    loading: current.loading,
    loadingOlder: current.loadingOlder,
    error: current.error,
    connection: snapshot.state,
    send: (text: string) => client?.send(conversationId, text),
    retry: (clientMessageId: string) => client?.retry(clientMessageId),
    discard: (clientMessageId: string) => client?.discard(clientMessageId),
    reconnect: () => void client?.reconnect(),
    reload: loadLatest,
    /** Puts a conversation the caller changed (closed, blocked) in place. */
    replaceConversation: (conversation: ConversationView) => change((thread) => ({ ...thread, conversation })),
  };
}

export type Thread = ReturnType<typeof useThread>;
