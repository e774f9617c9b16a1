'use client';
/**
 * The salary filter: a slider with two thumbs (one with `onlyMinimumSalaryFilter`) and the same values
 * as text fields. Rules in `../salary.ts`: bounds from the board, values snap down to the step, the
 * minimum first, a space between thousands. Both are native controls (`input type=range`, text
 * inputs): arrows, Page Up/Down, Home and End move a thumb; each control has its own label.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Translator } from '@/i18n/translate';
import { formatSalaryText, normaliseSalary, parseSalaryText, type SalaryBounds } from '../salary';

export interface SalaryRangeProps {
  bounds: SalaryBounds;
  mode: 'range' | 'minimum';
  /** Null: no bound (the slider's end). */
  min: number | null;
  max: number | null;
  onChange: (min: number | null, max: number | null) => void;
  /** "PLN / mies." after the values. */
  unit: string;
  t: Translator;
}

export function SalaryRange({ bounds, mode, min, max, onChange, unit, t }: SalaryRangeProps) {
  const minimumOnly = mode === 'minimum';
  const [text, setText] = useState<[string, string]>([formatSalaryText(min), formatSalaryText(max)]);
  useEffect(() => setText([formatSalaryText(min), formatSalaryText(max)]), [min, max]);
  const low = min ?? bounds.min;
  const high = minimumOnly ? bounds.max : (max ?? bounds.max);
  const span = bounds.max - bounds.min || 1;
  const percent = (value: number) => ((value - bounds.min) / span) * 100;

  const commit = (nextMin: number | null, nextMax: number | null) => {
    const [a, b] = normaliseSalary(nextMin, nextMax, bounds, minimumOnly);
    onChange(a, b);
    // Show the snapped values even when they equal the current ones.
    setText([formatSalaryText(a), formatSalaryText(b)]);
  };
  const commitText = () => commit(parseSalaryText(text[0]), parseSalaryText(text[1]));
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitText();
    }
  };
  const valueText = (value: number | null, end: 'min' | 'max') =>
    value === null ? (end === 'min' ? t('search.salaryNoMin') : t('search.salaryNoMax')) : `${formatSalaryText(value)} ${unit}`;

  return (
    <div className="salary-range" data-mode={mode}>
      <div className="salary-range__slider">
        <div className="salary-range__track" aria-hidden="true">
          <div className="salary-range__fill" style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }} />
        </div>
        <input
          type="range"
          className="salary-range__thumb salary-range__thumb--min"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={low}
          aria-label={t('list.salaryFrom')}
          aria-valuetext={valueText(min, 'min')}
          // Above the other thumb when both sit at the top, so the minimum can still move down.
          style={{ zIndex: low > bounds.min + span / 2 ? 3 : 2 }}
          onChange={(event) => commit(Math.min(Number(event.target.value), high), minimumOnly ? null : max)}
          data-testid="salary-slider-min"
        />
        {minimumOnly ? null : (
          <input
            type="range"
            className="salary-range__thumb salary-range__thumb--max"
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={high}
            aria-label={t('list.salaryTo')}
            aria-valuetext={valueText(max, 'max')}
            onChange={(event) => commit(min, Math.max(Number(event.target.value), low))}
            data-testid="salary-slider-max"
          />
        )}
      </div>
      <div className="filters-form__salary">
        <label className="field">
          <span>{t('list.salaryFrom')}</span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text[0]}
            placeholder={formatSalaryText(bounds.min)}
            onChange={(event) => setText([event.target.value, text[1]])}
            onBlur={commitText}
            onKeyDown={onEnter}
            data-testid="salary-min"
          />
        </label>
        {minimumOnly ? null : (
          <label className="field">
            <span>{t('list.salaryTo')}</span>
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={text[1]}
              placeholder={formatSalaryText(bounds.max)}
              onChange={(event) => setText([text[0], event.target.value])}
              onBlur={commitText}
              onKeyDown={onEnter}
              data-testid="salary-max"
            />
          </label>
        )}
        <span className="filters-form__currency" data-testid="salary-currency">
          {unit}
        </span>
      </div>
    </div>
  );
}
