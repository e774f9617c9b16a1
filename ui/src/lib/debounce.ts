/** A trailing-edge debouncer with injectable timers (the map's viewport, the job-alert switch). Pure. */

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Debounced<T> {
  /** Schedules `run(value)` after the delay, replacing anything pending. */
  push: (value: T) => void;
  /** Runs the pending value now, if any. */
  flush: () => void;
  /** Drops the pending value. */
  cancel: () => void;
}

/** Only the last value pushed within `ms` is delivered. */
export function createDebouncer<T>(run: (value: T) => void, ms: number, timers: Timers = realTimers): Debounced<T> {
  let handle: unknown = null;
  let pending: { value: T } | null = null;
  const fire = () => {
    handle = null;
    const current = pending;
    pending = null;
    if (current) run(current.value);
  };
  return {
    push(value) {
      pending = { value };
      if (handle !== null) timers.clear(handle);
      handle = timers.set(fire, ms);
    },
    flush() {
      if (handle !== null) timers.clear(handle);
      fire();
    },
    cancel() {
      if (handle !== null) timers.clear(handle);
      handle = null;
      pending = null;
    },
  };
}
