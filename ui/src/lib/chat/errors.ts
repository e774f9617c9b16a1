/**
 * The codes of refused chat calls (`@/lib/hub/errors` reads them) and their texts. Pure:
 * unit-tested.
 */
import { messages, type MessageKey } from '@/i18n/translate';
import { hubErrorCode, snakeCode } from '@/lib/hub/errors';

export { snakeCode };

/** The code of a failed hub invocation or HTTP call (`network_error` for anything unknown). */
export const chatErrorCode = hubErrorCode;

/** The message key of a chat error code (`chat.errors.{code}`), or the generic one. */
export function chatErrorKey(code: string): MessageKey {
  const key = `chat.errors.${snakeCode(code)}`;
  return (key in messages.pl ? key : 'chat.errors.generic') as MessageKey;
}
