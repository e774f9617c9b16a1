/**
 * The salary filter's rules (spec §5 "Search and filters"): values clamp to the board's slider bounds
 * (`config.salary`, default 0 to 100) and snap down to the step (default 500); they show with a space
 * between thousands and at most 2 decimals; the minimum comes first. The filter counts only when its
 * minimum is above 0: the offers count then sends `salaryMin` and `salaryMax` (the maximum defaulting
 * to 500,000, capped at the board's bound, which the API enforces), and the form writes it to the
 * address only then, so the count and the list agree. With `onlyMinimumSalaryFilter` there is no
 * maximum. Pure: unit-tested.
 */

export interface SalaryBounds {
  min: number;
  max: number;
  step: number;
}

/** Spec: the count request's maximum when none is chosen. */
export const COUNT_MAX_DEFAULT = 500_000;
const DEFAULT_BOUNDS: SalaryBounds = { min: 0, max: 100, step: 500 };

/** The board's slider bounds with the spec's defaults for missing or broken values. */
export function salaryBounds(config: Partial<SalaryBounds> | null | undefined): SalaryBounds {
  const min = Number.isFinite(config?.min) ? (config?.min as number) : DEFAULT_BOUNDS.min;
  const max = Number.isFinite(config?.max) && (config?.max as number) > min ? (config?.max as number) : Math.max(DEFAULT_BOUNDS.max, min);
  const step = Number.isFinite(config?.step) && (config?.step as number) > 0 ? (config?.step as number) : DEFAULT_BOUNDS.step;
  return { min, max, step };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Clamps to the bounds and snaps down to the step (counted from the minimum); at most 2 decimals. */
export function snapSalary(value: number, bounds: SalaryBounds): number {
  const clamped = Math.min(Math.max(value, bounds.min), bounds.max);
  // The epsilon absorbs float error (0.3 / 0.1 = 2.9999999999999996), not real fractions.
  const steps = Math.floor((clamped - bounds.min) / bounds.step + 1e-9);
  return round2(Math.min(bounds.max, bounds.min + steps * bounds.step));
}

/** Reads typed text ("12 500", "12500,5", "12 500.75"): null when empty or not a number. */
export function parseSalaryText(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!cleaned) return null;
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Shows a value with a space between thousands and at most 2 decimals ("12 500", "1 234,5"). */
export function formatSalaryText(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  const rounded = round2(Math.abs(value));
  const [whole, fraction = ''] = rounded.toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const decimals = fraction.replace(/0+$/, '');
  return `${value < 0 ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/**
 * The range a form holds, normalised: each value snapped (null stays null), the minimum first; the
 * bounds themselves mean "no bound" (null); the minimum only with `minimumOnly`.
 */
export function normaliseSalary(min: number | null, max: number | null, bounds: SalaryBounds, minimumOnly = false): [number | null, number | null] {
  let low = min === null ? null : snapSalary(min, bounds);
  let high = max === null || minimumOnly ? null : snapSalary(max, bounds);
  if (low !== null && high !== null && low > high) [low, high] = [high, low];
  if (low !== null && low <= bounds.min) low = null;
  if (high !== null && high >= bounds.max) high = null;
  return [low, high];
}

/** The filter as the form writes it: only with a minimum above 0 (else no salary filter at all). */
export function salaryFilter(min: number | null, max: number | null): { salaryMin: number | null; salaryMax: number | null } {
  return min !== null && min > 0 ? { salaryMin: min, salaryMax: max } : { salaryMin: null, salaryMax: null };
}

/** The offers count's salary parameters: both only when the minimum is above 0, the maximum defaulting to 500,000 (the board's bound when lower). */
export function salaryCountParams(min: number | null, max: number | null, bounds: SalaryBounds): Record<string, string> {
  if (min === null || min <= 0) return {};
  return { salaryMin: String(min), salaryMax: String(max ?? Math.min(COUNT_MAX_DEFAULT, bounds.max)) };
}
