'use client';
/**
 * The alerts' success and error notices (spec §8: frequency changed, alert paused, alert enabled,
 * saved search deleted; the limit and generic errors): any component calls `notify(key)`, the one
 * `<AlertNotices>` of the layout shows it in the shared snackbar.
 */
import { useCallback, useEffect, useState } from 'react';
import type { MessageKey } from '@/i18n/translate';

export interface Notice {
  id: number;
  key: MessageKey;
  kind: 'info' | 'error';
}

const EVENT = 'wakat:alert-notice';
/**
 * How long a notice nobody heard waits for the snackbar. The snackbar sits in its own Suspense
 * boundary of the layout, which React may hydrate after the page's: a change made on a freshly
 * loaded page can notify before the snackbar listens, and it must still be shown.
 */
export const NOTICE_CARRY_MS = 4_000;
let sequence = 0;
let unheard: { notice: Notice; at: number } | null = null;

export function notify(key: MessageKey, kind: 'info' | 'error' = 'info'): void {
  if (typeof window === 'undefined') return;
  sequence += 1;
  const notice: Notice = { id: sequence, key, kind };
  unheard = { notice, at: Date.now() };
  window.dispatchEvent(new CustomEvent<Notice>(EVENT, { detail: notice }));
}

/** The notice sent in the last `NOTICE_CARRY_MS` that no snackbar has heard yet (taken once). */
export function takeUnheardNotice(now: number = Date.now()): Notice | null {
  const pending = unheard;
  unheard = null;
  return pending && now - pending.at <= NOTICE_CARRY_MS ? pending.notice : null;
}

/** The latest notice and a function to dismiss it. */
export function useNotices(): [Notice | null, () => void] {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const handler = (event: Event) => {
      unheard = null;
      setNotice((event as CustomEvent<Notice>).detail);
    };
    window.addEventListener(EVENT, handler);
    const missed = takeUnheardNotice();
    if (missed) setNotice(missed);
    return () => window.removeEventListener(EVENT, handler);
  }, []);
  return [notice, useCallback(() => setNotice(null), [])];
}
