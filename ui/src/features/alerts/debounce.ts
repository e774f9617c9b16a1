/**
 * The job-alert switcher's debounce (spec §4 and §9: 300 ms): clicks within the window collapse
 * into one wish, the last; it is acted on once the switch has been left alone for 300 ms, and only
 * when it differs from what is already true. Timers are injectable for tests. Pure.
 */

export const SWITCH_DEBOUNCE_MS = 300;

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SwitchDebouncer {
  /** Records the wish (`true`: saved) and restarts the 300 ms window. */
  toggle: (wanted: boolean) => void;
  cancel: () => void;
}

/**
 * `current()` says what is true now (saved or not); `act(wanted)` runs when the settled wish
 * differs from it.
 */
export function createSwitchDebouncer(current: () => boolean, act: (wanted: boolean) => void, ms = SWITCH_DEBOUNCE_MS, timers: Timers = realTimers): SwitchDebouncer {
  let handle: unknown = null;
  let wish: boolean | null = null;
  return {
    toggle(wanted) {
      wish = wanted;
      if (handle !== null) timers.clear(handle);
      handle = timers.set(() => {
        handle = null;
        const settled = wish;
        wish = null;
        if (settled !== null && settled !== current()) act(settled);
      }, ms);
    },
    cancel() {
      if (handle !== null) timers.clear(handle);
      handle = null;
      wish = null;
    },
  };
}
