/**
 * The chat's presentational parts rendered to HTML (React's server renderer): what a reader sees of
 * stored, erased, seen, pending and failed messages, that a message's text can never become markup,
 * and the composer's counter.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '@/lib/chat/client';
import type { ThreadItem } from '@/lib/chat/thread-state';
import type { MessageView } from '@/lib/chat/types';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { ConversationThread, type ConversationThreadProps } from './conversation-thread';

const message = (seq: number, mine: boolean, text: string | null): ThreadItem => ({ kind: 'message', message: { conversationId: 'c', seq, sender: mine ? 'candidate' : 'company', mine, text, sentAt: 1_700_000_000 + seq, clientMessageId: null } satisfies MessageView });
const outgoing = (status: OutgoingMessage['status'], error: string | null = null): ThreadItem => ({ kind: 'outgoing', message: { clientMessageId: `id-${status}`, conversationId: 'c', text: `draft ${status}`, createdAt: 0, status, error } });

function thread(props: Partial<ConversationThreadProps>) {
  return renderToStaticMarkup(
    createElement(ConversationThread, { locale: 'pl', items: [], seen: null, hasOlder: false, loadingOlder: false, onLoadOlder: () => undefined, connection: 'connected', onRetry: () => undefined, onDiscard: () => undefined, otherName: 'Acme', ...props }),
  );
}

describe('ConversationThread', () => {
  it('renders a message\'s text as text and its addresses as safe links, never as markup', () => {
    const html = thread({ items: [message(1, false, '<img src=x onerror=alert(1)> zobacz https://wakat.pl/a?b=1&c=2 i javascript:alert(1)')] });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://wakat.pl/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow ugc">https://wakat.pl/a?b=1&amp;c=2</a>');
    expect(html).not.toContain('href="javascript');
  });

  it('shows a tombstone for an erased message, "seen" under the newest read own one, report under the other side\'s', () => {
    const html = thread({ items: [message(1, false, null), message(2, true, 'a'), message(3, true, 'b'), message(4, false, 'c')], seen: 2, onReport: () => undefined });
    expect(html).toContain('Wiadomość usunięta');
    expect(html.match(/data-testid="chat-seen"/g)).toHaveLength(1);
    expect(html).toMatch(/data-seq="2"[^]*Wyświetlono[^]*data-seq="3"/);
    // Report only under the other side's stored text (not under the tombstone, not under own ones).
    expect(html.match(/>Zgłoś</g)).toHaveLength(1);
    expect(html).toContain('role="log"');
    expect(html).toContain('Początek rozmowy');
  });

  it('marks messages on their way, waiting for the connection, and refused with resend and discard', () => {
    expect(thread({ items: [outgoing('sending')] })).toContain('Wysyłanie…');
    expect(thread({ items: [outgoing('pending')], connection: 'reconnecting' })).toContain('Czeka na połączenie');
    const failed = thread({ items: [outgoing('failed', 'conversation_closed')] });
    expect(failed).toContain('Nie wysłano: rozmowa jest zakończona');
    expect(failed).toContain('Wyślij ponownie');
    expect(failed).toContain('>Usuń<');
  });

  it('offers earlier messages while history is left', () => {
    expect(thread({ items: [message(31, false, 'x')], hasOlder: true })).toContain('Wczytaj wcześniejsze wiadomości');
    expect(thread({ items: [message(31, false, 'x')], hasOlder: true, loadingOlder: true })).toContain('Wczytywanie…');
  });
});

describe('ConnectionNotice', () => {
  const notice = (state: 'connecting' | 'connected' | 'reconnecting' | 'disconnected', locale: 'pl' | 'en' = 'pl') => renderToStaticMarkup(createElement(ConnectionNotice, { locale, state, onRetry: () => undefined }));
  it('says nothing while connected and offers "try again" when not connected, in our own words', () => {
    expect(notice('connected')).toBe('');
    expect(notice('reconnecting')).toContain('łączymy ponownie');
    const down = notice('disconnected', 'en');
    expect(down).toContain('Not connected to the chat');
    expect(down).toContain('Try again');
    expect(down).not.toContain('Cannot invoke');
  });
});

describe('Composer', () => {
  it('shows the counter against 2,000 characters and a send button', () => {
    const html = renderToStaticMarkup(createElement(Composer, { locale: 'en', onSend: () => undefined }));
    expect(html).toContain('0 / 2000');
    expect(html).toContain('Enter sends, Shift+Enter adds a new line.');
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
  });

  it('shows the closed conversation instead of the box', () => {
    const html = renderToStaticMarkup(createElement(Composer, { locale: 'pl', onSend: () => undefined, disabled: true, disabledText: 'Pracodawca zakończył tę rozmowę.' }));
    expect(html).toContain('Pracodawca zakończył tę rozmowę.');
    expect(html).not.toContain('<textarea');
  });
});
