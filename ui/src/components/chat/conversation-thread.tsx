'use client';
/**
 * A conversation's messages, oldest at the top: a "load earlier" button while history is left
 * (paged upward by cursor, the reading position kept), stored messages (a tombstone for an erased
 * one, "seen" under the newest own message the other side has read, "report" under the other
 * side's when the side may report), then the messages still in the outbox (sending, waiting for the
 * connection, or refused with resend and discard). The list is a `log` region (new messages are
 * announced) that stays at the bottom while the reader is there.
 */
import { useLayoutEffect, useRef } from 'react';
import { MessageText } from './message-text';
import { createTranslator } from '@/i18n/translate';
import type { ConnectionState } from '@/lib/chat/client';
import { chatErrorKey } from '@/lib/chat/errors';
import { formatChatTime } from '@/lib/chat/format';
import type { ThreadItem } from '@/lib/chat/thread-state';
import type { MessageView } from '@/lib/chat/types';
import type { Locale } from '@/lib/types';
import './chat.css';

export interface ConversationThreadProps {
  locale: Locale;
  items: readonly ThreadItem[];
  /** The seq of the message to mark "seen". */
  seen: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  connection: ConnectionState;
  onRetry: (clientMessageId: string) => void;
  onDiscard: (clientMessageId: string) => void;
  /** Offered under the other side's messages when given. */
  onReport?: (message: MessageView) => void;
  /** Who the other side is, read before their messages by screen readers. */
  otherName: string;
  /** Shown when there are no messages at all. */
  emptyText?: string;
}

const NEAR_BOTTOM_PX = 48;

const itemKey = (item: ThreadItem) => (item.kind === 'message' ? `m${item.message.seq}` : `o${item.message.clientMessageId}`);

export function ConversationThread({ locale, items, seen, hasOlder, loadingOlder, onLoadOlder, connection, onRetry, onDiscard, onReport, otherName, emptyText }: ConversationThreadProps) {
  const t = createTranslator(locale);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef<{ firstKey: string | null; scrollHeight: number }>({ firstKey: null, scrollHeight: 0 });

  // Older messages put above keep what the reader sees in place; new ones at the bottom follow
  // the reader who is at the bottom.
  const firstKey = items.length ? itemKey(items[0]) : null;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = before.current;
    if (previous.firstKey !== null && firstKey !== previous.firstKey && element.scrollHeight > previous.scrollHeight && !atBottom.current) {
      element.scrollTop += element.scrollHeight - previous.scrollHeight;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { firstKey, scrollHeight: element.scrollHeight };
  }, [items, firstKey]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= NEAR_BOTTOM_PX;
    before.current = { ...before.current, scrollHeight: element.scrollHeight };
  };

  const loadOlder = () => {
    // The reader is reading the top: what arrives above must not pull them to the bottom.
    atBottom.current = false;
    onLoadOlder();
  };

  return (
    // A scrolling region must be reachable from the keyboard to scroll it.
    <div ref={scroller} className="chat-thread" role="log" aria-label={t('chat.thread.messages')} tabIndex={0} onScroll={onScroll} data-testid="chat-thread">
      {hasOlder ? (
        <div className="chat-thread__older">
          <button type="button" className="button button--small" onClick={loadOlder} disabled={loadingOlder}>
            {loadingOlder ? t('chat.thread.loading') : t('chat.thread.loadOlder')}
          </button>
        </div>
      ) : items.length ? (
        <p className="chat-thread__start">{t('chat.thread.start')}</p>
      ) : null}
      {!items.length && emptyText ? <p className="chat-thread__empty">{emptyText}</p> : null}
      <ol className="chat-thread__list">
        {items.map((item) =>
          item.kind === 'message' ? (
            <li key={itemKey(item)} className={`chat-message chat-message--${item.message.mine ? 'mine' : 'theirs'}`} data-seq={item.message.seq}>
              <span className="visually-hidden">{item.message.mine ? t('chat.thread.you') : otherName}: </span>
              <div className="chat-message__bubble">{item.message.text === null ? <em className="chat-message__erased">{t('chat.thread.erased')}</em> : <MessageText text={item.message.text} />}</div>
              <div className="chat-message__meta">
                <time dateTime={new Date(item.message.sentAt * 1000).toISOString()}>{formatChatTime(item.message.sentAt, locale)}</time>
                {seen === item.message.seq ? (
                  <span className="chat-message__seen" data-testid="chat-seen">
                    {' · '}
                    {t('chat.thread.seen')}
                  </span>
                ) : null}
                {onReport && !item.message.mine && item.message.text !== null ? (
                  <button type="button" className="chat-message__action" onClick={() => onReport(item.message)}>
                    {t('chat.thread.report')}
                  </button>
                ) : null}
              </div>
            </li>
          ) : (
            <li key={itemKey(item)} className={`chat-message chat-message--mine chat-message--${item.message.status}`} data-status={item.message.status} data-testid="chat-outgoing">
              <span className="visually-hidden">{t('chat.thread.you')}: </span>
              <div className="chat-message__bubble">
                <MessageText text={item.message.text} />
              </div>
              <div className="chat-message__meta">
                {item.message.status === 'failed' ? (
                  <>
                    <span className="chat-message__failed">{t('chat.thread.failed', { reason: t(chatErrorKey(item.message.error ?? 'generic')) })}</span>
                    <button type="button" className="chat-message__action" onClick={() => onRetry(item.message.clientMessageId)}>
                      {t('chat.thread.resend')}
                    </button>
                    <button type="button" className="chat-message__action" onClick={() => onDiscard(item.message.clientMessageId)}>
                      {t('chat.thread.discard')}
                    </button>
                  </>
                ) : (
                  <span>{connection === 'connected' ? t('chat.thread.sending') : t('chat.thread.waiting')}</span>
                )}
              </div>
            </li>
          ),
        )}
      </ol>
    </div>
  );
}
