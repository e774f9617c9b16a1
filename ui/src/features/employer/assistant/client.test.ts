import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { FakeHub } from '@/lib/hub/fake-hub';
import { hubTokenOf } from './api';
import { AssistantClient, canWrite, NOT_CONNECTED } from './client';
import { EMPTY_PROPOSAL } from './proposal-fixture';
import type { AssistantContext, AssistantMessage, ProposedAd } from './types';

const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 12, 0, second)).toISOString();
const bot = (id: string, content: string, second: number, scorable = true): AssistantMessage => ({ id, content, isUser: false, timestamp: at(second), score: null, scorable });
const AD: ProposedAd = { ...EMPTY_PROPOSAL, title: 'Rust Developer', description: '<p>Rust</p>', seniority: 'senior' };

function setup(options: { history?: AssistantMessage[]; token?: () => Promise<{ accessToken: string; expiresAt: number }>; locale?: 'pl' | 'en' } = {}) {
  let hub: FakeHub | null = null;
  let clock = 1_900_000_000_000;
  const fetchToken = vi.fn(options.token ?? (async () => ({ accessToken: 'hub-token', expiresAt: 2_000_000_000 })));
  const client = new AssistantClient({ createHub: (accessToken) => (hub = new FakeHub(accessToken)), fetchToken, board: 'it', jobAdId: 'offer-1', locale: options.locale ?? 'pl', now: () => clock });
  let stored = 0;
  const server = async (method: string, args: unknown[]): Promise<unknown> => {
    if (method === 'UpdateContextV2') return { jobAdId: String(args[1]), messages: options.history ?? [], proposal: null, limits: { perMinute: 6, perDay: 100, usedToday: 0 } } satisfies AssistantContext;
    if (method === 'SendMessage') return { id: `user-${++stored}`, content: args[0], isUser: true, timestamp: at(30 + stored) };
    if (method === 'ScoreMessage') return { id: args[0], score: args[1] };
    return null;
  };
  const open = async () => {
    const opened = client.open();
    // The fake is made on the first open: answer its calls like the server.
    hub!.server = server;
    await opened;
  };
  return {
    client,
    fetchToken,
    open,
    server,
    get hub() {
      return hub!;
    },
    snapshot: () => client.getSnapshot(),
    advance: (ms: number) => (clock += ms),
  };
}

describe('AssistantClient: connecting', () => {
  it('fetches a token, connects and loads the conversation of the offer on its board, in the panel\'s language', async () => {
    const t = setup({ history: [bot('m1', 'Cześć!', 1, false)] });
    expect(t.snapshot().connection).toBe('disconnected');
    await t.open();
    expect(t.hub.tokens).toEqual(['hub-token']);
    expect(t.hub.invocations).toEqual([{ method: 'UpdateContextV2', args: ['it', 'offer-1', 'pl'] }]);
    expect(t.snapshot()).toMatchObject({ connection: 'connected', ready: true, problem: null, limits: { perMinute: 6 } });
    expect(t.snapshot().messages.map((m) => m.content)).toEqual(['Cześć!']);
    expect(canWrite(t.snapshot())).toBe(true);
  });

  it('tells the hub the English panel\'s language: the assistant greets and answers in it', async () => {
    const t = setup({ locale: 'en' });
    await t.open();
    expect(t.hub.invocations).toEqual([{ method: 'UpdateContextV2', args: ['it', 'offer-1', 'en'] }]);
  });

  it('reloads the context after an automatic reconnection (a context belongs to a connection)', async () => {
    const t = setup();
    await t.open();
    t.hub.drop();
    expect(t.snapshot()).toMatchObject({ connection: 'reconnecting', ready: false });
    expect(canWrite(t.snapshot())).toBe(false);
    await t.hub.reconnected();
    await vi.waitFor(() => expect(t.snapshot().ready).toBe(true));
    expect(t.hub.invocations.filter((call) => call.method === 'UpdateContextV2')).toHaveLength(2);
    expect(t.snapshot().connection).toBe('connected');
  });

  it('a connection lost for good is the connection-error state; Try again reconnects', async () => {
    const t = setup();
    await t.open();
    t.hub.drop();
    t.hub.closed();
    expect(t.snapshot()).toMatchObject({ connection: 'disconnected', problem: 'connectionError' });
    await t.client.retry();
    expect(t.snapshot()).toMatchObject({ connection: 'connected', problem: null, ready: true });
  });

  it('a failed start is a connection error; the board without the assistant (404) is unavailable, not retried', async () => {
    const down = setup();
    const opening = down.client.open();
    down.hub.failStart = new Error('WebSocket failed to connect.');
    await opening;
    expect(down.snapshot()).toMatchObject({ connection: 'disconnected', problem: 'connectionError', errorCode: 'network_error' });

    const off = setup({ token: async () => Promise.reject(new ApiError(404, 'feature_disabled', 'off')) });
    await off.open();
    expect(off.snapshot()).toMatchObject({ problem: 'unavailable', errorCode: 'feature_disabled' });
    await off.client.retry();
    await off.client.open();
    expect(off.fetchToken).toHaveBeenCalledTimes(1);
  });

  it('reads the hub token answer (its RFC 3339 expiry as Unix seconds)', () => {
    expect(hubTokenOf({ token: 'a', expiresAt: '2030-01-01T00:00:00Z' })).toEqual({ accessToken: 'a', expiresAt: Date.UTC(2030, 0, 1) / 1000 });
    expect(hubTokenOf({ token: 'b', expiresAt: 'soon' }, 1_900_000_000_000)).toEqual({ accessToken: 'b', expiresAt: 1_900_000_060 });
    expect(() => hubTokenOf(null)).toThrow();
  });
});

