/**
 * The process's board list (`GET /api/boards`, cached 60 s; see `boards.ts`). Server code only; no
 * Next imports, so the proxy, route handlers and pages share it. The instance hangs on a global
 * symbol: the proxy and the app are bundled separately, and one list per process is enough.
 */
import { env } from '@/config/env';
import { createBoardDirectory, parseBoards, type Board, type BoardDirectory } from './boards';

async function loadBoards(): Promise<Board[]> {
  const response = await fetch(`${env.apiUrl}/api/boards`, { cache: 'no-store', signal: AbortSignal.timeout(5000), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/boards answered ${response.status}`);
  return parseBoards(await response.json());
}

const KEY = Symbol.for('wakat.boardDirectory');
const global = globalThis as unknown as Record<symbol, BoardDirectory | undefined>;

export const boardDirectory: BoardDirectory = (global[KEY] ??= createBoardDirectory(loadBoards));
