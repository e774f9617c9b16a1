'use client';
/**
 * A modal tied to the URL hash, so a link can open it and Back closes it: opening pushes a history
 * entry with the hash; closing goes back when we pushed that entry, else drops the hash in place
 * (a page opened with the hash closes it without leaving the page). One store per kind of modal:
 *
 *   const listModals = createHashModal({ event: 'wakat:hash', read: modalFromHash, href: hrefWithModal });
 *   const { value, open, close } = listModals.useHashModal();
 *
 * `read` turns a hash into the open modal (null: none); `href` gives the address with a modal's
 * hash (null: without). Used by the list page's modals (features/search) and the register-alert
 * dialog (features/alerts).
 */
import { useCallback, useSyncExternalStore } from 'react';

export interface HashModalOptions<T extends string> {
  /** The window event that tells subscribers the hash changed without a popstate/hashchange. */
  event: string;
  /** The modal a hash opens, or null. */
  read: (hash: string) => T | null;
  /** `base` (path and query) with the hash of `value`, or without a hash for null. */
  href: (base: string, value: T | null) => string;
  /**
   * When a modal is already open: true switches to the asked one in place (no new history
   * entry), false leaves the open one as it is.
   */
  switchInPlace?: boolean;
}

export interface HashModal<T extends string> {
  open: (value: T) => void;
  close: () => void;
  /**
   * Drops the hash in place (no history move) before a navigation replaces or follows this
   * entry, so the modal closes and Back does not reopen it.
   */
  clear: () => void;
  /** The modal the hash opens now (null: none), and functions to open and close one. */
  useHashModal: () => { value: T | null; open: (value: T) => void; close: () => void };
}

export function createHashModal<T extends string>({ event, read, href, switchInPlace = false }: HashModalOptions<T>): HashModal<T> {
  let pushedByUs = false;
  const current = () => read(window.location.hash);
  const here = () => window.location.pathname + window.location.search;
  const notify = () => window.dispatchEvent(new Event(event));

  function subscribe(onChange: () => void) {
    const handler = () => {
      if (!current()) pushedByUs = false;
      onChange();
    };
    window.addEventListener('popstate', handler);
    window.addEventListener('hashchange', handler);
    window.addEventListener(event, handler);
    return () => {
      window.removeEventListener('popstate', handler);
      window.removeEventListener('hashchange', handler);
      window.removeEventListener(event, handler);
    };
  }

  function open(value: T) {
    const target = href(here(), value);
    if (current()) {
      if (!switchInPlace) return;
      window.history.replaceState({}, '', target);
    } else {
      window.history.pushState({}, '', target);
      pushedByUs = true;
    }
    notify();
  }

  function close() {
    if (!current()) return;
    if (pushedByUs) {
      pushedByUs = false;
      window.history.back();
    } else {
      window.history.replaceState({}, '', href(here(), null));
      notify();
    }
  }

  function clear() {
    pushedByUs = false;
    if (typeof window === 'undefined' || !current()) return;
    window.history.replaceState({}, '', href(here(), null));
    notify();
  }

  const serverSnapshot = () => null;

  function useHashModal() {
    const value = useSyncExternalStore(subscribe, current, serverSnapshot);
    return { value, open: useCallback(open, []), close: useCallback(close, []) };
  }

  return { open, close, clear, useHashModal };
}
