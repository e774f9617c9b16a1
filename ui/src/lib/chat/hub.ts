/**
 * The real hub connection (`@microsoft/signalr`): the board's chat hub on the page's own origin
 * (`ui/server.mjs` forwards `/hubs/*` to the API), WebSockets straight away (no negotiate round
 * trip), the library's automatic reconnect with back-off. The access token is the side's short-lived
 * hub token (`ChatClient` fetches and caches it).
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubLike } from './client';

/** The hub's path on the app's origin. */
export const hubPath = (board: string) => `/hubs/${encodeURIComponent(board)}/chat`;

export function createChatHub(board: string, accessToken: () => Promise<string>): HubLike {
  return new HubConnectionBuilder()
    .withUrl(hubPath(board), { accessTokenFactory: accessToken, transport: HttpTransportType.WebSockets, skipNegotiation: true })
    .withAutomaticReconnect()
    .configureLogging(LogLevel.None)
    .build();
}
