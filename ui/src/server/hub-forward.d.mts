/** Types of hub-forward.mjs (plain JavaScript run by server.mjs) for the TypeScript tests. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export function hostNameOf(header: string | undefined | null): string | null;
export function matchHubPath(url: string | undefined): { board: string; negotiate: boolean } | null;
export function createBoardLookup(apiUrl: () => string, options?: { fetchImpl?: typeof fetch; now?: () => number; ttlMs?: number }): (host: string | undefined) => Promise<string | null>;

export interface HubLogLine {
  time: string;
  msg: 'hub';
  method: string;
  path: string;
  status: number;
  ms: number;
}

export function createHubForwarder(options: {
  apiUrl: () => string;
  trustProxy?: boolean;
  boardOf?: (host: string | undefined) => Promise<string | null>;
  log?: (line: HubLogLine) => void;
}): {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
  handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
  isHubRequest(req: IncomingMessage): boolean;
};
