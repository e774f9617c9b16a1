'use client';
/**
 * The AI assistant of the offer form (spec `alerts-chat-terms.md` §2 "AI assistant chat", §4, §8,
 * §9): a popover opened from its anchor button, closed by Escape (focus back on the anchor), a
 * click outside or its close button. Focus goes to the input when it opens. The window is at most
 * 650 px high (a full-width sheet on a phone); the input grows up to 16 rows and is disabled while
 * an answer streams, a search runs or the limit is reached. Answers stream into the last assistant
 * message; each assistant message after the first gets the score control 1 s after it ends; a
 * proposal gets Apply and Decline once its message has ended. Connection states, the connection
 * problem with Try again, and the request limit without.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { Sparkles, ThumbsDown, ThumbsUp, X } from 'lucide-react';
import { isSendKey } from '@/components/chat/composer';
import { MessageText } from '@/components/chat/message-text';
import { createTranslator, type Translator } from '@/i18n/translate';
import type { Locale } from '@/lib/types';
import { canWrite, type AssistantClient, type AssistantSnapshot } from '../client';
import type { AssistantMessage, ProposedAd } from '../types';
import { useAssistant } from '../use-assistant';
import '../assistant.css';

/** The input grows up to this many rows, then scrolls (spec §9). */
export const MAX_INPUT_ROWS = 16;
/** The score control shows this long after a message ends (spec §9). */
export const SCORE_DELAY_MS = 1000;
/** The server's limit of one message. */
export const MAX_MESSAGE_CHARS = 4000;

export function AssistantPopover({ locale, jobAdId, onApply }: { locale: Locale; jobAdId: string; onApply: (ad: ProposedAd) => void }) {
  const t = createTranslator(locale);
  const { client, snapshot } = useAssistant(jobAdId, locale);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const id = useId();

  const close = useCallback((focusAnchor: boolean) => {
    setOpen(false);
    if (focusAnchor) anchor.current?.focus();
  }, []);

  // The chat starts when opened.
  useEffect(() => {
    if (open) void client?.open();
  }, [open, client]);

  // Escape and a click outside close it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || anchor.current?.contains(target)) return;
      close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div className="assistant">
      <button
        ref={anchor}
        type="button"
        className="button button--small assistant__anchor"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-haspopup="dialog"
        onClick={() => (open ? close(false) : setOpen(true))}
        data-testid="assistant-anchor"
      >
        <Sparkles size={16} aria-hidden="true" /> {t('employer.assistant.open')}
      </button>
      {open && client ? (
        <section ref={panel} id={`${id}-panel`} className="assistant-popover" role="dialog" aria-modal="false" aria-labelledby={`${id}-title`} tabIndex={-1} data-testid="assistant-popover" data-connection={snapshot.connection}>
          <header className="assistant-popover__head">
            <div>
              <h2 id={`${id}-title`}>{t('employer.assistant.title')}</h2>
              <ConnectionLine t={t} snapshot={snapshot} />
            </div>
            <button type="button" className="assistant-popover__close" aria-label={t('employer.assistant.close')} onClick={() => close(true)} data-testid="assistant-close">
              <X size={20} aria-hidden="true" />
            </button>
          </header>
          <Conversation t={t} client={client} snapshot={snapshot} onApply={(ad) => {
            client.clearProposal();
            onApply(ad);
            close(true);
          }} />
          <Problem t={t} client={client} snapshot={snapshot} />
          <Composer t={t} client={client} snapshot={snapshot} />
        </section>
      ) : null}
    </div>
  );
}

function ConnectionLine({ t, snapshot }: { t: Translator; snapshot: AssistantSnapshot }) {
  return (
    <p className={`assistant-popover__state assistant-popover__state--${snapshot.connection}`} data-testid="assistant-connection">
      <span className="assistant-popover__dot" aria-hidden="true" />
      {t(`employer.assistant.connection.${snapshot.connection}`)}
    </p>
  );
}

