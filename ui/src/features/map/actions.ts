'use server';
/** Stores the list/map choice in the `offers-list-layout` cookie: one month, httpOnly (read by the list page's server render). */
import { cookies } from 'next/headers';
import { LAYOUT_COOKIE, LAYOUT_COOKIE_MAX_AGE, MAP_HIDDEN_COOKIE, parseLayout } from './lib/layout';

export async function saveListLayout(value: string): Promise<void> {
  const layout = parseLayout(value);
  if (!layout) throw new Error(`unknown list layout '${value}'`);
  const store = await cookies();
  store.set(LAYOUT_COOKIE, layout, { path: '/', maxAge: LAYOUT_COOKIE_MAX_AGE, httpOnly: true, sameSite: 'lax' });
}

/** Remembers whether the visitor hid the wide screen's map column (flag `toggleableMap`): one month, httpOnly. */
export async function saveMapHidden(hidden: boolean): Promise<void> {
  const store = await cookies();
  if (hidden) store.set(MAP_HIDDEN_COOKIE, 'true', { path: '/', maxAge: LAYOUT_COOKIE_MAX_AGE, httpOnly: true, sameSite: 'lax' });
  else store.delete(MAP_HIDDEN_COOKIE);
}
