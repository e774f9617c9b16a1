/**
 * Form controls of the employer forms not in `components/ui/form-field` (select, radio group; the
 * checkbox moved there and is re-exported), wired the same way: a label, the error in `aria-describedby`, `aria-invalid`.
 */
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';

import { FieldErrorText } from '@/components/ui/form-field';

export { CheckboxField } from '@/components/ui/form-field';

export interface Option {
  value: string;
  label: string;
}

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
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <div className="form-field__top">
        <label htmlFor={id}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
      </div>
      <select id={id} ref={ref} aria-invalid={error ? true : undefined} aria-required={required || undefined} aria-describedby={described} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={id} error={error} />
    </div>
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
