/**
 * The chat's live connection, without React: one `ChatClient` per page and side drives a SignalR
 * hub connection (`hub.ts` builds the real one; tests pass a fake with the same methods) and keeps
 * what the views show:
 * - the connection state (connecting, connected, reconnecting, disconnected), retried with
 *   back-off when it cannot connect and at once by `reconnect()` (the "try again" button);
 * - the outbox: every message is sent with a client message id made here, shown as pending until
 *   the server acknowledges it, kept while the connection is down and sent again (the same id, so
 *   the server never stores it twice) when it is back; a refusal (`conversationClosed`, …) marks
 *   it failed with its code;
 * - the server's events (`messageReceived`, `conversationUpdated`, `inviteReceived`,
 *   `unreadChanged`) handed to subscribers, plus `resync` after each (re)connection so views fetch
 *   what they may have missed while it was down.
 * Sends are serialised (one chain), so messages reach the server in the order they were written.
 */
import { ApiError } from '@/lib/api-client';
import type { HubLike } from '@/lib/hub/hub';
import { HubTokenCache, type HubToken } from '@/lib/hub/token';
import { chatErrorCode } from './errors';
import type { ConversationView, Invite, MessageView } from './types';

export type { HubLike };

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface OutgoingMessage {
  clientMessageId: string;
  conversationId: string;
  text: string;
  /** Milliseconds, when it was written. */
  createdAt: number;
  /** `pending`: waiting for a connection; `sending`: on its way; `failed`: refused (`error` says why). */
  status: 'pending' | 'sending' | 'failed';
  error: string | null;
}

export interface ChatSnapshot {
  state: ConnectionState;
  /** Why the last connection attempt failed (an error code), null while connected. */
  lastError: string | null;
  /** The connection will not be tried again by itself (not logged in, chat off). */
  gaveUp: boolean;
  outbox: readonly OutgoingMessage[];
  /** From `unreadChanged`; null until the first one. */
  unreadTotal: number | null;
}

export interface ChatEventMap {
  message: MessageView;
  conversation: ConversationView;
  invite: Invite;
  /** The connection is (back) up: fetch what may have been missed. */
  resync: void;
}

type Listener<T> = (value: T) => void;

export interface ChatClientOptions {
  /** Builds the hub connection; `accessToken` is its access-token factory. */
  createHub: (accessToken: () => Promise<string>) => HubLike;
  /** Asks the API for a hub token (`POST …/hub-token`). */
  fetchToken: () => Promise<HubToken>;
  /** The HTTP way to mark read while the hub is down. */
  markReadOverHttp: (conversationId: string, upToSeq: number) => Promise<ConversationView>;
  /** New client message ids (default `crypto.randomUUID`). */
  newId?: () => string;
  /** Milliseconds before each automatic try after a failed start; the last repeats. */
  retryDelays?: readonly number[];
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const DEFAULT_RETRY_DELAYS = [2_000, 5_000, 15_000, 30_000, 60_000];
/** How long a rate-limited send waits before it is tried again. */
const RATE_LIMIT_PAUSE_MS = 2_000;
/** Answers that will not change by trying again: not logged in, not allowed, chat off. */
const PERMANENT_STATUSES = [401, 403, 404];

const INITIAL: ChatSnapshot = { state: 'disconnected', lastError: null, gaveUp: false, outbox: [], unreadTotal: null };

export class ChatClient {
  private snapshot: ChatSnapshot = INITIAL;
  private readonly subscribers = new Set<() => void>();
  private readonly listeners: { [K in keyof ChatEventMap]: Set<Listener<ChatEventMap[K]>> } = { message: new Set(), conversation: new Set(), invite: new Set(), resync: new Set() };
  private hub: HubLike | null = null;
  private readonly tokens: HubTokenCache;
  private sendChain: Promise<void> = Promise.resolve();
  private retryTimer: unknown = null;
  private attempt = 0;
  private stopped = false;
  private readonly options: Required<Omit<ChatClientOptions, 'createHub' | 'fetchToken' | 'markReadOverHttp'>> & Pick<ChatClientOptions, 'createHub' | 'fetchToken' | 'markReadOverHttp'>;

