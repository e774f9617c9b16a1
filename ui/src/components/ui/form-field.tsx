/**
 * Labelled form controls with their error and hint wired for assistive technology
 * (`aria-invalid`, `aria-describedby`). React 19 passes `ref` as a prop, so react-hook-form's
 * `register()` spreads straight onto them.
 */
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import './forms.css';

interface FieldChrome {
  id: string;
  label: ReactNode;
  /** Already translated. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown after the label, e.g. a counter. */
  aside?: ReactNode;
  required?: boolean;
  className?: string;
}

function describedBy(id: string, error?: string | null, hint?: ReactNode, aside?: ReactNode): string | undefined {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, aside ? `${id}-aside` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Chrome({ id, label, error, hint, aside, required, className, children }: FieldChrome & { children: ReactNode }) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="form-field__top">
        <label htmlFor={id}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {aside ? (
          <span id={`${id}-aside`} className="form-field__aside">
            {aside}
          </span>
        ) : null}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={id} error={error} />
    </div>
  );
}

/** A field's error under it (`{id}-error`, which the control names in `aria-describedby`). */
export function FieldErrorText({ id, error }: { id: string; error?: ReactNode }) {
  return error ? (
    <p id={`${id}-error`} className="form-field__error" data-testid={`${id}-error`}>
      {error}
    </p>
  ) : null;
}

export function TextField({ id, label, error, hint, aside, required, className, ref, ...input }: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Chrome id={id} label={label} error={error} hint={hint} aside={aside} required={required} className={className}>
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy(id, error, hint, aside)} {...input} />
    </Chrome>
  );
}

export function TextArea({ id, label, error, hint, aside, required, className, ref, ...textarea }: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Chrome id={id} label={label} error={error} hint={hint} aside={aside} required={required} className={className}>
      <textarea id={id} ref={ref} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy(id, error, hint, aside)} {...textarea} />
    </Chrome>
  );
}

/** A message about the whole form (a refused login, a failed save). */
export function FormMessage({ kind, children, testId }: { kind: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  return (
    <p className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </p>
  );
}

/** A checkbox with its label, wired like the other fields (error in `aria-describedby`). */
export function CheckboxField({ id, label, error, ref, ...input }: { id: string; label: ReactNode; error?: string | null; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="checkbox" htmlFor={id}>
        <input id={id} type="checkbox" ref={ref} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        <span>{label}</span>
      </label>
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
