/** Times of the chat (Unix seconds) in the reader's own time zone. Pure: unit-tested. */
import type { Locale } from '@/lib/types';

const tag = (locale: Locale) => (locale === 'pl' ? 'pl-PL' : 'en-GB');

/** "14:05" today, "12 lis, 14:05" this year, "12.11.2025, 14:05" before. */
export function formatChatTime(seconds: number, locale: Locale, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(seconds * 1000);
  const parts = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag(locale), { ...options, timeZone }).format(date);
  const day = (value: Date) => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(value);
  const time = parts({ hour: '2-digit', minute: '2-digit' });
  if (day(date) === day(now)) return time;
  const sameYear = day(date).slice(0, 4) === day(now).slice(0, 4);
  return `${parts(sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'numeric', year: 'numeric' })}, ${time}`;
}

/** Counts a text as the server does: line ends made `\n`, trimmed, in characters (not UTF-16 units). */
export function messageLength(text: string): number {
  return [...text.replace(/\r\n?/g, '\n').trim()].length;
}

/** The server's limit of a message (wakat-chat `MAX_MESSAGE_CHARS`). */
export const MAX_MESSAGE_CHARS = 2000;
