/** The request's locale on the server: the `wakat-lang` cookie (set by `?lang=` through the proxy), else the board default. */
import { cookies } from 'next/headers';
import { createTranslator, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from './translate';
import type { Locale } from '@/lib/types';

export async function getLocale(): Promise<Locale> {
  const store = await cookies();
  const value = store.get(LOCALE_COOKIE)?.value;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export async function getTranslator() {
  const locale = await getLocale();
  return { locale, t: createTranslator(locale) };
}
