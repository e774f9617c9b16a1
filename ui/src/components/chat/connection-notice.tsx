'use client';
/**
 * The connection's state when it is not "connected": connecting and reconnecting as a polite
 * status; disconnected as the spec's "Cannot invoke method when not connected" state in our own
 * words, with "try again" (messages written meanwhile wait in the outbox).
 */
import { createTranslator } from '@/i18n/translate';
import type { ConnectionState } from '@/lib/chat/client';
import type { Locale } from '@/lib/types';
import './chat.css';

export function ConnectionNotice({ locale, state, gaveUp = false, onRetry }: { locale: Locale; state: ConnectionState; gaveUp?: boolean; onRetry: () => void }) {
  const t = createTranslator(locale);
  if (state === 'connected') return null;
  if (state === 'disconnected') {
    return (
      <div className="chat-notice chat-notice--error" role="alert" data-testid="chat-not-connected">
        <span>{gaveUp ? t('chat.state.gaveUp') : t('chat.state.disconnected')}</span>
        <button type="button" className="button button--small" onClick={onRetry}>
          {t('chat.state.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="chat-notice" role="status" data-testid={`chat-${state}`}>
      {state === 'reconnecting' ? t('chat.state.reconnecting') : t('chat.state.connecting')}
    </p>
  );
}
