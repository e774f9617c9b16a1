'use client';
/**
 * The message box: plain text up to 2,000 characters (counted as the server counts them, shown by
 * the counter), Enter sends, Shift+Enter breaks the line (and Enter while an input method is
 * composing a character does neither). Sending empties the box; the message then shows in the
 * thread as pending until the server has it.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createTranslator } from '@/i18n/translate';
import { MAX_MESSAGE_CHARS, messageLength } from '@/lib/chat/format';
import type { Locale } from '@/lib/types';
import './chat.css';

/** Enter sends; Shift+Enter breaks the line, and Enter while an input method composes does neither. */
export function isSendKey(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing;
}

export function Composer({ locale, onSend, disabled = false, disabledText }: { locale: Locale; onSend: (text: string) => void; disabled?: boolean; disabledText?: string }) {
  const t = createTranslator(locale);
  const id = useId();
  const [text, setText] = useState('');
  const length = messageLength(text);
  const over = length > MAX_MESSAGE_CHARS;
  const canSend = !disabled && length > 0 && !over;

  const send = () => {
    if (!canSend) return;
    onSend(text.replace(/\r\n?/g, '\n').trim());
    setText('');
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    send();
  };

  if (disabled && disabledText) {
    return (
      <p className="chat-composer__closed" role="status">
        {disabledText}
      </p>
    );
  }
  const counterClass = over ? 'counter counter--over' : length > MAX_MESSAGE_CHARS * 0.9 ? 'counter counter--warn' : 'counter';
  return (
    <form className="chat-composer" onSubmit={onSubmit} data-testid="chat-composer">
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('chat.composer.label')}
      </label>
      <textarea
        id={`${id}-text`}
        className="chat-composer__input"
        rows={2}
        value={text}
        placeholder={t('chat.composer.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={over || undefined}
        aria-describedby={`${id}-hint ${id}-count${over ? ` ${id}-error` : ''}`}
        disabled={disabled}
      />
      <div className="chat-composer__row">
        <span id={`${id}-count`} className={counterClass}>
          <span className="visually-hidden">{t('chat.composer.countLabel')} </span>
          {t('chat.composer.count', { n: length, max: MAX_MESSAGE_CHARS })}
        </span>
        <button type="submit" className="button button--primary button--small" disabled={!canSend}>
          {t('chat.composer.send')}
        </button>
      </div>
      <p id={`${id}-hint`} className="chat-composer__hint">
        {t('chat.composer.hint')}
      </p>
      {over ? (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {t('chat.composer.tooLong', { max: MAX_MESSAGE_CHARS })}
        </p>
      ) : null}
    </form>
  );
}
