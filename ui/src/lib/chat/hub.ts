/** The board's chat hub (`/hubs/{board}/chat`), built by `@/lib/hub/hub`. */
import { createHub, hubPath, type HubLike } from '@/lib/hub/hub';

export function createChatHub(board: string, accessToken: () => Promise<string>): HubLike {
  return createHub(hubPath(board, 'chat'), accessToken);
}