describe('AssistantClient: the conversation', () => {
  it('shows the message at once, then streams the answer into the last assistant message', async () => {
    const t = setup({ history: [bot('m1', 'Cześć!', 1, false)] });
    await t.open();
    const sent = t.client.send('Szukam Rust developera');
    expect(t.snapshot().messages.at(-1)).toMatchObject({ isUser: true, content: 'Szukam Rust developera' });
    expect(t.snapshot().sending).toBe(true);
    expect(canWrite(t.snapshot())).toBe(false);
    expect(await sent).toBe(true);
    expect(t.snapshot().messages.at(-1)).toMatchObject({ id: 'user-1', isUser: true });
    expect(t.hub.invocations.at(-1)).toEqual({ method: 'SendMessage', args: ['Szukam Rust developera'] });

    t.hub.push('MessageStart', bot('m2', '', 40));
    expect(t.snapshot().streaming).toBe(true);
    expect(canWrite(t.snapshot())).toBe(false);
    t.hub.push('MessagePart', 'm2', 'Jakie ');
    t.hub.push('MessagePart', 'm2', 'wynagrodzenie?');
    expect(t.snapshot().messages.at(-1)!.content).toBe('Jakie wynagrodzenie?');
    t.hub.push('MessageEnd', bot('m2', 'Jakie wynagrodzenie?', 40));
    expect(t.snapshot().streaming).toBe(false);
    expect(t.snapshot().messages.map((m) => m.id)).toEqual(['m1', 'user-1', 'm2']);
    expect(canWrite(t.snapshot())).toBe(true);
  });

  it('the input waits while the assistant searches the internet', async () => {
    const t = setup();
    await t.open();
    t.hub.push('InternetSearchStart');
    expect(t.snapshot().searching).toBe(true);
    expect(canWrite(t.snapshot())).toBe(false);
    t.hub.push('InternetSearchEnd');
    expect(canWrite(t.snapshot())).toBe(true);
  });

  it('a proposal is ready for Apply and Decline once its message has ended; Decline clears it', async () => {
    const t = setup();
    await t.open();
    t.hub.push('MessageStart', bot('m2', '', 40));
    t.hub.push('JobAdProposing', 'm2');
    expect(t.snapshot().proposing).toBe(true);
    t.hub.push('JobAdProposed', 'm2', AD);
    expect(t.snapshot().proposal).toEqual({ messageId: 'm2', ad: AD, ready: false });
    t.hub.push('MessageEnd', bot('m2', 'Oto propozycja.', 40));
    expect(t.snapshot().proposal?.ready).toBe(true);
    expect(t.snapshot().proposing).toBe(false);
    t.client.clearProposal();
    expect(t.snapshot().proposal).toBeNull();
  });

  it('the conversation\'s last proposal comes back with the history, once it is not declined here', async () => {
    const t = setup();
    const opening = t.client.open();
    t.hub.server = async (method, args) => (method === 'UpdateContextV2' ? { ...((await t.server(method, args)) as AssistantContext), proposal: AD } : t.server(method, args));
    await opening;
    expect(t.snapshot().proposal).toMatchObject({ ad: AD, ready: true });
    t.client.clearProposal();
    t.hub.drop();
    await t.hub.reconnected();
    await vi.waitFor(() => expect(t.snapshot().ready).toBe(true));
    expect(t.snapshot().proposal).toBeNull();
  });

  it('sending while not connected fails with the spec error and gives the connection-error state', async () => {
    const t = setup();
    await t.open();
    t.hub.drop();
    expect(await t.client.send('hello')).toBe(false);
    expect(t.snapshot()).toMatchObject({ problem: 'connectionError', errorCode: 'network_error' });
    expect(t.snapshot().messages).toEqual([]);
    expect(t.hub.invocations.filter((call) => call.method === 'SendMessage')).toEqual([]);
    expect(NOT_CONNECTED).toBe('Cannot invoke method when not connected');
  });

  it('a refused send is taken back (for the input to show again) with the connection-error state', async () => {
    const t = setup();
    await t.open();
    t.hub.server = async (method, args) => (method === 'SendMessage' ? Promise.reject(new Error('assistant_busy: an answer is streaming')) : t.server(method, args));
    expect(await t.client.send('hello')).toBe(false);
    expect(t.snapshot()).toMatchObject({ problem: 'connectionError', errorCode: 'assistant_busy', sending: false, messages: [] });
  });

  it('the brain failing mid-answer is a connection error; Try again on a live connection reloads the conversation', async () => {
    const t = setup();
    await t.open();
    t.hub.push('MessageStart', bot('m2', '', 40));
    t.hub.push('AssistantError', 'provider_unavailable', 'the provider did not answer');
    t.hub.push('MessageEnd', bot('m2', '', 40));
    expect(t.snapshot()).toMatchObject({ problem: 'connectionError', errorCode: 'provider_unavailable', streaming: false });
    await t.client.retry();
    expect(t.snapshot().problem).toBeNull();
    expect(t.hub.invocations.filter((call) => call.method === 'UpdateContextV2')).toHaveLength(2);
  });
});

