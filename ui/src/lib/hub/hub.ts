/**
 * The hub connections of the web app (`@microsoft/signalr`): a board's hub on the page's own origin
 * (`ui/server.mjs` forwards `/hubs/*` to the API), WebSockets straight away (no negotiate round
 * trip). The access token is a short-lived hub token the caller fetches (see `token.ts`). The chat
 * and the employer's assistant each build theirs here; their clients take a `HubLike`, so tests
 * pass a fake with the same methods.
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';

/** The part of `@microsoft/signalr`'s `HubConnection` the clients use. */
export interface HubLike {
  /** `HubConnectionState`: 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting'. */
  readonly state: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(methodName: string, ...args: unknown[]): Promise<T>;
  on(methodName: string, handler: (...args: never[]) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

/** A hub's path on the app's origin: `/hubs/{board}/{name}`. */
export const hubPath = (board: string, name: 'chat' | 'assistant') => `/hubs/${encodeURIComponent(board)}/${name}`;

/** A connection to `path` with the library's automatic reconnect (back-off) on. */
export function createHub(path: string, accessToken: () => Promise<string>): HubLike {
  return new HubConnectionBuilder()
    .withUrl(path, { accessTokenFactory: accessToken, transport: HttpTransportType.WebSockets, skipNegotiation: true })
    .withAutomaticReconnect()
    .configureLogging(LogLevel.None)
    .build();
}