/** The messages, newest last and kept in view while they stream; the activity line; the proposal. */
function Conversation({ t, client, snapshot, onApply }: { t: Translator; client: AssistantClient; snapshot: AssistantSnapshot; onApply: (ad: ProposedAd) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useStickToBottom(list, content);
  const streamingId = snapshot.streaming ? [...snapshot.messages].reverse().find((message) => !message.isUser)?.id : undefined;
  const activity = snapshot.searching ? 'searching' : snapshot.proposing ? 'proposing' : snapshot.streaming ? 'writing' : null;
  return (
    // Focusable, so the keyboard can scroll a long conversation (axe: scrollable-region-focusable).
    <div ref={list} className="assistant-popover__messages" tabIndex={0} role="region" aria-label={t('employer.assistant.thread')} data-testid="assistant-messages">
      <div ref={content}>
        {snapshot.messages.length === 0 && snapshot.connection === 'connected' && snapshot.ready ? <p className="muted">{t('employer.assistant.empty')}</p> : null}
        <ol className="assistant-thread">
          {snapshot.messages.map((message) => (
            <Message key={message.id} t={t} message={message} streaming={message.id === streamingId} onScore={(score) => void client.score(message.id, score)} />
          ))}
        </ol>
        <p className="assistant-popover__activity" role="status" data-testid="assistant-activity">
          {activity ? t(`employer.assistant.activity.${activity}`) : ''}
        </p>
        {snapshot.proposal?.ready ? (
          <div className="assistant-proposal" data-testid="assistant-proposal">
            <p>
              <strong>{t('employer.assistant.proposal.title')}</strong>
              {snapshot.proposal.ad.title ? ` ${snapshot.proposal.ad.title}` : ''}
            </p>
            <p className="muted">{t('employer.assistant.proposal.hint')}</p>
            <div className="assistant-proposal__actions">
              <button type="button" className="button button--primary button--small" onClick={() => onApply(snapshot.proposal!.ad)} data-testid="assistant-apply">
                {t('employer.assistant.proposal.apply')}
              </button>
              <button type="button" className="button button--small" onClick={() => client.clearProposal()} data-testid="assistant-decline">
                {t('employer.assistant.proposal.decline')}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Keeps a scrolled list at its end while its content grows (parts streaming in, a score control
 * or the proposal appearing), unless the employer has scrolled up to read.
 */
function useStickToBottom(list: RefObject<HTMLDivElement | null>, content: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = list.current;
    const inner = content.current;
    if (!element || !inner) return;
    // Whether it was at its end is read against the height before this growth: growing below
    // does not move `scrollTop`, only the employer scrolling does.
    let height = element.scrollHeight;
    const observer = new ResizeObserver(() => {
      if (height - element.scrollTop - element.clientHeight < 32) element.scrollTop = element.scrollHeight;
      height = element.scrollHeight;
    });
    observer.observe(inner);
    element.scrollTop = element.scrollHeight;
    return () => observer.disconnect();
  }, [list, content]);
}

function Message({ t, message, streaming, onScore }: { t: Translator; message: AssistantMessage; streaming: boolean; onScore: (score: 1 | -1) => void }) {
  return (
    <li className={`assistant-message assistant-message--${message.isUser ? 'user' : 'bot'}`} data-testid={message.isUser ? 'assistant-user-message' : 'assistant-bot-message'} aria-busy={streaming || undefined}>
      <span className="visually-hidden">{t(message.isUser ? 'employer.assistant.you' : 'employer.assistant.bot')}: </span>
      <div className="assistant-message__text">
        <MessageText text={message.content} />
      </div>
      {!message.isUser && (message.scorable || message.score !== null) && !streaming ? <ScoreControl t={t} score={message.score} onScore={onScore} /> : null}
    </li>
  );
}

/** Up or down, once; shown 1 s after the message ends. */
function ScoreControl({ t, score, onScore }: { t: Translator; score: 1 | -1 | null; onScore: (score: 1 | -1) => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), SCORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!shown) return null;
  const scored = score !== null;
  return (
    <div className="assistant-score" role="group" aria-label={t('employer.assistant.score.label')} data-testid="assistant-score">
      {([1, -1] as const).map((value) => (
        <button
          key={value}
          type="button"
          className="assistant-score__button"
          aria-label={t(value === 1 ? 'employer.assistant.score.up' : 'employer.assistant.score.down')}
          aria-pressed={score === value}
          disabled={scored}
          onClick={() => onScore(value)}
          data-testid={value === 1 ? 'assistant-score-up' : 'assistant-score-down'}
        >
          {value === 1 ? <ThumbsUp size={16} aria-hidden="true" /> : <ThumbsDown size={16} aria-hidden="true" />}
        </button>
      ))}
      {scored ? <span className="muted">{t('employer.assistant.score.thanks')}</span> : null}
    </div>
  );
}

function Problem({ t, client, snapshot }: { t: Translator; client: AssistantClient; snapshot: AssistantSnapshot }) {
  if (snapshot.problem === null) return null;
  if (snapshot.problem === 'rateLimit') {
    const seconds = snapshot.retryAt === null ? null : Math.max(1, Math.ceil((snapshot.retryAt - Date.now()) / 1000));
    return (
      <div className="assistant-problem" role="alert" data-testid="assistant-rate-limit">
        <p>{t('employer.assistant.rateLimit')}</p>
        <p className="muted">{seconds === null ? t('employer.assistant.rateLimitLater') : t('employer.assistant.rateLimitAfter', { minutes: Math.ceil(seconds / 60) })}</p>
      </div>
    );
  }
  if (snapshot.problem === 'unavailable') {
    return (
      <div className="assistant-problem" role="alert" data-testid="assistant-unavailable">
        <p>{t('employer.assistant.unavailable')}</p>
      </div>
    );
  }
  return (
    <div className="assistant-problem" role="alert" data-testid="assistant-connection-error">
      <p>{t('employer.assistant.connectionError')}</p>
      <button type="button" className="button button--small" onClick={() => void client.retry()} data-testid="assistant-retry">
        {t('employer.assistant.retry')}
      </button>
    </div>
  );
}

/** Grows the textarea with its text up to `maxRows` rows (then it scrolls). */
function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxRows: number) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    // Empty, one row (a placeholder's wrapping would count in its scroll height).
    element.style.height = 'auto';
    const content = value === '' ? line + chrome : element.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    element.style.height = `${Math.min(content, line * maxRows + chrome)}px`;
  }, [ref, value, maxRows]);
}

