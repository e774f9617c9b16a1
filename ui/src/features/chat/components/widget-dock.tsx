'use client';
/**
 * The widget itself, fixed at the bottom right (spec §2, §9): a bar that expands into the list
 * (280 px collapsed, 360 px expanded, the list at most 70vh) with the unread badge on the bar, and
 * one conversation window beside it (415 px high) that is minimised, expanded or closed and kept
 * under `CHAT_KEY`. The list shows the loader, "no messaging", the maintenance title and subtitle,
 * the preferences ad, the empty state, or the invites and conversations (`rules.ts`).
 */
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import { ConnectionNotice } from '@/components/chat/connection-notice';
import { ConversationListItem } from '@/components/chat/conversation-list-item';
import { paths } from '@/config/paths';
import { createTranslator } from '@/i18n/translate';
import { candidateChat } from '@/lib/chat/api';
import { ChatProvider, useChat, useChatEvent, useChatSnapshot, useConversations } from '@/lib/chat/use-chat';
import type { ChatProfileAnswer, ConversationView, Invite } from '@/lib/chat/types';
import { forgetOnUnauthorized } from '@/lib/session';
import type { Locale } from '@/lib/types';
import { chatFromQuery, CLOSED_WINDOW, readChatWindow, withoutChatQuery, writeChatWindow, type ChatWindowState } from '../chat-key';
import { badgeCount, widgetView } from '../rules';
import { ConversationWindow } from './conversation-window';
import { InviteList } from './invites';
import '../chat-widget.css';

export function WidgetDock({ locale }: { locale: Locale }) {
  return (
    <ChatProvider side="candidate">
      <Dock locale={locale} />
    </ChatProvider>
  );
}

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** The window under `CHAT_KEY`, opened by `?chat={id}` too. */
function useChatWindow(): [ChatWindowState, (state: ChatWindowState) => void] {
  const [state, setState] = useState<ChatWindowState>(CLOSED_WINDOW);
  const set = useCallback((next: ChatWindowState) => {
    setState(next);
    writeChatWindow(storage(), next);
  }, []);
  useEffect(() => {
    setState(readChatWindow(storage()));
  }, []);
  const search = useSearchParams();
  useEffect(() => {
    const id = chatFromQuery(search);
    if (!id) return;
    set({ chatId: id, minified: false });
    window.history.replaceState(window.history.state, '', withoutChatQuery(window.location.href));
  }, [search, set]);
  return [state, set];
}

const SWR = { revalidateOnFocus: false, onError: forgetOnUnauthorized } as const;

