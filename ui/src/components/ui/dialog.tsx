'use client';
/**
 * An accessible modal dialog on the native `<dialog>` element (showModal makes the rest of the
 * page inert): labelled by its title, Escape and a backdrop click call `onClose`, Tab cycles
 * inside, focus goes back to the opener on close, the page does not scroll behind it. Below
 * 768 px it is a bottom drawer (`variant="drawer"` makes it one at every width).
 *
 *   <Dialog open={open} onClose={close} title="Filtry" footer={<button>…</button>}>…</Dialog>
 *
 * The content is only rendered while open. Opening/closing is the caller's state (the list page
 * ties it to the URL hash, see components/ui/hash-modal).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Sticky bottom area, e.g. the submit button. */
  footer?: ReactNode;
  /** Accessible name of the close button. */
  closeLabel?: string;
  /**
   * `modal` (default): centred, a bottom drawer on small screens; `drawer`: a bottom drawer
   * everywhere; `side`: a panel on the right from 768 px, a bottom drawer below.
   */
  variant?: 'modal' | 'drawer' | 'side';
  size?: 'small' | 'medium' | 'large';
  /** Element to focus first (else the first focusable element of the body). */
  initialFocus?: () => HTMLElement | null;
  testId?: string;
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ open, onClose, title, children, footer, closeLabel = 'Zamknij', variant = 'modal', size = 'medium', initialFocus, testId, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      document.documentElement.classList.add('dialog-open');
      const target = initialFocus?.() ?? dialog.querySelector<HTMLElement>(`.dialog__body ${FOCUSABLE}`) ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) {
      document.documentElement.classList.remove('dialog-open');
      const back = opener.current;
      opener.current = null;
      if (back && back.isConnected) back.focus();
    }
    // initialFocus is read on opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => () => document.documentElement.classList.remove('dialog-open'), []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant} dialog--${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Escape: let the owner close (it may need to update the URL first).
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab') return;
        const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null || item === document.activeElement);
        if (!items.length) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      {open ? (
        <div className="dialog__panel">
          <header className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="dialog__close" aria-label={closeLabel} onClick={() => onCloseRef.current()}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="dialog__body">{children}</div>
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}
