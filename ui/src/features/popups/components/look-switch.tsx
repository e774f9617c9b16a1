'use client';
import { useTransition } from 'react';
import { setPreferenceCookie } from '@/lib/cookie-actions';
import { HORIZONTAL_THEME_COOKIE } from '@/lib/preference-cookies';

/**
 * The way between the new look (horizontal layout) and the old one: the same `horizontalTheme`
 * cookie the popup sets (spec: the toggle uses it, 1 day), then a reload so the server renders the
 * chosen layout. On the new look it is a bar over every page; on the old one a link in the footer.
 */
export function LookSwitch({ to, label, note }: { to: 'always' | 'never'; label: string; note?: string }) {
  const [pending, startTransition] = useTransition();
  const button = (
    <button
      type="button"
      className={to === 'never' ? 'look-bar__button' : 'link-button'}
      disabled={pending}
      data-testid={to === 'never' ? 'old-look' : 'new-look'}
      onClick={() =>
        startTransition(async () => {
          await setPreferenceCookie(HORIZONTAL_THEME_COOKIE, to);
          window.location.reload();
        })
      }
    >
      {label}
    </button>
  );
  if (!note) return button;
  return (
    <div className="look-bar" role="region" aria-label={note} data-testid="look-bar">
      <span>{note}</span>
      {button}
    </div>
  );
}
