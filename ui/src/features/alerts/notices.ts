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
let sequence = 0;

export function notify(key: MessageKey, kind: 'info' | 'error' = 'info'): void {
  if (typeof window === 'undefined') return;
  sequence += 1;
  window.dispatchEvent(new CustomEvent<Notice>(EVENT, { detail: { id: sequence, key, kind } }));
}

/** The latest notice and a function to dismiss it. */
export function useNotices(): [Notice | null, () => void] {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    const handler = (event: Event) => setNotice((event as CustomEvent<Notice>).detail);
    window.addEventListener(EVENT, handler);
    return () => window.removeEventListener(EVENT, handler);
  }, []);
  return [notice, useCallback(() => setNotice(null), [])];
}
