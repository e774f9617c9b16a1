/**
 * A hub connection in memory for unit tests, with `@microsoft/signalr`'s behaviour as a client sees
 * it: states, the access-token factory called on each start, automatic reconnection callbacks, and
 * the library's own refusal to invoke while not connected. `server` decides each invocation's answer.
 */
import type { HubLike } from './hub';

type Handler = (...args: never[]) => void;

export class FakeHub implements HubLike {
  state = 'Disconnected';
  readonly handlers = new Map<string, Handler>();
  readonly invocations: { method: string; args: unknown[] }[] = [];
  private closeCallbacks: ((error?: Error) => void)[] = [];
  private reconnectingCallbacks: ((error?: Error) => void)[] = [];
  private reconnectedCallbacks: ((id?: string) => void)[] = [];
  failStart: Error | null = null;
  tokens: string[] = [];
  server: (method: string, args: unknown[]) => Promise<unknown> = async () => null;

  constructor(private readonly accessToken: () => Promise<string>) {}

  async start() {
    this.state = 'Connecting';
    try {
      this.tokens.push(await this.accessToken());
    } catch (error) {
      this.state = 'Disconnected';
      throw error;
    }
    if (this.failStart) {
      this.state = 'Disconnected';
      throw this.failStart;
    }
    this.state = 'Connected';
  }
  /** As the library: stopping a started connection calls the close callbacks (without an error). */
  async stop() {
    const wasOpen = this.state !== 'Disconnected';
    this.state = 'Disconnected';
    if (wasOpen) for (const callback of this.closeCallbacks) callback();
  }
  async invoke<T>(method: string, ...args: unknown[]): Promise<T> {
    // The library's own refusal (the spec's "Cannot invoke method when not connected").
    if (this.state !== 'Connected') throw new Error("Cannot send data if the connection is not in the 'Connected' State.");
    this.invocations.push({ method, args });
    return (await this.server(method, args)) as T;
  }
  on(method: string, handler: Handler) {
    this.handlers.set(method, handler);
  }
  onclose(callback: (error?: Error) => void) {
    this.closeCallbacks.push(callback);
  }
  onreconnecting(callback: (error?: Error) => void) {
    this.reconnectingCallbacks.push(callback);
  }
  onreconnected(callback: (id?: string) => void) {
    this.reconnectedCallbacks.push(callback);
  }
  /** The server pushes an event. */
  push(method: string, ...values: unknown[]) {
    (this.handlers.get(method) as ((...values: unknown[]) => void) | undefined)?.(...values);
  }
  /** The socket dropped: the library starts reconnecting. */
  drop() {
    this.state = 'Reconnecting';
    for (const callback of this.reconnectingCallbacks) callback(new Error('WebSocket closed with status code: 1006'));
  }
  /** Automatic reconnection succeeded. */
  async reconnected() {
    this.tokens.push(await this.accessToken());
    this.state = 'Connected';
    for (const callback of this.reconnectedCallbacks) callback('new-id');
  }
  /** Automatic reconnection gave up. */
  closed() {
    this.state = 'Disconnected';
    for (const callback of this.closeCallbacks) callback(new Error('Connection closed.'));
  }
}
