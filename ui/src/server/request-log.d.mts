/** Types of request-log.mjs (plain JavaScript run by server.mjs) for the TypeScript tests. */
import type { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ApiCall {
  method: string;
  path: string;
  status: number;
  ms: number;
}

export interface RequestRecord {
  id: string;
  calls: ApiCall[];
  /** The visitor's address, sent to the API as `x-forwarded-for` with the page's own calls. */
  client?: string;
}

export const requestContext: AsyncLocalStorage<RequestRecord>;
export function requestIdOf(incoming: string | string[] | undefined): string;
export function clientAddressOf(forwardedFor: string | string[] | undefined, peer: string | undefined, trustProxy: boolean): string;
export function trackApiCalls(apiUrl: string | (() => string), fetchImpl: typeof fetch): typeof fetch;
export function formatRequestLine(line: { id: string; method: string; path: string; status: number; ms: number; aborted?: boolean; calls: ApiCall[] }): string;
export function handleWithLog(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  options?: { trustProxy?: boolean; write?: (text: string) => void },
): unknown;
