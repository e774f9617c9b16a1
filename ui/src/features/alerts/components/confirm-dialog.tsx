'use client';
/** A small yes/no dialog (delete a saved search, unsubscribe) on the shared accessible `Dialog`. */
import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';

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
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="small"
      closeLabel={closeLabel}
      testId={testId}
      footer={
        <div className="alert-dialog__actions">
          <button type="button" className="button" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {cancelLabel}
          </button>
          <button type="button" className={`button button--primary${danger ? ' button--danger' : ''}`} onClick={onConfirm} disabled={busy} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </button>
        </div>
      }
    >
      <div className="alert-dialog__text">{children}</div>
    </Dialog>
  );
}

/** A dialog with a message and one button (entry-point results). */
export function MessageDialog({ open, title, children, buttonLabel, closeLabel, onClose, testId, action }: { open: boolean; title: string; children: ReactNode; buttonLabel: string; closeLabel: string; onClose: () => void; testId: string; action?: ReactNode }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="small"
      closeLabel={closeLabel}
      testId={testId}
      footer={
        <div className="alert-dialog__actions">
          {action}
          <button type="button" className="button button--primary" onClick={onClose} data-testid={`${testId}-ok`}>
            {buttonLabel}
          </button>
        </div>
      }
    >
      <div className="alert-dialog__text">{children}</div>
    </Dialog>
  );
}
