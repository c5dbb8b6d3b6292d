// Capped exponential backoff with jitter: how long the preview's browser event stream and the
// preview server's relay to the content service wait before reconnecting.

export interface BackoffOptions {
  /** Delay before the first retry. */
  baseMs?: number;
  /** Cap, so an editor whose laptop slept for an hour is back within this long of the service returning. */
  maxMs?: number;
  factor?: number;
  /** Fraction of the delay randomised (0..1) so many tabs do not reconnect in lockstep. */
  jitter?: number;
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = { baseMs: 500, maxMs: 15_000, factor: 2, jitter: 0.2 };

/** Capped exponential backoff: attempt 0 waits about baseMs, then doubling up to maxMs. */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  const o = { ...DEFAULT_BACKOFF, ...opts };
  const n = Math.max(0, Math.floor(Number.isFinite(attempt) ? attempt : 0));
  const raw = Math.min(o.maxMs, o.baseMs * o.factor ** Math.min(n, 30));
  const spread = raw * Math.min(1, Math.max(0, o.jitter));
  // Jitter only shortens the delay, so the cap is a real upper bound.
  return Math.max(0, Math.round(raw - spread * random()));
}
