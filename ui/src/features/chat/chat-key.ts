/**
 * The widget's open conversation window, kept in local storage under `CHAT_KEY` (spec §3):
 * `{chatId, minified}` — which conversation is open (null: none, the window is closed) and whether
 * its window is minimised. Read defensively: another version or a person may have written anything.
 * Pure apart from the storage passed in: unit-tested.
 */

export const CHAT_KEY = 'CHAT_KEY';

export interface ChatWindowState {
  chatId: string | null;
  minified: boolean;
}

export const CLOSED_WINDOW: ChatWindowState = { chatId: null, minified: false };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored window, or the closed one when there is none or it is not ours. */
export function readChatWindow(storage: Storage | null): ChatWindowState {
  let text: string | null = null;
  try {
    text = storage?.getItem(CHAT_KEY) ?? null;
  } catch {
    // Storage may be refused (privacy settings): the window simply starts closed.
    return CLOSED_WINDOW;
  }
  if (!text) return CLOSED_WINDOW;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof ChatWindowState, unknown>> | null;
    const chatId = typeof value?.chatId === 'string' && value.chatId.length > 0 && value.chatId.length <= 128 ? value.chatId : null;
    return { chatId, minified: chatId !== null && value?.minified === true };
  } catch {
    return CLOSED_WINDOW;
  }
}

/** Stores the window; a closed one removes the key. */
export function writeChatWindow(storage: Storage | null, state: ChatWindowState): void {
  try {
    if (state.chatId === null) storage?.removeItem(CHAT_KEY);
    else storage?.setItem(CHAT_KEY, JSON.stringify({ chatId: state.chatId, minified: state.minified }));
  } catch {
    // Full or refused storage: the window works for this page, it is just not remembered.
  }
}

/** The conversation `?chat={id}` asks to open (the matched-for-you cards link there), or null. */
export function chatFromQuery(search: URLSearchParams | null): string | null {
  const id = search?.get('chat')?.trim() ?? '';
  return id && id.length <= 128 ? id : null;
}

/** The address without `?chat=`, so a reload does not open the window again after it was closed. */
export function withoutChatQuery(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('chat');
  return `${url.pathname}${url.search}${url.hash}`;
}
