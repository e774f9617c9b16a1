import { createDebouncer as createAnyDebouncer, type Debounced, type Timers } from '@/lib/debounce';

export type { Debounced, Timers } from '@/lib/debounce';

/** Spec: map viewport updates are debounced by 400 ms. */
export const VIEWPORT_DEBOUNCE_MS = 400;

/** The viewport's debouncer (400 ms unless told otherwise). */
export function createDebouncer<T>(run: (value: T) => void, ms = VIEWPORT_DEBOUNCE_MS, timers?: Timers): Debounced<T> {
  return createAnyDebouncer(run, ms, timers);
}
