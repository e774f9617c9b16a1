/**
 * The employer's AI assistant over its hub (`/hubs/{board}/assistant`), without React: one
 * `AssistantClient` per offer form drives a SignalR connection (`@/lib/hub/hub` builds the real
 * one; tests pass `FakeHub`) and keeps what the popover shows (spec `employer-side.md` §4,
 * `alerts-chat-terms.md` §4 and §8):
 * - the connection: connecting, connected, reconnecting (the library's automatic reconnect),
 *   disconnected; `UpdateContextV2(board, slug, locale)` after every (re)connection, since a
 *   context belongs to a connection, and its answer replaces the conversation (the server's
 *   history); the locale is the panel's language, which the assistant greets and answers in;
 * - the problem shown: `connectionError` (a failed start, a failed send, a lost connection — the
 *   spec's "disconnected also means error" — or the brain's `AssistantError`), with Try again;
 *   `rateLimit` (the `RateLimit` event), without: the connection is stopped and nothing restarts it
 *   by itself; only opening the assistant again once the wait is over does;
 * - the conversation: the user's message shown at once, the answer streamed (`MessageStart`, each
 *   `MessagePart` appended to the last assistant message, `MessageEnd` with the full text),
 *   internet search, the proposal (`JobAdProposing`, `JobAdProposed`; ready for Apply and Decline
 *   once its message has ended), the scores.
 * Invoking while not connected fails with the spec's error, `Cannot invoke method when not connected`.
 */
import type { HubLike } from '@/lib/hub/hub';
import type { Locale } from '@/lib/types';
import { hubErrorCode } from '@/lib/hub/errors';
import { HubTokenCache, type HubToken } from '@/lib/hub/token';
import type { AssistantContext, AssistantLimits, AssistantMessage, ProposedAd } from './types';

export type AssistantConnection = 'connecting' | 'connected' | 'reconnecting' | 'disconnected';
export type AssistantProblem = 'connectionError' | 'rateLimit' | 'unavailable';

/** The spec's error for a call made while the connection is down. */
export const NOT_CONNECTED = 'Cannot invoke method when not connected';

export interface AssistantProposal {
  messageId: string;
  ad: ProposedAd;
  /** Its message has ended: Apply and Decline are shown. */
  ready: boolean;
}

export interface AssistantSnapshot {
  connection: AssistantConnection;
  /** What the popover says instead of the input's normal life; null when all is well. */
  problem: AssistantProblem | null;
  /** The code behind the problem (`network_error`, `feature_disabled`, `provider_unavailable`, …). */
  errorCode: string | null;
  /** With `rateLimit`: when writing is allowed again (ms since 1970), null if not said. */
  retryAt: number | null;
  /** `UpdateContextV2` has answered on this connection: messages may be sent. */
  ready: boolean;
  messages: readonly AssistantMessage[];
  /** Between `MessageStart` and `MessageEnd`. */
  streaming: boolean;
  searching: boolean;
  /** Between `JobAdProposing` and `JobAdProposed`. */
  proposing: boolean;
  /** A `SendMessage` on its way. */
  sending: boolean;
  proposal: AssistantProposal | null;
  limits: AssistantLimits | null;
}

export interface AssistantClientOptions {
  /** Builds the hub connection; `accessToken` is its access-token factory. */
  createHub: (accessToken: () => Promise<string>) => HubLike;
  fetchToken: () => Promise<HubToken>;
  board: string;
  /** The offer's slug (the conversation is kept per job ad). */
  jobAdId: string;
  /** The panel's language (`pl` | `en`): the assistant's greeting and answers are in it. */
  locale: Locale;
  now?: () => number;
}

/** Before the first connection. */
export const IDLE_SNAPSHOT: AssistantSnapshot = {
  connection: 'disconnected',
  problem: null,
  errorCode: null,
  retryAt: null,
  ready: false,
  messages: [],
  streaming: false,
  searching: false,
  proposing: false,
  sending: false,
  proposal: null,
  limits: null,
};

