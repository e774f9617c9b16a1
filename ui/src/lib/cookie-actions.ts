'use server';
/** The two server actions that set and delete a preference cookie (theme, popups). */
import { cookies } from 'next/headers';
import { isPreferenceCookie, isPreferenceValue, PREFERENCE_COOKIES } from './preference-cookies';

export async function setPreferenceCookie(name: string, value: string): Promise<void> {
  if (!isPreferenceCookie(name) || !isPreferenceValue(value)) throw new Error(`cookie '${name}' cannot be set`);
  const store = await cookies();
  store.set(name, value, { path: '/', maxAge: PREFERENCE_COOKIES[name], sameSite: 'lax' });
}

export async function deletePreferenceCookie(name: string): Promise<void> {
  if (!isPreferenceCookie(name)) throw new Error(`cookie '${name}' cannot be deleted`);
  const store = await cookies();
  store.delete(name);
}
