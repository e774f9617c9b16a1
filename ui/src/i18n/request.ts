/** The request's locale on the server: the `wakat-lang` cookie (set by `?lang=` through the proxy), else the board's default. */
import { cookies } from 'next/headers';
import { currentBoard } from '@/lib/board-server';
import { createTranslator, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from './translate';
import type { Board } from '@/lib/boards';
import type { Locale } from '@/lib/types';

export async function getLocale(): Promise<Locale> {
  const store = await cookies();
  const value = store.get(LOCALE_COOKIE)?.value;
  if (isLocale(value)) return value;
  const board = await currentBoard().catch(() => null);
  return board?.defaultLocale ?? DEFAULT_LOCALE;
}

/** The board's own wording of its texts in `locale` (message key → text). */
export function boardOverrides(board: Board | null, locale: Locale): Partial<Record<string, string>> {
  return Object.fromEntries(Object.entries(board?.texts ?? {}).flatMap(([key, byLang]) => (byLang[locale] ? [[key, byLang[locale]]] : [])));
}

/** The request's locale and translator, with the board's own wording of its texts. */
export async function getTranslator() {
  const [locale, board] = await Promise.all([getLocale(), currentBoard().catch(() => null)]);
  return { locale, t: createTranslator(locale, boardOverrides(board, locale)) };
}