function Dock({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  const bodyId = useId();
  const [expanded, setExpanded] = useState(false);
  const [chatWindow, setChatWindow] = useChatWindow();
  const profile = useSWR<ChatProfileAnswer>(candidateChat.profileKey, candidateChat.profile, SWR);
  const ready = Boolean(profile.data && !profile.data.maintenance && profile.data.missing.length === 0);
  const invites = useSWR<{ items: Invite[] }>(ready ? candidateChat.invitesKey : null, candidateChat.invites, SWR);
  const list = useConversations();
  const snapshot = useChatSnapshot();
  const client = useChat()?.client;
  const refreshInvites = () => void invites.mutate();
  useChatEvent('invite', refreshInvites);
  useChatEvent('resync', refreshInvites);

  const view = widgetView(profile, invites, list);
  const badge = badgeCount(list.unreadTotal, invites.data?.items);
  const open = (conversation: Pick<ConversationView, 'id'>) => setChatWindow({ chatId: conversation.id, minified: false });
  const accepted = (conversation: ConversationView) => {
    open(conversation);
    refreshInvites();
    list.refresh();
  };

  return (
    <aside className="chat-dock" aria-label={t('chat.widget.title')} data-testid="chat-widget">
      {chatWindow.chatId ? (
        <ConversationWindow
          key={chatWindow.chatId}
          locale={locale}
          conversationId={chatWindow.chatId}
          minified={chatWindow.minified}
          onMinify={(minified) => setChatWindow({ chatId: chatWindow.chatId, minified })}
          onClose={() => setChatWindow(CLOSED_WINDOW)}
          onChanged={list.refresh}
        />
      ) : null}
      <section className={`chat-widget${expanded ? ' chat-widget--expanded' : ''}`} data-state={expanded ? 'expanded' : 'collapsed'}>
        <h2 className="chat-widget__heading">
          <button type="button" className="chat-widget__bar" aria-expanded={expanded} aria-controls={bodyId} onClick={() => setExpanded(!expanded)} data-testid="chat-widget-toggle">
            <span className="chat-widget__title">{t('chat.widget.title')}</span>
            {badge > 0 ? (
              <span className="chat-badge" data-testid="chat-widget-badge">
                <span aria-hidden="true">{badge}</span>
                <span className="visually-hidden">{t('chat.widget.new', { count: badge, n: badge })}</span>
              </span>
            ) : null}
            <span className="chat-widget__chevron" aria-hidden="true">
              {expanded ? '▾' : '▴'}
            </span>
          </button>
        </h2>
        <div id={bodyId} className="chat-widget__body" hidden={!expanded} data-view={view.kind}>
          {expanded ? (
            <>
              {view.kind === 'list' || view.kind === 'empty' ? <ConnectionNotice locale={locale} state={snapshot.state} gaveUp={snapshot.gaveUp} onRetry={() => void client?.reconnect()} /> : null}
              <WidgetBody locale={locale} view={view} activeId={chatWindow.chatId} onOpen={open} onAccepted={accepted} onInvitesChanged={refreshInvites} />
            </>
          ) : null}
        </div>
      </section>
    </aside>
  );
}

function WidgetBody({
  locale,
  view,
  activeId,
  onOpen,
  onAccepted,
  onInvitesChanged,
}: {
  locale: Locale;
  view: ReturnType<typeof widgetView>;
  activeId: string | null;
  onOpen: (conversation: ConversationView) => void;
  onAccepted: (conversation: ConversationView) => void;
  onInvitesChanged: () => void;
}) {
  const t = createTranslator(locale);
  switch (view.kind) {
    case 'loader':
      return (
        <div className="chat-widget__state" role="status" data-testid="chat-widget-loader">
          <span className="chat-widget__spinner" aria-hidden="true" />
          {t('chat.widget.loading')}
        </div>
      );
    case 'noMessaging':
      return (
        <p className="chat-widget__state" data-testid="chat-widget-no-messaging">
          {t('chat.widget.noMessaging')}
        </p>
      );
    case 'maintenance':
      return (
        <div className="chat-widget__state" data-testid="chat-widget-maintenance">
          <h3>{t('chat.widget.maintenanceTitle')}</h3>
          <p>{t('chat.widget.maintenanceSubtitle')}</p>
        </div>
      );
    case 'ad':
      return (
        <div className="chat-widget__state chat-widget__ad" data-testid="chat-widget-ad">
          <h3>{t('chat.widget.adTitle')}</h3>
          <p>{t('chat.widget.adContent')}</p>
          <Link className="button button--primary button--small" href={paths.accountChat()}>
            {t('chat.widget.adLink')}
          </Link>
        </div>
      );
    case 'empty':
      return (
        <div className="chat-widget__state" data-testid="chat-widget-empty">
          <h3>{t('chat.widget.emptyTitle')}</h3>
          <p>{t('chat.widget.emptyContent')}</p>
          {view.findable ? null : <HiddenNote locale={locale} />}
        </div>
      );
    case 'list':
      return (
        <div className="chat-widget__lists">
          {view.findable ? null : <HiddenNote locale={locale} />}
          {view.invites.length ? <InviteList locale={locale} invites={view.invites} onAccepted={onAccepted} onChanged={onInvitesChanged} /> : null}
          {view.conversations.length ? (
            <section aria-labelledby="chat-widget-conversations">
              <h3 id="chat-widget-conversations" className="chat-widget__section">
                {t('chat.widget.conversations')}
              </h3>
              <ul className="chat-widget__list" data-testid="chat-conversations">
                {view.conversations.map((conversation) => (
                  <li key={conversation.id}>
                    <ConversationListItem
                      locale={locale}
                      title={conversation.employer.name}
                      subtitle={conversation.offerTitle}
                      avatarUrl={conversation.employer.avatarUrl}
                      lastMessage={conversation.lastMessage}
                      lastMessageAt={conversation.lastMessageAt}
                      unread={conversation.unread}
                      closed={conversation.status === 'closed'}
                      active={conversation.id === activeId}
                      onOpen={() => onOpen(conversation)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      );
  }
}

/** The candidate is not open to offers: employers cannot find them (the account page turns it on). */
function HiddenNote({ locale }: { locale: Locale }) {
  const t = createTranslator(locale);
  return (
    <p className="chat-widget__note">
      {t('chat.widget.hidden')} <Link href={paths.accountChat()}>{t('chat.widget.showMe')}</Link>
    </p>
  );
}
