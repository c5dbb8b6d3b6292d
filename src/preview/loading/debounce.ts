// Trailing-edge debounce over injectable timers: the preview's draft refresh waits for a quiet
// period after a burst of change events, and tests drive it step by step with fake timers.

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

export interface Debounced {
  /** (Re)starts the quiet period; `fn` runs once when it ends. */
  call(): void;
  cancel(): void;
  readonly pending: boolean;
}

/** Trailing-edge debounce: a burst of calls ends in one run, `ms` after the last call. */
export function debounce(fn: () => void, ms: number, timers: Timers = realTimers): Debounced {
  let handle: unknown = null;
  return {
    call() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(() => {
        handle = null;
        fn();
      }, ms);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
    get pending() {
      return handle !== null;
    },
  };
}
