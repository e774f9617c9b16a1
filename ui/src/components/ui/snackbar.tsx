'use client';
/**
 * A short message at the bottom of the screen ("application saved", "something went wrong"): a
 * polite live region that hides itself after a few seconds; the close button hides it at once.
 */
import { useEffect } from 'react';
import './forms.css';

export interface SnackbarMessage {
  id: number;
  text: string;
  kind?: 'info' | 'error';
}

export const SNACKBAR_MS = 6000;

export function Snackbar({ message, onClose, closeLabel }: { message: SnackbarMessage | null; onClose: () => void; closeLabel: string }) {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onClose, SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div className="snackbar-region" role="status" aria-live="polite">
      {message ? (
        <div className={`snackbar${message.kind === 'error' ? ' snackbar--error' : ''}`} data-testid="snackbar">
          <span>{message.text}</span>
          <button type="button" className="snackbar__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
