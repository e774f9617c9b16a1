import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { FakeHub } from '@/lib/hub/fake-hub';
import { ChatClient } from './client';
import type { ConversationView, HubToken, MessageView } from './types';

const message = (seq: number, clientMessageId: string | null, text = `m${seq}`): MessageView => ({ conversationId: 'c1', seq, sender: 'candidate', mine: true, text, sentAt: 1_700_000_000 + seq, clientMessageId });

function setup(options: { token?: () => Promise<{ accessToken: string; expiresAt: number }>; now?: () => number } = {}) {
  let hub: FakeHub | null = null;
  const timers: { callback: () => void; ms: number }[] = [];
  let ids = 0;
  const markReadOverHttp = vi.fn(async (id: string, upToSeq: number) => ({ id, readSeq: upToSeq }) as unknown as ConversationView);
  let tokens = 0;
  const fetchToken = vi.fn(options.token ?? (async (): Promise<HubToken> => ({ accessToken: `token-${++tokens}`, expiresAt: 2_000_000_000 })));
  const client = new ChatClient({
    createHub: (accessToken) => (hub = new FakeHub(accessToken)),
    fetchToken,
    markReadOverHttp,
    newId: () => `cmid-${++ids}`,
    retryDelays: [100, 1000],
    now: options.now ?? (() => 1_700_000_000_000),
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
  });
  // SendMessage answers what the server stores: seqs 1, 2, 3…, a resent id answers the first copy.
  const stored = new Map<string, MessageView>();
  const install = () => {
    hub!.server = async (method, args) => {
      if (method === 'SendMessage') {
        const [, clientMessageId, text] = args as [string, string, string];
        if (!stored.has(clientMessageId)) stored.set(clientMessageId, message(stored.size + 1, clientMessageId, text));
        return stored.get(clientMessageId);
      }
      if (method === 'MarkRead') return { id: args[0], readSeq: args[1] };
      return null;
    };
  };
  return { client, hub: () => hub!, timers, fetchToken, markReadOverHttp, stored, install };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ChatClient connection', () => {
  it('connects with a hub token and reports the states', async () => {
    const { client, hub, fetchToken } = setup();
    const states: string[] = [];
    client.subscribe(() => states.push(client.getSnapshot().state));
    await client.start();
    expect(client.getSnapshot().state).toBe('connected');
    expect(hub().tokens).toEqual(['token-1']);
    hub().drop();
    expect(client.getSnapshot().state).toBe('reconnecting');
    await hub().reconnected();
    expect(client.getSnapshot().state).toBe('connected');
    // The token was still fresh: not asked for again.
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('asks for a new token once the cached one is about to expire', async () => {
    let now = 1_700_000_000_000;
    let issued = 0;
    const { client, hub } = setup({ now: () => now, token: async () => ({ accessToken: `t${++issued}`, expiresAt: now / 1000 + 60 }) });
    await client.start();
    hub().drop();
    now += 45_000;
    await hub().reconnected();
    expect(hub().tokens).toEqual(['t1', 't2']);
  });

  it('a failed start is tried again with back-off; "try again" connects at once', async () => {
    const { client, hub, timers } = setup();
    const started = client.start();
    hub().failStart = new Error('WebSocket failed to connect.');
    await started;
    expect(client.getSnapshot()).toMatchObject({ state: 'disconnected', gaveUp: false });
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    timers.shift()!.callback();
    await settle();
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    hub().failStart = null;
    await client.reconnect();
    expect(client.getSnapshot().state).toBe('connected');
  });

  it('gives up without retrying when the token is refused (logged out, chat off)', async () => {
    const { client, timers } = setup({
      token: async () => {
        throw new ApiError(404, 'feature_disabled', 'off');
      },
    });
    await client.start();
    expect(client.getSnapshot()).toMatchObject({ state: 'disconnected', gaveUp: true, lastError: 'feature_disabled' });
    expect(timers).toEqual([]);
  });

  it('after automatic reconnection gives up, its own back-off takes over', async () => {
    const { client, hub, timers } = setup();
    await client.start();
    hub().drop();
    hub().closed();
    expect(client.getSnapshot().state).toBe('disconnected');
    expect(timers).toHaveLength(1);
  });

  it('hands the server events to listeners, and the unread total to the snapshot', async () => {
    const { client, hub } = setup();
    const got: unknown[] = [];
    client.on('message', (value) => got.push(['message', value.seq]));
    client.on('conversation', (value) => got.push(['conversation', value.id]));
    client.on('invite', (value) => got.push(['invite', value.conversationRequestId]));
    const resyncs = vi.fn();
    client.on('resync', resyncs);
    await client.start();
    hub().push('messageReceived', message(7, null));
    hub().push('conversationUpdated', { id: 'c1' });
    hub().push('inviteReceived', { conversationRequestId: 'r1' });
    hub().push('unreadChanged', { unreadTotal: 4 });
    expect(got).toEqual([['message', 7], ['conversation', 'c1'], ['invite', 'r1']]);
    expect(client.getSnapshot().unreadTotal).toBe(4);
    expect(resyncs).toHaveBeenCalledTimes(1);
    hub().drop();
    await hub().reconnected();
    expect(resyncs).toHaveBeenCalledTimes(2);
  });
});

describe('ChatClient outbox', () => {
  it('sends with a client message id and forgets the message once acknowledged', async () => {
    const { client, hub, install } = setup();
    await client.start();
    install();
    const acknowledged: MessageView[] = [];
    client.on('message', (value) => acknowledged.push(value));
    const id = client.send('c1', 'Dzień dobry');
    expect(client.getSnapshot().outbox.map((item) => [item.clientMessageId, item.status])).toEqual([[id, 'pending']]);
    await settle();
    expect(hub().invocations).toEqual([{ method: 'SendMessage', args: ['c1', id, 'Dzień dobry'] }]);
    expect(client.getSnapshot().outbox).toEqual([]);
    expect(acknowledged.map((value) => value.clientMessageId)).toEqual([id]);
  });

  it('keeps messages written while disconnected pending and sends them in order on reconnection', async () => {
    const { client, hub, install, stored } = setup();
    await client.start();
    install();
    hub().drop();
    client.send('c1', 'one');
    client.send('c1', 'two');
    await settle();
    expect(hub().invocations).toEqual([]);
    expect(client.getSnapshot().outbox.map((item) => item.status)).toEqual(['pending', 'pending']);
    await hub().reconnected();
    await settle();
    expect(hub().invocations.map((call) => call.args[2])).toEqual(['one', 'two']);
    expect([...stored.values()].map((value) => [value.seq, value.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(client.getSnapshot().outbox).toEqual([]);
  });

  it('a send cut by the connection is resent with the same id after reconnecting: stored once', async () => {
    const { client, hub, install, stored } = setup();
    await client.start();
    install();
    const store = hub().server;
    // The server stores the message, then the connection drops before the answer arrives.
    hub().server = async (method, args) => {
      await store(method, args);
      hub().drop();
      throw new Error('Invocation canceled due to the underlying connection being closed.');
    };
    const id = client.send('c1', 'once');
    await settle();
    expect(client.getSnapshot().outbox.map((item) => item.status)).toEqual(['pending']);
    hub().server = store;
    await hub().reconnected();
    await settle();
    const sends = hub().invocations.filter((call) => call.method === 'SendMessage');
    expect(sends.map((call) => call.args[1])).toEqual([id, id]);
    expect(stored.size).toBe(1);
    expect(client.getSnapshot().outbox).toEqual([]);
  });

  it('marks a refused message failed with its code; retry sends it again, discard forgets it', async () => {
    const { client, hub, install } = setup();
    await client.start();
    install();
    const store = hub().server;
    hub().server = async () => {
      throw new Error('conversationClosed: the conversation is closed');
    };
    const id = client.send('c1', 'late');
    await settle();
    expect(client.getSnapshot().outbox).toMatchObject([{ clientMessageId: id, status: 'failed', error: 'conversation_closed' }]);
    hub().server = store;
    client.retry(id);
    await settle();
    expect(client.getSnapshot().outbox).toEqual([]);
    hub().server = async () => {
      throw new Error('chatMaintenance: the chat is under maintenance');
    };
    const other = client.send('c1', 'again');
    await settle();
    expect(client.getSnapshot().outbox[0]).toMatchObject({ status: 'failed', error: 'chat_maintenance' });
    client.discard(other);
    expect(client.getSnapshot().outbox).toEqual([]);
  });

  it('a rate-limited message waits and is tried again', async () => {
    const { client, hub, install, timers } = setup();
    await client.start();
    install();
    const store = hub().server;
    hub().server = async () => {
      throw new Error('rate limited');
    };
    client.send('c1', 'fast');
    await settle();
    expect(client.getSnapshot().outbox[0].status).toBe('pending');
    hub().server = store;
    timers.pop()!.callback();
    await settle();
    expect(client.getSnapshot().outbox).toEqual([]);
  });

  it('never invokes while not connected (the library would refuse): the message waits', async () => {
    const { client, hub } = setup();
    const started = client.start();
    hub().failStart = new Error('down');
    await started;
    client.send('c1', 'offline');
    await settle();
    expect(hub().invocations).toEqual([]);
    expect(client.getSnapshot().outbox[0].status).toBe('pending');
  });
});

describe('ChatClient read marks', () => {
  it('marks read through the hub when connected, over HTTP otherwise, and reports the conversation', async () => {
    const { client, hub, install, markReadOverHttp } = setup();
    const updates: unknown[] = [];
    client.on('conversation', (value) => updates.push(value));
    await client.start();
    install();
    await client.markRead('c1', 5);
    expect(hub().invocations).toEqual([{ method: 'MarkRead', args: ['c1', 5] }]);
    hub().drop();
    await client.markRead('c1', 6);
    expect(markReadOverHttp).toHaveBeenCalledWith('c1', 6);
    expect(updates).toEqual([
      { id: 'c1', readSeq: 5 },
      { id: 'c1', readSeq: 6 },
    ]);
  });
});
