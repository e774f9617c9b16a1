'use client';
/**
 * A row of a conversation list (the candidate's widget, the employer's page): who, about which
 * offer, the last message (own ones after "You:", an erased one as its tombstone), when, how many
 * unread, and whether it is closed. The whole row is one button (or link) naming the conversation.
 */
import Link from 'next/link';
import { useState } from 'react';
import { createTranslator } from '@/i18n/translate';
import { formatChatTime } from '@/lib/chat/format';
import type { MessageView } from '@/lib/chat/types';
import type { Locale } from '@/lib/types';
import './chat.css';

/** An employer's logo (decorative: the name is next to it), or the initial of the name when there is none or it does not load. */
export function ChatAvatar({ name, url }: { name: string; url: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) return <img className="chat-avatar" src={url} alt="" width={36} height={36} loading="lazy" onError={() => setFailed(url)} />;
  return (
    <span className="chat-avatar" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export interface ConversationListItemProps {
  locale: Locale;
  title: string;
  subtitle: string;
  avatarUrl: string | null;
  lastMessage: MessageView | null;
  lastMessageAt: number;
  unread: number;
  closed: boolean;
  /** The open one (`aria-current`). */
  active?: boolean;
  /** A button… */
  onOpen?: () => void;
  /** …or a link. */
  href?: string;
}

export function ConversationListItem({ locale, title, subtitle, avatarUrl, lastMessage, lastMessageAt, unread, closed, active, onOpen, href }: ConversationListItemProps) {
  const t = createTranslator(locale);
  const preview = !lastMessage ? t('chat.list.noMessages') : lastMessage.text === null ? t('chat.thread.erased') : lastMessage.mine ? `${t('chat.thread.you')}: ${lastMessage.text}` : lastMessage.text;
  const content = (
    <>
      <ChatAvatar name={title} url={avatarUrl} />
      <span className="chat-row__text">
        <span className="chat-row__top">
          <strong className="chat-row__title">{title}</strong>
          <time className="chat-row__time" dateTime={new Date(lastMessageAt * 1000).toISOString()}>
            {formatChatTime(lastMessageAt, locale)}
          </time>
        </span>
        <span className="chat-row__subtitle">
          {subtitle}
          {closed ? ` · ${t('chat.widget.closed')}` : ''}
        </span>
        <span className={`chat-row__preview${unread ? ' chat-row__preview--unread' : ''}`}>{preview}</span>
      </span>
      {unread ? (
        <span className="chat-badge">
          <span aria-hidden="true">{unread}</span>
          <span className="visually-hidden">{t('chat.widget.unread', { count: unread, n: unread })}</span>
        </span>
      ) : null}
    </>
  );
  const className = `chat-row${active ? ' chat-row--active' : ''}`;
  return href ? (
    <Link href={href} className={className} aria-current={active ? 'true' : undefined}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen} aria-current={active ? 'true' : undefined}>
      {content}
    </button>
  );
}
