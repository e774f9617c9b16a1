'use client';
/**
 * The small yes/no dialog (delete a saved search or an offer, unsubscribe, finish an offer) and the
 * one-button message dialog, on the shared accessible `Dialog`. The buttons' test ids are
 * `{testId}-cancel` and `{testId}-confirm` (`{testId}-ok`) unless named.
 */
import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';

/** The small dialog both are: the title, the text and a row of buttons at the bottom. */
function SmallDialog({ open, title, closeLabel, onClose, testId, actions, children }: { open: boolean; title: string; closeLabel: string; onClose: () => void; testId: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} title={title} size="small" closeLabel={closeLabel} testId={testId} footer={<div className="alert-dialog__actions">{actions}</div>}>
      <div className="alert-dialog__text">{children}</div>
    </Dialog>
  );
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  busy,
  danger,
  onConfirm,
  onCancel,
  testId,
  confirmTestId = `${testId}-confirm`,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
  confirmTestId?: string;
}) {
  return (
    <SmallDialog
      open={open}
      title={title}
      closeLabel={closeLabel}
      onClose={onCancel}
      testId={testId}
      actions={
        <>
          <button type="button" className="button" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {cancelLabel}
          </button>
          <button type="button" className={`button button--primary${danger ? ' button--danger' : ''}`} onClick={onConfirm} disabled={busy} data-testid={confirmTestId}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </SmallDialog>
  );
}

/** A dialog with a message and one button (entry-point results). */
export function MessageDialog({ open, title, children, buttonLabel, closeLabel, onClose, testId, action }: { open: boolean; title: string; children: ReactNode; buttonLabel: string; closeLabel: string; onClose: () => void; testId: string; action?: ReactNode }) {
  return (
    <SmallDialog
      open={open}
      title={title}
      closeLabel={closeLabel}
      onClose={onClose}
      testId={testId}
      actions={
        <>
          {action}
          <button type="button" className="button button--primary" onClick={onClose} data-testid={`${testId}-ok`}>
            {buttonLabel}
          </button>
        </>
      }
    >
      {children}
    </SmallDialog>
  );
}
