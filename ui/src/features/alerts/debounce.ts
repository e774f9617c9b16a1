/**
 * The job-alert switcher's debounce (spec §4 and §9: 300 ms): clicks within the window collapse
 * into one wish, the last; it is acted on once the switch has been left alone for 300 ms, and only
 * when it differs from what is already true. Timers are injectable for tests. Pure.
 */
import { createDebouncer, type Timers } from '@/lib/debounce';

export type { Timers } from '@/lib/debounce';

export const SWITCH_DEBOUNCE_MS = 300;

export interface SwitchDebouncer {
  /** Records the wish (`true`: saved) and restarts the 300 ms window. */
  toggle: (wanted: boolean) => void;
  cancel: () => void;
}

/**
 * `current()` says what is true now (saved or not); `act(wanted)` runs when the settled wish
 * differs from it.
 */
export function createSwitchDebouncer(current: () => boolean, act: (wanted: boolean) => void, ms = SWITCH_DEBOUNCE_MS, timers?: Timers): SwitchDebouncer {
  const wishes = createDebouncer<boolean>(
    (settled) => {
      if (settled !== current()) act(settled);
    },
    ms,
    timers,
  );
  return { toggle: wishes.push, cancel: wishes.cancel };
}