  constructor(options: ChatClientOptions) {
    this.options = {
      newId: () => crypto.randomUUID(),
      retryDelays: DEFAULT_RETRY_DELAYS,
      now: () => Date.now(),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
      ...options,
    };
    this.tokens = new HubTokenCache(this.options.fetchToken, this.options.now);
  }

  // --- the store (useSyncExternalStore) ---

  readonly subscribe = (callback: () => void): (() => void) => {
    this.subscribers.add(callback);
    return () => this.subscribers.delete(callback);
  };

  readonly getSnapshot = (): ChatSnapshot => this.snapshot;

  private update(change: Partial<ChatSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const callback of this.subscribers) callback();
  }

  private updateOutgoing(clientMessageId: string, change: Partial<OutgoingMessage> | null): void {
    const outbox = change === null ? this.snapshot.outbox.filter((item) => item.clientMessageId !== clientMessageId) : this.snapshot.outbox.map((item) => (item.clientMessageId === clientMessageId ? { ...item, ...change } : item));
    this.update({ outbox });
  }

  // --- events ---

  on<K extends keyof ChatEventMap>(event: K, listener: Listener<ChatEventMap[K]>): () => void {
    const set = this.listeners[event] as Set<Listener<ChatEventMap[K]>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit<K extends keyof ChatEventMap>(event: K, value: ChatEventMap[K]): void {
    for (const listener of [...(this.listeners[event] as Set<Listener<ChatEventMap[K]>>)]) listener(value);
  }

  // --- the connection ---

  private ensureHub(): HubLike {
    if (this.hub) return this.hub;
    const hub = this.options.createHub(this.tokens.accessToken);
    hub.on('messageReceived', (message: MessageView) => this.emit('message', message));
    hub.on('conversationUpdated', (conversation: ConversationView) => this.emit('conversation', conversation));
    hub.on('inviteReceived', (invite: Invite) => this.emit('invite', invite));
    hub.on('unreadChanged', (answer: { unreadTotal: number }) => this.update({ unreadTotal: answer.unreadTotal }));
    hub.onreconnecting(() => this.update({ state: 'reconnecting' }));
    hub.onreconnected(() => this.connected());
    // Automatic reconnection gave up (or the server closed for good): our own back-off takes over.
    hub.onclose((error) => {
      if (this.stopped) return;
      this.update({ state: 'disconnected', lastError: error ? chatErrorCode(error) : null });
      this.scheduleRetry();
    });
    this.hub = hub;
    return hub;
  }

  /** Connects (no-op while connecting or connected). */
  async start(): Promise<void> {
    if (this.stopped) return;
    const hub = this.ensureHub();
    if (hub.state !== 'Disconnected') return;
    this.cancelRetry();
    this.update({ state: 'connecting', gaveUp: false });
    try {
      await hub.start();
    } catch (error) {
      if (this.stopped) return;
      const cause = this.tokens.failure ?? error;
      const permanent = cause instanceof ApiError && PERMANENT_STATUSES.includes(cause.status);
      this.update({ state: 'disconnected', lastError: chatErrorCode(cause), gaveUp: permanent });
      if (!permanent) this.scheduleRetry();
      return;
    }
    this.connected();
  }

  /** "Try again": connects now, whatever the back-off was waiting for. */
  reconnect(): Promise<void> {
    this.attempt = 0;
    return this.start();
  }

  /** Closes the connection for good (the page or the side is gone). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRetry();
    this.subscribers.clear();
    await this.hub?.stop().catch(() => undefined);
  }

  private connected(): void {
    this.attempt = 0;
    this.update({ state: 'connected', lastError: null, gaveUp: false });
    this.emit('resync', undefined);
    this.flush();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer !== null) return;
    const delays = this.options.retryDelays;
    const delay = delays[Math.min(this.attempt, delays.length - 1)];
    this.attempt += 1;
    this.retryTimer = this.options.setTimer(() => {
      this.retryTimer = null;
      void this.start();
    }, delay);
  }

  private cancelRetry(): void {
    if (this.retryTimer === null) return;
    this.options.clearTimer(this.retryTimer);
    this.retryTimer = null;
  }

  private isConnected(): boolean {
    return this.snapshot.state === 'connected' && this.hub?.state === 'Connected';
  }

  // --- sending ---

  /** Queues a message and sends it when connected; returns its client message id. */
  send(conversationId: string, text: string): string {
    const item: OutgoingMessage = { clientMessageId: this.options.newId(), conversationId, text, createdAt: this.options.now(), status: 'pending', error: null };
    this.update({ outbox: [...this.snapshot.outbox, item] });
    this.enqueue(item.clientMessageId);
    return item.clientMessageId;
  }

  /** Sends a failed message again (the same client message id). */
  retry(clientMessageId: string): void {
    const item = this.snapshot.outbox.find((entry) => entry.clientMessageId === clientMessageId);
    if (!item || item.status !== 'failed') return;
    this.updateOutgoing(clientMessageId, { status: 'pending', error: null });
    this.enqueue(clientMessageId);
  }

  /** Forgets a message that was not sent. */
  discard(clientMessageId: string): void {
    const item = this.snapshot.outbox.find((entry) => entry.clientMessageId === clientMessageId);
    if (item && item.status !== 'sending') this.updateOutgoing(clientMessageId, null);
  }

  /** Sends every pending message, oldest first (after a (re)connection). */
  private flush(): void {
    for (const item of this.snapshot.outbox) if (item.status === 'pending') this.enqueue(item.clientMessageId);
  }

  private enqueue(clientMessageId: string): void {
    this.sendChain = this.sendChain.then(() => this.deliver(clientMessageId));
  }

  /** Whether the send settled; the chain waits for each before the next. */
  private async deliver(clientMessageId: string): Promise<void> {
    const item = this.snapshot.outbox.find((entry) => entry.clientMessageId === clientMessageId);
    // Already sent by an earlier flush, discarded, or failed: nothing to do.
    if (!item || item.status !== 'pending' || !this.isConnected() || !this.hub) return;
    this.updateOutgoing(clientMessageId, { status: 'sending' });
    try {
      const message = await this.hub.invoke<MessageView>('SendMessage', item.conversationId, item.clientMessageId, item.text);
      this.updateOutgoing(clientMessageId, null);
      this.emit('message', message);
    } catch (error) {
      const code = chatErrorCode(error);
      if (!this.isConnected()) {
        // The connection went while it was on its way: it may or may not have been stored; the
        // resend after reconnecting carries the same id, so the server answers the first one.
        this.updateOutgoing(clientMessageId, { status: 'pending' });
      } else if (code === 'rate_limited') {
        this.updateOutgoing(clientMessageId, { status: 'pending' });
        this.options.setTimer(() => this.enqueue(clientMessageId), RATE_LIMIT_PAUSE_MS);
      } else {
        this.updateOutgoing(clientMessageId, { status: 'failed', error: code });
      }
    }
  }

  // --- read marks ---

  /** Marks the conversation read up to `upToSeq`: through the hub when connected, else over HTTP. */
  async markRead(conversationId: string, upToSeq: number): Promise<void> {
    let conversation: ConversationView;
    try {
      conversation = this.isConnected() && this.hub ? await this.hub.invoke<ConversationView>('MarkRead', conversationId, upToSeq) : await this.options.markReadOverHttp(conversationId, upToSeq);
    } catch {
      // A read mark is retried by the view the next time it shows the conversation.
      return;
    }
    this.emit('conversation', conversation);
  }
}
