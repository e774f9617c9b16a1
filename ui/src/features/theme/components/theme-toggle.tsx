'use client';
import { useState, useTransition } from 'react';
import { deletePreferenceCookie, setPreferenceCookie } from '@/lib/cookie-actions';
import { THEME_COOKIE } from '@/lib/preference-cookies';
import type { Theme } from '../theme';

/**
 * Switches light and dark. The page changes at once (`data-theme` on <html>); the cookie, written
 * by a server action, makes the next server render dark too. Light is the default, so choosing it
 * deletes the cookie.
 */
export function ThemeToggle({ initial, label }: { initial: Theme; label: string }) {
  const [theme, setTheme] = useState<Theme>(initial);
  const [, startTransition] = useTransition();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-pressed={dark}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      onClick={() => {
        const next: Theme = dark ? 'light' : 'dark';
        setTheme(next);
        document.documentElement.dataset.theme = next;
        startTransition(async () => {
          if (next === 'dark') await setPreferenceCookie(THEME_COOKIE, 'dark');
          else await deletePreferenceCookie(THEME_COOKIE);
        });
      }}
    >
      <span aria-hidden="true">{dark ? '☀' : '☾'}</span>
    </button>
  );
}
