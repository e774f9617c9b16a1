'use client';
import { useEffect, useState, useTransition } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { setPreferenceCookie } from '@/lib/cookie-actions';
import { HORIZONTAL_POPUP_COOKIE, HORIZONTAL_THEME_COOKIE } from '@/lib/preference-cookies';
import { HORIZONTAL_SEEN_KEY, horizontalViews, shouldShowHorizontalPopup } from '../rules';

export interface HorizontalTexts {
  title: string;
  body: string;
  accept: string;
  later: string;
  imageAlt: string;
  close: string;
}

function seenThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(HORIZONTAL_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/** A drawing of the horizontal layout: filters on top, list and map below. */
function LayoutPicture({ label }: { label: string }) {
  return (
    <svg className="popup__image" viewBox="0 0 320 160" role="img" aria-label={label}>
      <rect width="320" height="160" rx="12" fill="var(--surface)" />
      <rect x="16" y="14" width="288" height="26" rx="8" fill="var(--primary)" opacity="0.85" />
      {[24, 84, 144].map((x, index) => (
        <rect key={x} x={x} y="22" width="52" height="10" rx="5" fill="#fff" opacity={1 - index * 0.2} />
      ))}
      {[52, 86, 120].map((y) => (
        <g key={y}>
          <rect x="16" y={y} width="180" height="26" rx="6" fill="var(--card)" stroke="var(--border)" />
          <rect x="26" y={y + 8} width="90" height="10" rx="5" fill="var(--muted)" opacity="0.5" />
        </g>
      ))}
      <rect x="206" y="52" width="98" height="94" rx="8" fill="var(--secondary)" opacity="0.25" />
      <circle cx="240" cy="90" r="7" fill="var(--primary)" />
      <circle cx="272" cy="118" r="5" fill="var(--primary)" />
    </svg>
  );
}

/**
 * 'Try the new look' for the horizontal list layout: a modal dialog shown at most 3 times and once
 * per browser session (the server renders it only below 3 views and without `horizontalTheme`).
 * Accepting sets `horizontalTheme=always` for a day and reloads the page.
 */
export function HorizontalPopup({ counterCookie, texts }: { counterCookie: string | undefined; texts: HorizontalTexts }) {
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!shouldShowHorizontalPopup({ flag: true, counterCookie, themeCookie: undefined, seenThisSession: seenThisSession() })) return;
    try {
      window.sessionStorage.setItem(HORIZONTAL_SEEN_KEY, '1');
    } catch {
      // Private mode: the counter cookie still limits the popup.
    }
    setOpen(true);
    void setPreferenceCookie(HORIZONTAL_POPUP_COOKIE, String(horizontalViews(counterCookie) + 1));
    // Decided once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      title={texts.title}
      closeLabel={texts.close}
      size="small"
      testId="horizontal-popup"
      footer={
        <>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {texts.later}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={pending}
            data-testid="horizontal-accept"
            onClick={() =>
              startTransition(async () => {
                await setPreferenceCookie(HORIZONTAL_THEME_COOKIE, 'always');
                window.location.reload();
              })
            }
          >
            {texts.accept}
          </button>
        </>
      }
    >
      <LayoutPicture label={texts.imageAlt} />
      <p>{texts.body}</p>
    </Dialog>
  );
}
