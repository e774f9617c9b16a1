'use client';
/**
 * Ties the list page's modals to the URL hash (see ../hash-modals.ts): opening pushes a history
 * entry with the hash, so Back closes the modal; closing goes back when we pushed the entry,
 * else drops the hash in place (a page opened with `#location` closes without leaving it).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { hrefWithModal, modalFromHash, type ModalId } from '../hash-modals';

const EVENT = 'wakat:hash';
let pushedByUs = false;

function subscribe(onChange: () => void) {
  const handler = () => {
    if (!modalFromHash(window.location.hash)) pushedByUs = false;
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

const snapshot = () => modalFromHash(window.location.hash);
const serverSnapshot = () => null;

export function openModal(id: ModalId) {
  const href = hrefWithModal(window.location.pathname + window.location.search, id);
  if (modalFromHash(window.location.hash)) window.history.replaceState({}, '', href);
  else {
    window.history.pushState({}, '', href);
    pushedByUs = true;
  }
  window.dispatchEvent(new Event(EVENT));
}

export function closeModal() {
  if (!modalFromHash(window.location.hash)) return;
  if (pushedByUs) {
    pushedByUs = false;
    window.history.back();
  } else {
    window.history.replaceState({}, '', hrefWithModal(window.location.pathname + window.location.search, null));
    window.dispatchEvent(new Event(EVENT));
  }
}

/**
 * Drops the modal hash in place (no history move) before a navigation replaces or follows this
 * entry, so the modal closes and Back does not reopen it.
 */
export function clearModalHash() {
  pushedByUs = false;
  if (typeof window === 'undefined' || !modalFromHash(window.location.hash)) return;
  window.history.replaceState({}, '', hrefWithModal(window.location.pathname + window.location.search, null));
  window.dispatchEvent(new Event(EVENT));
}

/** The modal the hash opens now, and functions to open and close one. */
export function useHashModal() {
  const modal = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { modal, open: useCallback(openModal, []), close: useCallback(closeModal, []) };
}
