/**
 * Labelled form controls with their error and hint wired for assistive technology
 * (`aria-invalid`, `aria-describedby`). React 19 passes `ref` as a prop, so react-hook-form's
 * `register()` spreads straight onto them. `FieldChrome` is the one label/hint/error wrapper:
 * controls not listed here (file inputs, comboboxes) put it around themselves.
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import './forms.css';

export interface FieldChromeProps {
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

/** A field's label (with `*` when required), optional aside, the control (`children`), hint and error. */
export function FieldChrome({ id, label, error, hint, aside, required, className, children }: FieldChromeProps & { children: ReactNode }) {
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

export function TextField({ id, label, error, hint, aside, required, className, ref, ...input }: FieldChromeProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldChrome id={id} label={label} error={error} hint={hint} aside={aside} required={required} className={className}>
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy(id, error, hint, aside)} {...input} />
    </FieldChrome>
  );
}

export function TextArea({ id, label, error, hint, aside, required, className, ref, ...textarea }: FieldChromeProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldChrome id={id} label={label} error={error} hint={hint} aside={aside} required={required} className={className}>
      <textarea id={id} ref={ref} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy(id, error, hint, aside)} {...textarea} />
    </FieldChrome>
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

/** The form-level error (`form-error`) when there is one: a refused login, a failed save. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <FormMessage kind="error" testId="form-error">
      {message}
    </FormMessage>
  ) : null;
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

export interface Option {
  value: string;
  label: string;
}

/** A select with its options (and an empty first one when `placeholder` is given). */
export function SelectField({
  id,
  label,
  error,
  options,
  placeholder,
  required,
  hint,
  ref,
  ...select
}: { id: string; label: ReactNode; error?: string | null; options: readonly Option[]; placeholder?: string; required?: boolean; hint?: ReactNode; ref?: Ref<HTMLSelectElement> } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldChrome id={id} label={label} error={error} hint={hint} required={required}>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldChrome>
  );
}

/** Radio buttons in a fieldset (the legend names the group). */
export function RadioGroup({
  name,
  legend,
  options,
  error,
  required,
  register,
  testId,
}: {
  name: string;
  legend: ReactNode;
  options: readonly Option[];
  error?: string | null;
  required?: boolean;
  register: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  testId?: string;
}) {
  return (
    <fieldset className={`form-field radio-group${error ? ' form-field--invalid' : ''}`} aria-describedby={error ? `${name}-error` : undefined} data-testid={testId}>
      <legend>
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      <div className="checkbox-row">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input type="radio" value={option.value} {...register} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={name} error={error} />
    </fieldset>
  );
}
