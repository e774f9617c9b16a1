'use client';
/**
 * The widget's conversation window (415 px high): the employer and the offer in its bar, minimise
 * (only the bar stays) or restore, close; the conversation below it with the candidate's report and
 * "block the company". Read marks are sent only while it is not minimised.
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { ConversationPanel } from '@/components/chat/conversation-panel';
import { ChatAvatar } from '@/components/chat/conversation-list-item';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { candidateChat } from '@/lib/chat/api';
import { chatErrorCode, chatErrorKey } from '@/lib/chat/errors';
import { useThread } from '@/lib/chat/use-chat';
import type { Locale } from '@/lib/types';

export function ConversationWindow({
  locale,
  conversationId,
  minified,
  onMinify,
  onClose,
  onChanged,
}: {
  locale: Locale;
  conversationId: string;
  minified: boolean;
  onMinify: (minified: boolean) => void;
  onClose: () => void;
  /** The conversation changed here (blocked): the list is read again. */
  onChanged: () => void;
}) {
  const t = createTranslator(locale);
  const bodyId = useId();
  const titleId = useId();
  const thread = useThread(conversationId, { active: !minified });
  const conversation = thread.conversation;
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [blockError, setBlockError] = useState<string | null>(null);
  const [blocking, setBlocking] = useState(false);
  const employer = conversation?.employer.name ?? '';

  const block = async () => {
    setBlocking(true);
    setBlockError(null);
    try {
      thread.replaceConversation(await candidateChat.block(conversationId));
      setConfirmBlock(false);
      onChanged();
    } catch (error) {
      setBlockError(chatErrorCode(error));
    } finally {
      setBlocking(false);
    }
  };

  return (
    <section className={`chat-window${minified ? ' chat-window--minified' : ''}`} aria-labelledby={titleId} data-testid="chat-window" data-minified={minified}>
      <header className="chat-window__bar">
        {conversation ? <ChatAvatar name={employer} url={conversation.employer.avatarUrl} /> : null}
        <div className="chat-window__who">
          <h2 id={titleId} className="chat-window__title">
            {employer || t('chat.thread.loading')}
          </h2>
          {conversation ? (
            conversation.offerSlug ? (
              <Link className="chat-window__offer" href={paths.offer(conversation.offerSlug)}>
                {t('chat.window.offer', { title: conversation.offerTitle })}
              </Link>
            ) : (
              <span className="chat-window__offer">{t('chat.window.offer', { title: conversation.offerTitle })}</span>
            )
          ) : null}
        </div>
        <button type="button" className="chat-window__button" aria-expanded={!minified} aria-controls={bodyId} aria-label={minified ? t('chat.window.restore') : t('chat.window.minimise')} onClick={() => onMinify(!minified)}>
          <span aria-hidden="true">{minified ? '▴' : '▾'}</span>
        </button>
        <button type="button" className="chat-window__button" aria-label={t('chat.window.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div id={bodyId} className="chat-window__body" hidden={minified}>
        {minified ? null : (
          <ConversationPanel
            locale={locale}
            side="candidate"
            thread={thread}
            otherName={employer}
            onReport={async (seq, reason, note) => {
              await candidateChat.report(conversationId, seq, reason, note);
            }}
            extraActions={
              conversation ? (
                <button type="button" className="chat-panel__action chat-panel__action--danger" onClick={() => setConfirmBlock(true)}>
                  {t('chat.thread.block')}
                </button>
              ) : null
            }
          />
        )}
      </div>
      <ConfirmDialog
        open={confirmBlock}
        title={t('chat.thread.blockTitle', { company: employer })}
        confirmLabel={t('chat.thread.block')}
        cancelLabel={t('chat.report.cancel')}
        closeLabel={t('chat.report.close')}
        busy={blocking}
        danger
        onConfirm={() => void block()}
        onCancel={() => setConfirmBlock(false)}
        testId="chat-block-dialog"
      >
        <p>{t('chat.thread.blockConfirm')}</p>
        {blockError ? (
          <p className="form-field__error" role="alert">
            {t(chatErrorKey(blockError))}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
