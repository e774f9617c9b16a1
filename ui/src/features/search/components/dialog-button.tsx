'use client';
import type { ReactNode } from 'react';
import { useHashModal } from '../hooks/use-hash-modal';

/** A button that opens a dialog (it changes the hash, so Back closes what it opens). */
export function DialogButton({ modal, children, className, testId, label }: { modal: 'more-filters' | 'location' | 'categories' | 'search'; children: ReactNode; className?: string; testId?: string; label?: string }) {
  const { open } = useHashModal();
  return (
    <button type="button" aria-haspopup="dialog" aria-label={label} className={className ?? 'filter-button'} data-testid={testId} data-modal={modal} onClick={() => open(modal)}>
      {children}
    </button>
  );
}