describe('AssistantClient: the rate limit', () => {
  it('stops the connection, shows the limit without retry and does not reconnect by itself', async () => {
    const t = setup();
    await t.open();
    t.hub.server = async (method, args) => {
      if (method !== 'SendMessage') return t.server(method, args);
      t.hub.push('RateLimit', 42);
      return Promise.reject(new Error('assistant_rate_limited: 6 messages a minute'));
    };
    expect(await t.client.send('one more')).toBe(false);
    await vi.waitFor(() => expect(t.hub.state).toBe('Disconnected'));
    expect(t.snapshot()).toMatchObject({ problem: 'rateLimit', connection: 'disconnected', retryAt: 1_900_000_042_000, messages: [] });
    expect(canWrite(t.snapshot())).toBe(false);
    // Its stop is no connection error, and neither Try again nor opening again reconnects early.
    await t.client.retry();
    await t.client.open();
    expect(t.hub.state).toBe('Disconnected');
    expect(t.snapshot().problem).toBe('rateLimit');
    // Opened once the wait is over: connected again.
    t.advance(43_000);
    await t.client.open();
    expect(t.snapshot()).toMatchObject({ connection: 'connected', problem: null, ready: true });
  });

  it('the refusal alone (no event) is the same state', async () => {
    const t = setup();
    await t.open();
    t.hub.server = async (method, args) => (method === 'SendMessage' ? Promise.reject(new Error('assistant_rate_limited: 100 a day')) : t.server(method, args));
    await t.client.send('x');
    await vi.waitFor(() => expect(t.hub.state).toBe('Disconnected'));
    expect(t.snapshot()).toMatchObject({ problem: 'rateLimit', retryAt: null });
  });
});

describe('AssistantClient: scores', () => {
  it('scores an assistant message once; the first message and a refused score are left unscored', async () => {
    const t = setup({ history: [bot('m1', 'Cześć!', 1, false), bot('m2', 'Propozycja', 2), bot('m3', 'Inna', 3)] });
    await t.open();
    await t.client.score('m1', 1);
    await t.client.score('m2', -1);
    await t.client.score('m2', 1);
    expect(t.hub.invocations.filter((call) => call.method === 'ScoreMessage')).toEqual([{ method: 'ScoreMessage', args: ['m2', -1] }]);
    expect(t.snapshot().messages.map((m) => [m.score, m.scorable])).toEqual([
      [null, false],
      [-1, false],
      [null, true],
    ]);

    t.hub.server = async () => Promise.reject(new Error('assistant_message_not_found: no'));
    await t.client.score('m3', 1);
    expect(t.snapshot().messages[2].score).toBeNull();
    t.hub.server = async () => Promise.reject(new Error('assistant_already_scored: once'));
    await t.client.score('m3', 1);
    expect(t.snapshot().messages[2].score).toBe(1);
  });
});
