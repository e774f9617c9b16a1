'use client';
/**
 * The employer's Conversations page: the company's conversations with candidates (latest first,
 * unread counts, live) and the requests it sent (status, and the conversation once accepted), and
 * the selected conversation (`?c={id}`) with what the candidate shared. Owners and recruiters see
 * the same company conversations. On a phone the list and the conversation are one screen each.
 */
import Link from 'next/link';
import useSWR from 'swr';
import { ConversationListItem } from '@/components/chat/conversation-list-item';
import { ConversationPanel } from '@/components/chat/conversation-panel';
import { createTranslator } from '@/i18n/translate';
import { employerChat } from '@/lib/chat/api';
import { chatErrorKey } from '@/lib/chat/errors';
import { formatChatTime } from '@/lib/chat/format';
import { useChatEvent, useConversations, useThread } from '@/lib/chat/use-chat';
import type { ConversationView, SentRequest } from '@/lib/chat/types';
import type { Locale } from '@/lib/types';
import { employerPaths } from '../paths';
import './chat.css';

/** How the employer names a candidate: the shared name, else the anonymous reference. */
export function candidateLabel(t: ReturnType<typeof createTranslator>, candidate: Pick<ConversationView['candidate'], 'name' | 'ref'>): string {
  return candidate.name?.trim() || t('chat.employer.candidate', { ref: candidate.ref.slice(0, 8) });
}

export function EmployerConversations({ locale, selected }: { locale: Locale; selected: string | null }) {
  const t = createTranslator(locale);
  const list = useConversations();
  const requests = useSWR<{ items: SentRequest[] }>(employerChat.requestsKey, employerChat.requests, { revalidateOnFocus: false });
  // An accepted request opens a conversation: its status changes too.
  useChatEvent('conversation', () => void requests.mutate());
  useChatEvent('resync', () => void requests.mutate());
  const conversations = list.conversations;
  return (
    <div className={`employer-chat${selected ? ' employer-chat--open' : ''}`} data-testid="employer-chat">
      <div className="employer-chat__lists">
        <p className="muted employer-chat__intro">{t('chat.employer.intro')}</p>
        <section aria-labelledby="employer-chat-conversations">
          <h2 id="employer-chat-conversations">{t('chat.employer.conversations')}</h2>
          {conversations === null ? (
            <p className="muted" role={list.error ? 'alert' : 'status'}>
              {list.error ? t(chatErrorKey(list.error)) : t('chat.thread.loading')}
            </p>
          ) : conversations.length ? (
            <ul className="employer-chat__list" data-testid="employer-conversations">
              {conversations.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationListItem
                    locale={locale}
                    title={candidateLabel(t, conversation.candidate)}
                    subtitle={conversation.offerTitle}
                    avatarUrl={null}
                    lastMessage={conversation.lastMessage}
                    lastMessageAt={conversation.lastMessageAt}
                    unread={conversation.unread}
                    closed={conversation.status === 'closed'}
                    active={conversation.id === selected}
                    href={employerPaths.conversations(conversation.id)}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted" data-testid="employer-conversations-empty">
              {t('chat.employer.empty')}
            </p>
          )}
        </section>
        <section aria-labelledby="employer-chat-requests">
          <h2 id="employer-chat-requests">{t('chat.employer.requests')}</h2>
          {requests.data ? (
            requests.data.items.length ? (
              <ul className="employer-chat__requests" data-testid="employer-requests">
                {requests.data.items.map((request) => (
                  <li key={request.id}>
                    <span className="employer-chat__request-who">
                      <strong>{t('chat.employer.candidate', { ref: request.candidateRef.slice(0, 8) })}</strong>
                      <span className="muted">
                        {request.offerTitle} · {t('chat.employer.sentAt', { date: formatChatTime(request.sentAt, locale) })}
                      </span>
                    </span>
                    <span className={`employer-chat__status employer-chat__status--${request.status}`}>{t(`chat.employer.status.${request.status}`)}</span>
                    {request.conversationId ? (
                      <Link href={employerPaths.conversations(request.conversationId)} className="button button--small">
                        {t('chat.employer.open')}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('chat.employer.requestsEmpty')}</p>
            )
          ) : (
            <p className="muted">{requests.error ? t('chat.errors.generic') : t('chat.thread.loading')}</p>
          )}
        </section>
      </div>
      <div className="employer-chat__thread">
        {selected ? (
          <EmployerThread key={selected} locale={locale} conversationId={selected} />
        ) : (
          <p className="employer-chat__select muted">{t('chat.employer.select')}</p>
        )}
      </div>
    </div>
  );
}

function EmployerThread({ locale, conversationId }: { locale: Locale; conversationId: string }) {
  const t = createTranslator(locale);
  const thread = useThread(conversationId, { active: true });
  const conversation = thread.conversation;
  const name = conversation ? candidateLabel(t, conversation.candidate) : '';
  return (
    <section className="employer-chat__conversation" aria-labelledby="employer-chat-title" data-testid="employer-conversation">
      <header className="employer-chat__head">
        <Link href={employerPaths.conversations()} className="employer-chat__back">
          <span aria-hidden="true">← </span>
          {t('chat.employer.back')}
        </Link>
        <h2 id="employer-chat-title">{name || t('chat.thread.loading')}</h2>
        {conversation ? (
          <>
            <p className="employer-chat__offer">
              {conversation.offerSlug ? <Link href={employerPaths.offer(conversation.offerSlug)}>{conversation.offerTitle}</Link> : conversation.offerTitle}
            </p>
            <SharedDetails locale={locale} conversationId={conversation.id} candidate={conversation.candidate} />
          </>
        ) : null}
      </header>
      <ConversationPanel locale={locale} side="employer" thread={thread} otherName={name} />
    </section>
  );
}

/** What the candidate chose to share when accepting. */
function SharedDetails({ locale, conversationId, candidate }: { locale: Locale; conversationId: string; candidate: ConversationView['candidate'] }) {
  const t = createTranslator(locale);
  if (!candidate.name && !candidate.email && !candidate.hasCv) return <p className="employer-chat__shared muted">{t('chat.employer.sharedNothing')}</p>;
  return (
    <dl className="employer-chat__shared">
      {candidate.email ? (
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${candidate.email}`}>{candidate.email}</a>
          </dd>
        </div>
      ) : null}
      {candidate.hasCv ? (
        <div>
          <dt>CV</dt>
          <dd>
            <a href={employerChat.sharedCvUrl(conversationId)} download data-testid="shared-cv">
              {t('chat.employer.cvDownload')}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