/** Token answers that will not change by trying again: the board has the assistant off (404). */
const UNAVAILABLE_CODES = ['feature_disabled', 'not_found', 'offer_not_found'];

/** Whether the input takes text: connected with a context, nothing streaming, no rate limit. */
export function canWrite(snapshot: AssistantSnapshot): boolean {
  return snapshot.connection === 'connected' && snapshot.ready && !snapshot.streaming && !snapshot.searching && !snapshot.sending && snapshot.problem !== 'rateLimit' && snapshot.problem !== 'unavailable';
}

export class AssistantClient {
  private snapshot: AssistantSnapshot = IDLE_SNAPSHOT;
  private readonly subscribers = new Set<() => void>();
  private hub: HubLike | null = null;
  private readonly tokens: HubTokenCache;
  private readonly now: () => number;
  /** The connection is being stopped on purpose (rate limit, the form closed): its close is no error. */
  private stopping = false;
  private disposed = false;
  private localIds = 0;
  /** The proposals applied or declined here (as JSON): the server's copy is not offered again after a reconnection. */
  private readonly handled = new Set<string>();

  constructor(private readonly options: AssistantClientOptions) {
    this.now = options.now ?? (() => Date.now());
    this.tokens = new HubTokenCache(options.fetchToken, this.now);
  }

  // --- the store (useSyncExternalStore) ---

  readonly subscribe = (callback: () => void): (() => void) => {
    this.subscribers.add(callback);
    return () => this.subscribers.delete(callback);
  };

  readonly getSnapshot = (): AssistantSnapshot => this.snapshot;

