// Retrying for the export's network calls (content queries and image variants): a content
// service that hiccups (5xx, reset connection, timeout) should not fail a scheduled rebuild, but a
// service that is really down must fail it quickly and clearly, within one overall time limit.
// The attempt loop and its exponential waits are p-retry's; what counts as transient is ours. A
// service that is busy rather than failing (429, or 503 with Retry-After: another client holds
// its share) is waited for as it asks, without spending an attempt, until the time limit.
import pRetry, { AbortError } from 'p-retry';

export interface RetryOptions {
  /** Total attempts, including the first. */
  attempts: number;
  /** Delay before retry n (0-based) is baseDelayMs·2^n: no jitter, so runs are reproducible. */
  baseDelayMs: number;
  /** Absolute time (Date.now() scale) after which no attempt starts and waiting stops. */
  deadline: number;
  /** Called before each retry, for the progress log. */
  onRetry?: (what: string, err: unknown, attempt: number, delayMs: number) => void;
  /**
   * Longest one attempt may take before it is abandoned and retried. Default: the time left at the
   * first attempt divided by the attempts, between 1 s and 15 s. Needed because a connection cut
   * off in the middle of a body leaves @sanity/client's request pending forever (no error, no
   * timer), which without this would stall a whole export until the overall limit.
   */
  attemptTimeoutMs?: number;
}

export const MIN_ATTEMPT_TIMEOUT_MS = 1_000;
export const MAX_ATTEMPT_TIMEOUT_MS = 15_000;

