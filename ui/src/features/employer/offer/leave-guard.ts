'use client';
/**
 * Leaving a form with unsaved changes asks first, whichever way the person leaves: a reload or a
 * closed tab (`beforeunload`, the browser's own question) and any in-app link — the panel's
 * navigation, the header, a link in the page — whose click is caught before Next.js's `<Link>`
 * sees it (a capture listener on the document), so the form can offer its own save-or-discard
 * dialog and then go where the person was going.
 */
import { useEffect, useRef } from 'react';

/** What a click needs for the decision (a DOM `MouseEvent` has all of it). */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/** The anchor as the decision sees it. */
export interface ClickedLink {
  href: string;
  target: string;
  download: boolean;
}

/**
 * The in-app path (`/path?query#hash`) a click on `link` would leave the page for, or null when
 * the click does not leave it here: another tab or window, a download, another origin, a link to
 * the same page (a hash on it included), or a click something else already handled.
 */
export function leavingPath(click: LinkClick, link: ClickedLink | null, current: URL): string | null {
  if (!link || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if ((link.target && link.target !== '_self') || link.download) return null;
  let next: URL;
  try {
    next = new URL(link.href, current);
  } catch {
    return null;
  }
  if (next.origin !== current.origin) return null;
  if (next.pathname === current.pathname && next.search === current.search) return null;
  return `${next.pathname}${next.search}${next.hash}`;
}

/**
 * While `active`, a reload asks the browser's question and a click on an in-app link calls
 * `onLeave(path)` instead of navigating.
 */
export function useLeaveGuard(active: boolean, onLeave: (path: string) => void): void {
  const onLeaveRef = useRef(onLeave);
  useEffect(() => {
    onLeaveRef.current = onLeave;
  }, [onLeave]);
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const intercept = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      const link = anchor instanceof HTMLAnchorElement ? { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') } : null;
      const path = leavingPath(event, link, new URL(window.location.href));
      if (path === null) return;
      event.preventDefault();
      event.stopPropagation();
      onLeaveRef.current(path);
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', intercept, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', intercept, true);
    };
  }, [active]);
}
