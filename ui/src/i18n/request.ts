/** The request's locale on the server: the `wakat-lang` cookie (set by `?lang=` through the proxy), else the board's default. */
import { cookies } from 'next/headers';
import { currentBoard } from '@/lib/board-server';
import { createTranslator, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from './translate';
import type { Locale } from '@/lib/types';

export async function getLocale(): Promise<Locale> {
  const store = await cookies();
  const value = store.get(LOCALE_COOKIE)?.value;
  if (isLocale(value)) return value;
  const board = await currentBoard().catch(() => null);
  return board?.defaultLocale ?? DEFAULT_LOCALE;
}

export async function getTranslator() {
  const locale = await getLocale();
  return { locale, t: createTranslator(locale) };
}
