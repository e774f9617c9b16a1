'use client';
/**
 * Ties the list page's modals to the URL hash (see ../hash-modals.ts and
 * components/ui/hash-modal.ts): opening pushes a history entry with the hash, so Back closes the
 * modal; opening another while one is open switches in place; closing goes back when we pushed
 * the entry, else drops the hash in place (a page opened with `#location` closes without leaving it).
 */
import { createHashModal } from '@/components/ui/hash-modal';
import { hrefWithModal, modalFromHash, type ModalId } from '../hash-modals';

const listModals = createHashModal<ModalId>({ event: 'wakat:hash', read: modalFromHash, href: hrefWithModal, switchInPlace: true });

export const openModal = listModals.open;
export const closeModal = listModals.close;

/**
 * Drops the modal hash in place (no history move) before a navigation replaces or follows this
 * entry, so the modal closes and Back does not reopen it.
 */
export const clearModalHash = listModals.clear;

/** The modal the hash opens now, and functions to open and close one. */
export function useHashModal() {
  const { value, open, close } = listModals.useHashModal();
  return { modal: value, open, close };
}
