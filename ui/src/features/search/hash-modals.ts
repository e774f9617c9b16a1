/**
 * The list page's modals and drawers open through the URL hash, so Back closes them and a link
 * can open one: `#more-filters`, `#location`, `#categories` (mobile drawer) and `#search`
 * (mobile search drawer).
 */

export type ModalId = 'more-filters' | 'location' | 'categories' | 'search';
export const MODAL_IDS: ModalId[] = ['more-filters', 'location', 'categories', 'search'];

/** The modal a hash (`#location`, `location`) opens, or null. */
export function modalFromHash(hash: string | null | undefined): ModalId | null {
  const name = (hash ?? '').replace(/^#/, '').trim().toLowerCase();
  return (MODAL_IDS as string[]).includes(name) ? (name as ModalId) : null;
}

/** The hash (with `#`) that opens a modal. */
export function hashForModal(id: ModalId): string {
  return `#${id}`;
}

/** The same address with the hash of `id` (or without any hash for null). */
export function hrefWithModal(href: string, id: ModalId | null): string {
  const base = href.split('#')[0];
  return id ? `${base}${hashForModal(id)}` : base;
}
