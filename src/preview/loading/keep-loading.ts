// The preview's lists (navigation, landing grid) load like its school: a failure shows the spec's
// empty state at once, and the load is tried again with backoff until it answers, so a page
// opened while the content service was down fills itself in when the service returns.
import { backoffDelay } from './backoff.ts';
import { realTimers, type Timers } from './debounce.ts';
import { RETRY_BACKOFF } from './school-flow.ts';

export interface KeepLoading<T> {
  load(): Promise<T>;
  onValue(value: T): void;
  /** The first failure of a run only (log it, show the empty state); later ones just retry. */
  onFailure(err: unknown): void;
  timers?: Timers;
}

/** Starts loading; returns a stop function that cancels the pending retry and ignores late answers. */
export function keepLoading<T>({ load, onValue, onFailure, timers = realTimers }: KeepLoading<T>): () => void {
  let stopped = false;
  let attempt = 0;
  let handle: unknown = null;
  const run = () => {
    handle = null;
    load().then(
      (value) => {
        if (!stopped) onValue(value);
      },
      (err: unknown) => {
        if (stopped) return;
        if (attempt === 0) onFailure(err);
        handle = timers.setTimeout(run, backoffDelay(attempt++, RETRY_BACKOFF));
      },
    );
  };
  run();
  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
  };
}
