'use client';
/**
 * `#add-alert` opens the register-alert dialog (spec §2). Opening pushes the hash (Back closes the
 * dialog); closing goes back when we pushed it, else drops the hash in place.
 */
import { useCallback, useSyncExternalStore } from 'react';

export const ADD_ALERT_HASH = '#add-alert';
const EVENT = 'wakat:add-alert';
let pushedByUs = false;

export const isAddAlertHash = (hash: string | null | undefined) => (hash ?? '').trim().toLowerCase() === ADD_ALERT_HASH;

function subscribe(onChange: () => void) {
  const handler = () => {
    if (!isAddAlertHash(window.location.hash)) pushedByUs = false;
    onChange();
  };
  window.addEventListener('popstate', handler);
  window.addEventListener('hashchange', handler);
  window.addEventListener(EVENT, handler);
  return () => {
    window.removeEventListener('popstate', handler);
    window.removeEventListener('hashchange', handler);
    window.removeEventListener(EVENT, handler);
  };
}

const here = () => window.location.pathname + window.location.search;

export function openAddAlert() {
  if (isAddAlertHash(window.location.hash)) return;
  window.history.pushState({}, '', `${here()}${ADD_ALERT_HASH}`);
  pushedByUs = true;
  window.dispatchEvent(new Event(EVENT));
}

export function closeAddAlert() {
  if (!isAddAlertHash(window.location.hash)) return;
  if (pushedByUs) {
    pushedByUs = false;
    window.history.back();
  } else {
    window.history.replaceState({}, '', here());
    window.dispatchEvent(new Event(EVENT));
  }
}

export function useAddAlertHash() {
  const open = useSyncExternalStore(subscribe, () => isAddAlertHash(window.location.hash), () => false);
  return { open, show: useCallback(openAddAlert, []), close: useCallback(closeAddAlert, []) };
}
