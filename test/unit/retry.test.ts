// The export's retry rules (scripts/lib/retry.ts), pinned where p-retry now runs the loop: which
// failures are retried, the exact delays, the attempt count in the message and the overall deadline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttemptTimeoutError, DeadlineError, RetryError, withRetry } from '../../scripts/lib/retry.ts';

const status = (statusCode: number) => Object.assign(new Error(`HTTP ${statusCode}`), { statusCode });

test('transient failures are retried with baseDelayMs·2^n, onRetry told each time', async () => {
  const seen: [string, number, number][] = [];
  let calls = 0;
  const result = await withRetry(
    'query x',
    async () => {
      calls++;
      if (calls === 1) throw status(503);
      if (calls === 2) throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      return 'ok';
    },
    {
      attempts: 4,
      baseDelayMs: 2,
      deadline: Date.now() + 10_000,
      onRetry: (what, _err, attempt, delay) => seen.push([what, attempt, delay]),
    },
  );
  assert.equal(result, 'ok');
  assert.equal(calls, 3);
  assert.deepEqual(seen, [
    ['query x', 1, 2],
    ['query x', 2, 4],
  ]);
});

test('a permanent failure is not retried and keeps its status code', async () => {
  let calls = 0;
  await assert.rejects(
    withRetry(
      'query x',
      async () => {
        calls++;
        throw status(404);
      },
      { attempts: 4, baseDelayMs: 1, deadline: Date.now() + 10_000 },
    ),
    (err: RetryError) => {
      assert.ok(err instanceof RetryError);
      assert.equal(err.message, 'query x: HTTP 404');
      assert.equal(err.statusCode, 404);
      return true;
    },
  );
  assert.equal(calls, 1);
});

test('running out of attempts names the last failure and the count', async () => {
  let calls = 0;
  await assert.rejects(
    withRetry(
      'image a',
      async () => {
        calls++;
        throw status(500);
      },
      { attempts: 3, baseDelayMs: 1, deadline: Date.now() + 10_000 },
    ),
    (err: RetryError) => {
      assert.ok(err instanceof RetryError);
      assert.equal(err.message, 'image a: HTTP 500 (after 3 attempts)');
      assert.equal(err.statusCode, 500);
      return true;
    },
  );
  assert.equal(calls, 3);
});

test('a retry that would start after the deadline is not waited for', async () => {
  const started = Date.now();
  let retried = false;
  await assert.rejects(
    withRetry(
      'query x',
      async () => {
        throw status(502);
      },
      {
        attempts: 4,
        baseDelayMs: 5_000,
        deadline: Date.now() + 1_000,
        onRetry: () => {
          retried = true;
        },
      },
    ),
    (err: DeadlineError) => {
      assert.ok(err instanceof DeadlineError);
      assert.equal(err.message, 'query x: gave up after the overall time limit (the next retry would start after it)');
      assert.equal((err.cause as { statusCode: number }).statusCode, 502);
      return true;
    },
  );
  assert.equal(retried, false);
  assert.ok(Date.now() - started < 900);
});

test('no attempt starts after the deadline', async () => {
  let calls = 0;
  await assert.rejects(
    withRetry(
      'q',
      async () => {
        calls++;
        return 1;
      },
      { attempts: 2, baseDelayMs: 1, deadline: Date.now() - 1 },
    ),
    /before an attempt could start/,
  );
  assert.equal(calls, 0);
});

test('a hung attempt is abandoned after its share and retried; one pending at the deadline ends it', async () => {
  let calls = 0;
  const hang = (signal: AbortSignal) =>
    new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });
  const errs: unknown[] = [];
  const value = await withRetry('q', async (signal) => (++calls === 1 ? hang(signal) : 'second'), {
    attempts: 2,
    baseDelayMs: 1,
    deadline: Date.now() + 10_000,
    attemptTimeoutMs: 30,
    onRetry: (_w, err) => errs.push(err),
  });
  assert.equal(value, 'second');
  assert.ok(errs[0] instanceof AttemptTimeoutError);

  await assert.rejects(
    withRetry('q', hang, { attempts: 3, baseDelayMs: 1, deadline: Date.now() + 40 }),
    (err: Error) => err instanceof DeadlineError && /request still pending/.test(err.message),
  );
});

const busy = (statusCode: number, retryAfter?: string) =>
  Object.assign(new Error(`HTTP ${statusCode}`), {
    statusCode,
    // As @sanity/client's ClientError carries the response.
    response: { statusCode, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } },
  });

test('a busy service (429, or 503 with Retry-After) is waited for as it asks, without spending attempts', async () => {
  let calls = 0;
  const retried: number[] = [];
  const started = performance.now();
  const result = await withRetry(
    'image a',
    async () => {
      calls++;
      if (calls <= 6) throw busy(429, '0.05');
      if (calls === 7) throw busy(503, '0.05');
      return 'ok';
    },
    { attempts: 2, baseDelayMs: 1, deadline: Date.now() + 10_000, onRetry: (_w, _e, attempt) => retried.push(attempt) },
  );
  assert.equal(result, 'ok');
  assert.equal(calls, 8);
  assert.deepEqual(retried, [], 'no attempt was spent on a busy answer');
  assert.ok(performance.now() - started >= 7 * 45, 'each Retry-After was waited');
});

/** What withRetry ends with for a task that always fails the same way, and how often it was run. */
async function outcome(failure: () => Error, opts: { attempts: number; limitMs: number }) {
  let calls = 0;
  const task = async (): Promise<never> => {
    calls++;
    throw failure();
  };
  const deadline = Date.now() + opts.limitMs;
  const err = await withRetry('query x', task, { attempts: opts.attempts, baseDelayMs: 1, deadline }).catch((e) => e);
  return { err: err as Error, calls };
}

test('a service busy past the time limit fails at the limit, naming it', async () => {
  const { err } = await outcome(() => busy(429, '1'), { attempts: 4, limitMs: 2_500 });
  assert.ok(err instanceof DeadlineError);
  assert.match(err.message, /query x: gave up after the overall time limit \(the service stayed busy\)/);
});

test('a 503 without Retry-After is a failure like any other: it spends an attempt', async () => {
  const { err, calls } = await outcome(() => busy(503), { attempts: 3, limitMs: 10_000 });
  assert.ok(err instanceof RetryError);
  assert.equal(calls, 3);
});