function Composer({ t, client, snapshot }: { t: Translator; client: AssistantClient; snapshot: AssistantSnapshot }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const writable = canWrite(snapshot);
  useAutoGrow(input, text, MAX_INPUT_ROWS);
  // Focus into the popover when it opens: the input, or the window while the input waits for the
  // connection; the input again once it takes text, unless the employer has moved elsewhere in it.
  useEffect(() => {
    const dialog = input.current?.closest<HTMLElement>('[role="dialog"]');
    if (input.current?.disabled) dialog?.focus();
    else input.current?.focus();
  }, []);
  useEffect(() => {
    const dialog = input.current?.closest('[role="dialog"]');
    const active = document.activeElement;
    if (writable && (active === null || active === document.body || active === dialog)) input.current?.focus();
  }, [writable]);

  const trimmed = text.trim();
  const tooLong = [...trimmed].length > MAX_MESSAGE_CHARS;
  const send = async () => {
    if (!writable || !trimmed || tooLong) return;
    setText('');
    // Not sent: the text comes back for another try.
    if (!(await client.send(trimmed))) setText((current) => current || trimmed);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    void send();
  };
  return (
    <form className="assistant-composer" onSubmit={onSubmit} data-testid="assistant-composer">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('employer.assistant.inputLabel')}
      </label>
      <textarea
        ref={input}
        id={`${id}-input`}
        className="assistant-composer__input"
        rows={1}
        value={text}
        placeholder={t('employer.assistant.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={!writable}
        aria-describedby={`${id}-hint`}
        aria-invalid={tooLong || undefined}
        data-testid="assistant-input"
      />
      <button type="submit" className="button button--primary button--small" disabled={!writable || !trimmed || tooLong} data-testid="assistant-send">
        {t('employer.assistant.send')}
      </button>
      <p id={`${id}-hint`} className="assistant-composer__hint">
        {tooLong ? t('employer.assistant.tooLong', { max: MAX_MESSAGE_CHARS }) : t('employer.assistant.hint')}
      </p>
    </form>
  );
}
