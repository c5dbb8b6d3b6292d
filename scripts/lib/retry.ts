// Retrying for the export's network calls (content queries and image variants): a content
// service that hiccups (5xx, reset connection, timeout) should not fail a scheduled rebuild, but a
// service that is really down must fail it quickly and clearly, within one overall time limit.

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `task(signal)` until it succeeds, fails permanently, runs out of attempts or passes the
 * deadline. The signal aborts the attempt in flight after its own time share (then it is retried) or
 * at the deadline, so neither a hung connection nor a body cut off mid-transfer can outlive the limit.
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
  for (let attempt = 0; ; attempt++) {
    const remaining = opts.deadline - Date.now();
    if (remaining <= 0) throw new DeadlineError(what, 'before an attempt could start');
    const controller = new AbortController();
    const timer =
      remaining <= attemptMs
        ? setTimeout(() => controller.abort(new DeadlineError(what, 'request still pending')), remaining)
        : setTimeout(() => controller.abort(new AttemptTimeoutError(attemptMs)), attemptMs);
    try {
      return await task(controller.signal);
    } catch (caught) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : null;
      if (reason instanceof DeadlineError) throw reason;
      // An attempt that ran out of its share is retried like any other transient failure.
      const err = reason instanceof AttemptTimeoutError ? reason : caught;
      if (!isTransient(err)) throw new RetryError(what, err, attempt + 1);
      if (attempt + 1 >= opts.attempts) throw new RetryError(what, err, attempt + 1);
      const delay = opts.baseDelayMs * 2 ** attempt;
      if (Date.now() + delay >= opts.deadline)
        throw new DeadlineError(what, 'the next retry would start after it', err);
      opts.onRetry?.(what, err, attempt + 1, delay);
      await sleep(delay);
    } finally {
      clearTimeout(timer);
    }
  }
}