/** One attempt took longer than its share of the time limit: transient, so it is retried. */
export class AttemptTimeoutError extends Error {
  constructor(ms: number) {
    super(`no complete answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export const DEFAULT_ATTEMPTS = 4;
export const DEFAULT_BASE_DELAY_MS = 250;
export const DEFAULT_TIME_LIMIT_MS = 60_000;

export class DeadlineError extends Error {
  constructor(what: string, limitInfo: string, cause?: unknown) {
    super(`${what}: gave up after the overall time limit (${limitInfo})`, { cause });
    this.name = 'DeadlineError';
  }
}

/** The last failure of a task, named, with how many attempts were made. Keeps the status code for callers. */
export class RetryError extends Error {
  readonly statusCode: number | null;
  constructor(what: string, cause: unknown, attempts: number) {
    const reason = (cause as Error | null)?.message || String(cause);
    super(`${what}: ${reason}${attempts > 1 ? ` (after ${attempts} attempts)` : ''}`, { cause });
    this.name = 'RetryError';
    this.statusCode = statusOf(cause);
  }
}

const TRANSIENT_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Longest one Retry-After wait is taken at its word. */
export const MAX_BUSY_WAIT_MS = 30_000;

/**
 * How long a busy service asked to be left alone (its Retry-After, in seconds), or null when the
 * failure is not "busy": a 429, or a 503 that says when to come back. An HTTP date is not sent by
 * the services the export reads; a 429 without the header waits a second.
 */
export function busyWaitMs(err: unknown): number | null {
  const status = statusOf(err);
  const e = err as {
    retryAfterMs?: unknown;
    response?: { headers?: Record<string, unknown> };
  } | null;
  let ms: number | null = typeof e?.retryAfterMs === 'number' ? e.retryAfterMs : null;
  const header = e?.response?.headers?.['retry-after'];
  if (ms === null && (typeof header === 'string' || typeof header === 'number')) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) ms = seconds * 1000;
  }
  if (status === 429) return Math.min(MAX_BUSY_WAIT_MS, ms ?? 1000);
  if (status === 503 && ms !== null) return Math.min(MAX_BUSY_WAIT_MS, ms);
  return null;
}

/** Status code carried by a client error (@sanity/client sets statusCode; fetch wrappers set status). */
export function statusOf(err: unknown): number | null {
  const e = err as { statusCode?: unknown; status?: unknown; response?: { statusCode?: unknown } } | null;
  const s = e?.statusCode ?? e?.response?.statusCode ?? e?.status;
  return typeof s === 'number' ? s : null;
}

function codeOf(err: unknown): string | null {
  let e = err as { code?: unknown; cause?: unknown } | null;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/** Worth another try: 5xx, 408, 429, connection failures and timeouts. 4xx and bad data are not. */
export function isTransient(err: unknown): boolean {
  const status = statusOf(err);
  if (status !== null) return status >= 500 || status === 408 || status === 429;
  const code = codeOf(err);
  if (code && TRANSIENT_CODES.has(code)) return true;
  const name = (err as Error | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  return /socket hang up|timed? ?out|network|fetch failed|ECONNRESET|ECONNREFUSED/i.test(
    (err as Error | null)?.message ?? '',
  );
}

/** A transient failure on its way through p-retry: an Error (p-retry gives up at once on a TypeError it does
 * not know as a network error, and undici's "fetch failed" family is wider than its list), carrying the cause. */
class Transient extends Error {
  constructor(readonly failure: unknown) {
    super('transient');
  }
}

/**
 * Runs `task(signal)` until it succeeds, fails permanently, runs out of attempts or passes the
 * deadline. The signal aborts the attempt in flight after its own time share (then it is retried) or
 * at the deadline, so neither a hung connection nor a body cut off mid-transfer can outlive the limit.
 * p-retry counts the attempts and waits baseDelayMs·2^n between them; which failures are transient,
 * the per-attempt timeout and the deadline stay ours (p-retry's maxRetryTime would cut a wait short
 * instead of refusing a retry that would start after the deadline).
 */
export async function withRetry<T>(
  what: string,
  task: (signal: AbortSignal) => Promise<T>,
  opts: RetryOptions,
): Promise<T> {
  const attemptMs =
    opts.attemptTimeoutMs ??
    Math.min(
      MAX_ATTEMPT_TIMEOUT_MS,
      Math.max(MIN_ATTEMPT_TIMEOUT_MS, Math.floor((opts.deadline - Date.now()) / Math.max(1, opts.attempts))),
    );
  let attempts = 0;
  let pastDeadline: DeadlineError | null = null;
  /** One try of the task within its time share; a busy answer is waited for and asked again. */
  const attempt = async (): Promise<T> => {
    for (;;) {
      const remaining = opts.deadline - Date.now();
      if (remaining <= 0) throw new AbortError(new DeadlineError(what, 'before an attempt could start'));
      const controller = new AbortController();
      const timer =
        remaining <= attemptMs
          ? setTimeout(() => controller.abort(new DeadlineError(what, 'request still pending')), remaining)
          : setTimeout(() => controller.abort(new AttemptTimeoutError(attemptMs)), attemptMs);
      try {
        return await task(controller.signal);
      } catch (caught) {
        const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
        if (reason instanceof DeadlineError) throw new AbortError(reason);
        // An attempt that ran out of its share is retried like any other transient failure.
        const err = reason instanceof AttemptTimeoutError ? reason : caught;
        const wait = reason ? null : busyWaitMs(err);
        if (wait !== null) {
          if (Date.now() + wait >= opts.deadline)
            throw new AbortError(new DeadlineError(what, 'the service stayed busy', err));
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        if (!isTransient(err)) throw new AbortError(new RetryError(what, err, attempts));
        throw new Transient(err);
      } finally {
        clearTimeout(timer);
      }
    }
  };
  try {
    return await pRetry(
      async () => {
        attempts++;
        return attempt();
      },
      {
        retries: Math.max(0, opts.attempts - 1),
        minTimeout: opts.baseDelayMs,
        factor: 2,
        randomize: false,
        // Asked only when attempts remain, just before p-retry waits minTimeout·2^(attemptNumber-1).
        shouldRetry: ({ error, attemptNumber }) => {
          const failure = (error as Transient).failure;
          const delay = opts.baseDelayMs * 2 ** (attemptNumber - 1);
          if (Date.now() + delay >= opts.deadline) {
            pastDeadline = new DeadlineError(what, 'the next retry would start after it', failure);
            return false;
          }
          opts.onRetry?.(what, failure, attemptNumber, delay);
          return true;
        },
      },
    );
  } catch (err) {
    if (pastDeadline) throw pastDeadline;
    if (err instanceof Transient) throw new RetryError(what, err.failure, attempts);
    throw err;
  }
}