  private update(change: Partial<AssistantSnapshot> | ((current: AssistantSnapshot) => Partial<AssistantSnapshot>)): void {
    const patch = typeof change === 'function' ? change(this.snapshot) : change;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const callback of this.subscribers) callback();
  }

  // --- the connection ---

  private ensureHub(): HubLike {
    if (this.hub) return this.hub;
    const hub = this.options.createHub(this.tokens.accessToken);
    hub.on('MessageStart', (message: AssistantMessage) => this.messageStart(message));
    hub.on('MessagePart', (messageId: string, text: string) => this.messagePart(messageId, text));
    hub.on('MessageEnd', (message: AssistantMessage) => this.messageEnd(message));
    hub.on('JobAdProposing', () => this.update({ proposing: true }));
    hub.on('JobAdProposed', (messageId: string, ad: ProposedAd) => this.proposed(messageId, ad));
    hub.on('InternetSearchStart', () => this.update({ searching: true }));
    hub.on('InternetSearchEnd', () => this.update({ searching: false }));
    hub.on('RateLimit', (retryAfterSeconds: number) => void this.rateLimited(retryAfterSeconds));
    hub.on('AssistantError', (code: string) => this.update({ problem: 'connectionError', errorCode: code || 'assistant_error' }));
    hub.onreconnecting(() => this.update({ connection: 'reconnecting', ready: false }));
    hub.onreconnected(() => {
      this.update({ connection: 'connected' });
      void this.loadContext();
    });
    hub.onclose((error) => {
      if (this.stopping || this.disposed) return;
      // The library's automatic reconnect gave up, or the server closed: an error with Try again.
      this.update({ connection: 'disconnected', ready: false, streaming: false, searching: false, proposing: false, sending: false, problem: 'connectionError', errorCode: error ? hubErrorCode(error) : 'network_error' });
    });
    this.hub = hub;
    return hub;
  }

  /**
   * Opens the conversation: connects and loads the context (no-op while connecting or connected).
   * After a rate limit it stays closed until the wait is over (opening is the employer's act, not
   * an automatic reconnect).
   */
  async open(): Promise<void> {
    if (this.disposed) return;
    const { problem, retryAt } = this.snapshot;
    if (problem === 'unavailable') return;
    if (problem === 'rateLimit' && (retryAt === null || retryAt > this.now())) return;
    const hub = this.ensureHub();
    if (hub.state !== 'Disconnected') return;
    this.stopping = false;
    this.update({ connection: 'connecting', problem: null, errorCode: null, retryAt: null, ready: false });
    try {
      await hub.start();
    } catch (error) {
      if (this.disposed) return;
      const code = hubErrorCode(this.tokens.failure ?? error);
      this.update({ connection: 'disconnected', problem: UNAVAILABLE_CODES.includes(code) ? 'unavailable' : 'connectionError', errorCode: code });
      return;
    }
    this.update({ connection: 'connected' });
    await this.loadContext();
  }

  /** "Try again": reconnects when down, else clears the error and reloads the conversation. */
  async retry(): Promise<void> {
    if (this.snapshot.problem === 'rateLimit' || this.snapshot.problem === 'unavailable') return;
    if (this.hub?.state === 'Connected') {
      this.update({ problem: null, errorCode: null });
      await this.loadContext();
      return;
    }
    await this.open();
  }

  /** Closes the connection for good (the form is gone). */
  async dispose(): Promise<void> {
    this.disposed = true;
    this.subscribers.clear();
    await this.hub?.stop().catch(() => undefined);
  }

  private async loadContext(): Promise<void> {
    const hub = this.hub;
    if (!hub || hub.state !== 'Connected') return;
    try {
      const context = await hub.invoke<AssistantContext>('UpdateContextV2', this.options.board, this.options.jobAdId, this.options.locale);
      // A greeting may already have started streaming after the answer: keep what came in since.
      this.update((current) => ({
        ready: true,
        messages: mergeHistory(context.messages ?? [], current.messages),
        proposal: context.proposal && !this.handled.has(JSON.stringify(context.proposal)) ? { messageId: current.proposal?.messageId ?? '', ad: context.proposal, ready: true } : current.proposal,
        limits: context.limits ?? current.limits,
      }));
    } catch (error) {
      if (this.snapshot.problem === 'rateLimit') return;
      const code = hubErrorCode(error);
      this.update({ problem: UNAVAILABLE_CODES.includes(code) ? 'unavailable' : 'connectionError', errorCode: code });
    }
  }

  private async rateLimited(retryAfterSeconds: number): Promise<void> {
    const seconds = Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds : null;
    this.update({ problem: 'rateLimit', errorCode: 'assistant_rate_limited', retryAt: seconds === null ? null : this.now() + seconds * 1000, streaming: false, searching: false, proposing: false, sending: false, ready: false, connection: 'disconnected' });
    // Automatic reconnect off: the connection is stopped, and its close is no error.
    this.stopping = true;
    await this.hub?.stop().catch(() => undefined);
  }

  // --- the conversation ---

  private messageStart(message: AssistantMessage): void {
    this.update((current) => ({ streaming: true, messages: [...current.messages.filter((item) => item.id !== message.id), { ...message, content: message.content ?? '' }] }));
  }

  /** A part goes to the last assistant message (the one streaming). */
  private messagePart(_messageId: string, text: string): void {
    this.update((current) => {
      const index = lastIndex(current.messages, (item) => !item.isUser);
      if (index < 0) return {};
      const messages = [...current.messages];
      messages[index] = { ...messages[index], content: messages[index].content + text };
      return { messages };
    });
  }

  private messageEnd(message: AssistantMessage): void {
    this.update((current) => {
      const known = current.messages.some((item) => item.id === message.id);
      const messages = known ? current.messages.map((item) => (item.id === message.id ? message : item)) : [...current.messages, message];
      const proposal = current.proposal && current.proposal.messageId === message.id ? { ...current.proposal, ready: true } : current.proposal;
      return { messages, streaming: false, searching: false, proposing: false, proposal };
    });
  }

  private proposed(messageId: string, ad: ProposedAd): void {
    // Ready at once if its message has already ended (never streaming any more).
    this.update((current) => ({ proposing: false, proposal: { messageId, ad, ready: !current.streaming } }));
  }

  private invokeConnected<T>(method: string, ...args: unknown[]): Promise<T> {
    if (!this.hub || this.hub.state !== 'Connected' || this.snapshot.connection !== 'connected') return Promise.reject(new Error(NOT_CONNECTED));
    return this.hub.invoke<T>(method, ...args);
  }

  /**
   * Sends the employer's text: shown at once, replaced by the stored copy when the server has it.
   * Resolves false when it could not be sent (the text is gone from the conversation, for the
   * input to show it again): not connected or a refusal give the connection-error state, the
   * company's limit the rate-limit state.
   */
  async send(text: string): Promise<boolean> {
    const localId = `local-${++this.localIds}`;
    const local: AssistantMessage = { id: localId, content: text, isUser: true, timestamp: new Date(this.now()).toISOString(), score: null, scorable: false };
    if (!canWrite(this.snapshot)) {
      // Down: the spec's failed send, the connection-error state. Busy (an answer streaming): wait.
      if (this.snapshot.connection !== 'connected' && this.snapshot.problem === null) this.update({ problem: 'connectionError', errorCode: hubErrorCode(new Error(NOT_CONNECTED)) });
      return false;
    }
    this.update((current) => ({ sending: true, messages: [...current.messages, local] }));
    try {
      const stored = await this.invokeConnected<AssistantMessage>('SendMessage', text);
      this.update((current) => ({ sending: false, messages: current.messages.map((item) => (item.id === localId ? { ...local, ...stored, isUser: true, score: null, scorable: false } : item)) }));
      return true;
    } catch (error) {
      const code = hubErrorCode(error);
      this.update((current) => ({ sending: false, messages: current.messages.filter((item) => item.id !== localId) }));
      // The RateLimit event has said it (and stopped the connection, which fails the call too).
      if (this.snapshot.problem === 'rateLimit') return false;
      if (code === 'assistant_rate_limited') void this.rateLimited(Number.NaN);
      else this.update({ problem: 'connectionError', errorCode: code });
      return false;
    }
  }

  /** Scores an assistant message once (1 or -1); shown at once, taken back if refused. */
  async score(messageId: string, value: 1 | -1): Promise<void> {
    const message = this.snapshot.messages.find((item) => item.id === messageId);
    if (!message || !message.scorable || message.score !== null) return;
    // As the server shows it: scored, no longer scorable.
    const setScore = (score: 1 | -1 | null) => this.update((current) => ({ messages: current.messages.map((item) => (item.id === messageId ? { ...item, score, scorable: score === null } : item)) }));
    setScore(value);
    try {
      await this.invokeConnected('ScoreMessage', messageId, value);
    } catch (error) {
      // Scored already (another tab): the server has a score, keep it shown.
      if (hubErrorCode(error) !== 'assistant_already_scored') setScore(null);
    }
  }

  /** Applied or declined: the proposal is cleared (and not offered again by this client). */
  clearProposal(): void {
    if (this.snapshot.proposal) this.handled.add(JSON.stringify(this.snapshot.proposal.ad));
    this.update({ proposal: null });
  }
}

function lastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index])) return index;
  return -1;
}

/** The server's history, then what arrived since that it does not have (a greeting streaming). */
function mergeHistory(history: readonly AssistantMessage[], current: readonly AssistantMessage[]): AssistantMessage[] {
  const ids = new Set(history.map((item) => item.id));
  const historyStart = history.length ? Date.parse(history[history.length - 1].timestamp) : Number.NEGATIVE_INFINITY;
  const newer = current.filter((item) => !ids.has(item.id) && !item.id.startsWith('local-') && !(Date.parse(item.timestamp) < historyStart));
  return [...history, ...newer];
}
