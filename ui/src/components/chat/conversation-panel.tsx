'use client';
/**
 * One conversation as both sides show it (the candidate's widget window, the employer's
 * Conversations page): the connection notice, the thread, who closed it, the composer, and the
 * conversation's actions (close it after a confirmation; the candidate's report and block come in
 * through `onReport` and `extraActions`). The data is the caller's `useThread`.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Composer } from './composer';
import { ConnectionNotice } from './connection-notice';
import { ConversationThread } from './conversation-thread';
import { ReportDialog } from './report-dialog';
import { createTranslator } from '@/i18n/translate';
import { chatErrorCode, chatErrorKey } from '@/lib/chat/errors';
import { useChat, useChatSnapshot, type Thread } from '@/lib/chat/use-chat';
import type { ChatSide, MessageView, ReportReason } from '@/lib/chat/types';
import type { Locale } from '@/lib/types';
import './chat.css';

export interface ConversationPanelProps {
  locale: Locale;
  side: ChatSide;
  thread: Thread;
  /** The other side, as screen readers announce their messages. */
  otherName: string;
  /** Reporting a message of the other side (the candidate's). */
  onReport?: (seq: number, reason: ReportReason, note: string | null) => Promise<void>;
  /** More actions beside "close" (the candidate's "block the company"). */
  extraActions?: ReactNode;
}

export function ConversationPanel({ locale, side, thread, otherName, onReport, extraActions }: ConversationPanelProps) {
  const t = createTranslator(locale);
  const chat = useChat();
  const snapshot = useChatSnapshot();
  const [reporting, setReporting] = useState<MessageView | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [closing, setClosing] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const conversation = thread.conversation;
  const mine = side === 'candidate' ? 'candidate' : 'company';

  const close = async () => {
    if (!chat || !conversation) return;
    setClosing(true);
    setActionError(null);
    try {
      thread.replaceConversation(await chat.api.close(conversation.id));
      setConfirmClose(false);
    } catch (error) {
      setActionError(chatErrorCode(error));
    } finally {
      setClosing(false);
    }
  };

  if (thread.loading && !conversation) {
    return (
      <p className="chat-panel__status" role="status">
        {t('chat.thread.loading')}
      </p>
    );
  }
  if (!conversation) {
    return (
      <div className="chat-panel__status" role="alert">
        <p>{t(thread.error === 'not_found' ? 'chat.errors.not_found' : 'chat.thread.error')}</p>
        <button type="button" className="button button--small" onClick={() => void thread.reload()}>
          {t('chat.state.retry')}
        </button>
      </div>
    );
  }
  const closed = conversation.status === 'closed';
  const closedText = !closed ? null : conversation.closedBy === mine ? t('chat.thread.closedByYou') : conversation.closedBy === 'candidate' ? t('chat.thread.closedByCandidate') : t('chat.thread.closedByCompany');
  return (
    <div className="chat-panel" data-testid="chat-panel">
      <ConnectionNotice locale={locale} state={snapshot.state} gaveUp={snapshot.gaveUp} onRetry={thread.reconnect} />
      <ConversationThread
        locale={locale}
        items={thread.items}
        seen={thread.seen}
        hasOlder={thread.hasOlder}
        loadingOlder={thread.loadingOlder}
        onLoadOlder={() => void thread.loadOlder()}
        connection={snapshot.state}
        onRetry={thread.retry}
        onDiscard={thread.discard}
        onReport={onReport ? setReporting : undefined}
        otherName={otherName}
        emptyText={t('chat.thread.empty')}
      />
      {actionError ? (
        <p className="form-field__error chat-panel__error" role="alert">
          {t(chatErrorKey(actionError))}
        </p>
      ) : null}
      <Composer locale={locale} onSend={(text) => thread.send(text)} disabled={closed} disabledText={closedText ?? undefined} />
      {!closed || extraActions ? (
        <div className="chat-panel__actions">
          {!closed ? (
            <button type="button" className="chat-panel__action" onClick={() => setConfirmClose(true)}>
              {t('chat.thread.close')}
            </button>
          ) : null}
          {extraActions}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmClose}
        title={t('chat.thread.close')}
        confirmLabel={t('chat.thread.close')}
        cancelLabel={t('chat.report.cancel')}
        closeLabel={t('chat.report.close')}
        busy={closing}
        onConfirm={() => void close()}
        onCancel={() => setConfirmClose(false)}
        testId="chat-close-dialog"
      >
        <p>{t('chat.thread.closeConfirm')}</p>
      </ConfirmDialog>
      {onReport ? (
        <ReportDialog
          locale={locale}
          open={reporting !== null}
          onClose={() => setReporting(null)}
          onSubmit={async (reason, note) => {
            if (reporting) await onReport(reporting.seq, reason, note);
          }}
        />
      ) : null}
    </div>
  );
}
