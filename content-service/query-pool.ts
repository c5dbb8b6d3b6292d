// Limits around GROQ, like a hosted API's: anyone who can reach the service can send a query, and
// one nested `*[]{"a":*[]{...}}` grows without bound. Queries therefore run in a small pool of
// worker threads (query-worker.ts), each holding a copy of the dataset kept current from the
// store's transactions; a query gets a time budget and a heap limit, its worker is ended (and
// replaced) when it runs out of either or when the client goes away, and while one worker is busy
// with a runaway query the others keep answering. Queries waiting for a worker take turns by client
// address (fair-turns.ts). The export and the preview load this service in-process, so nothing a
// query does may ever run on their event loop.
import type { Worker } from 'node:worker_threads';
import type { ExprNode } from 'groq-js';
import type { Doc, Perspective } from './documents.ts';
import type { CopySource, DatasetStore } from './store.ts';
import type { QueryError } from './groq.ts';
import { createWorker } from './worker-thread.ts';
import { FairQueue } from './fair-turns.ts';

export { MAX_POST_QUERY_BYTES, MAX_QUERY_BYTES } from './groq.ts';

export interface QueryLimits {
  /** Most worker threads evaluating queries (default 2: one runaway query leaves the others answering); started as needed. */
  workers: number;
  /**
   * Workers started with the pool, each parsing the dataset file beside the store (default 1, at
   * most `workers`; with 0 the first query starts one). A caller about to ask several queries at
   * once starts them all.
   */
  workersAtStart: number;
  /** Time budget of one query, from the moment a worker starts it (default 30 s; hosted: 1 minute). */
  timeoutMs: number;
  /** Heap limit of each worker, its copy of the dataset included (default 512 MB; index.ts raises it for datasets over 32 MB). */
  memoryMb: number;
  /** Longest result, as JSON characters (default 256 MiB). */
  maxResultChars: number;
  /** Queries waiting for a worker beyond this many are refused at once (default 256). */
  maxQueue: number;
  /**
   * When every worker has run a query without a token for longer than this (default 1 s), one
   * more worker starts for queries that finish within `lightBudgetMs`: two runaway queries no
   * longer make every other client wait for the 30 s budget.
   */
  lightAfterMs: number;
  /** Time budget of a query on that extra worker (default 2 s). */
  lightBudgetMs: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  workers: 2,
  workersAtStart: 1,
  timeoutMs: 30_000,
  memoryMb: 512,
  maxResultChars: 256 * 1024 * 1024,
  maxQueue: 256,
  lightAfterMs: 1000,
  lightBudgetMs: 2000,
};

/** A query the service refuses or gave up on, answered in the hosted API's error shape. */
export class QueryLimitError extends Error {
  constructor(
    readonly status: 413 | 414 | 429 | 503,
    readonly type:
      | 'queryTooLargeError'
      | 'queryTimeoutError'
      | 'queryMemoryLimitError'
      | 'serviceBusyError'
      | 'rateLimitError',
    readonly description: string,
  ) {
    super(description);
    this.name = 'QueryLimitError';
  }

  toBody(): { error: { description: string; type: string } } {
    return { error: { description: this.description, type: this.type } };
  }
}

/** The request was abandoned by its client; nobody is left to answer. */
export class QueryAbortedError extends Error {
  constructor() {
    super('the client went away');
    this.name = 'QueryAbortedError';
  }
}

export interface QueryJob {
  query: string;
  params: Record<string, unknown>;
  perspective: Perspective;
  authenticated: boolean;
  /** Who asks (the client's address): the light worker serves others than those holding the workers. */
  client?: string;
  identity: string;
  origin: string;
  project: string;
  dataset: string;
  /** Answer the result's Content Source Map too (`?resultSourceMap=`): see source-map.ts. */
  sourceMap?: boolean;
  /**
   * Documents as a transaction under way has them, over the worker's copy for this query only
   * (a mutation's selection by query sees what earlier mutations of its transaction did).
   */
  overlay?: { documentId: string; after: Doc | null }[];
}

type QueryErrorBody = ReturnType<QueryError['toBody']>;

export type ToWorker =
  | { type: 'load'; source: CopySource }
  | { type: 'apply'; changes: { documentId: string; after: Doc | null }[] }
  | ({ type: 'query'; job: number; maxResultBytes: number } & QueryJob)
  | { type: 'parse'; job: number; query: string; params: Record<string, unknown> };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'result'; job: number; bytes: Uint8Array | null; ms: number; sourceMap?: string | null }
  | { type: 'parsed'; job: number; tree: ExprNode }
  | { type: 'query-error'; job: number; body: QueryErrorBody }
  | { type: 'too-large'; job: number; chars: number }
  | { type: 'failed'; job: number; message: string };

/** A query's outcome: the result as UTF-8 JSON (null: no result) and the evaluation time. */
export interface QueryAnswer {
  json: Buffer | null;
  ms: number;
  /** The result's source map as JSON, when the job asked for one and a string could be traced. */
  sourceMap?: string | null;
}

/** A GROQ error of the query itself (syntax, missing parameter, runtime), as the worker reported it. */
export class WorkerQueryError extends Error {
  constructor(readonly body: QueryErrorBody) {
    super(body.error.description);
    this.name = 'WorkerQueryError';
  }
}

type Settled = Extract<FromWorker, { job: number }>;

/** The answer to a job that could not be handed to a worker: a parse error of its query, as hosted. */
function unsendable(message: Extract<ToWorker, { job: number }>, err: Error): Settled {
  const description = `the query's parameters cannot be evaluated (${err.message})`;
  return {
    type: 'query-error',
    job: message.job,
    body: { error: { description, query: message.query, start: 0, end: 0, type: 'queryParseError' } },
  };
}

interface Pending {
  message: Extract<ToWorker, { job: number }>;
  /** Sent with the service's token (the preview): never counted as a runaway's. */
  trusted: boolean;
  /** The client's address ('' when unknown). */
  client: string;
  settle(answer: Settled): void;
  fail(err: Error): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  waitTimer: NodeJS.Timeout | null;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  current: Pending | null;
  timer: NodeJS.Timeout | null;
  /** The extra worker for short queries while the others are held by long ones. */
  light: boolean;
  /** When its current job started (performance.now()). */
  since: number;
}

export class QueryPool {
  private readonly slots = new Set<Slot>();
  /** Queries waiting for a worker, taking turns by client address. */
  private readonly queue = new FairQueue<Pending>();
  private readonly unsubscribe: () => void;
  private nextJob = 1;
  private closed = false;
  /** Workers that died before ever getting ready, in a row: a broken build must not respawn forever. */
  private failedStarts = 0;
  /** A pending look at whether the light worker is needed (considerLight). */
  private lightCheck: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: DatasetStore,
    readonly limits: QueryLimits,
    private readonly log: (message: string) => void,
    /** The file text the store is about to load: the first worker parses it while the store does. */
    initialText?: string,
  ) {
    // The store replaces its documents on every change; each copy gets the changed documents only.
    this.unsubscribe = store.subscribe((tx) => {
      const changes = tx.changes.map((c) => ({ documentId: c.documentId, after: c.after }));
      for (const slot of [...this.slots]) {
        try {
          slot.worker.postMessage({ type: 'apply', changes } satisfies ToWorker);
        } catch (err) {
          // A copy that missed a change would answer stale data: it is replaced by a fresh one.
          this.log(`content-service: a change could not be sent to a query worker: ${(err as Error).message}`);
          this.kill(slot);
        }
      }
    });
    // One worker to begin with; more start only when a query has to wait (pump): on two cores a
    // second copy loading beside the first queries slowed them by a third, and a command that never
    // runs two queries at once never pays for a second copy of the dataset. None for a caller that
    // reads in its own thread (index.ts readsInProcess): the first query starts one.
    const atStart = Math.max(0, Math.min(limits.workersAtStart, limits.workers));
    for (let i = 0; i < atStart; i++) this.spawn(initialText === undefined ? undefined : { text: initialText });
  }

  /** General workers loaded and free to take a query now (a test waits for them before an attack). */
  idleWorkers(): number {
    return [...this.slots].filter((slot) => !slot.light && slot.ready && !slot.dead && !slot.current).length;
  }

  /** Evaluates a query in a worker. Rejects with WorkerQueryError, QueryLimitError or QueryAbortedError. */
  query(job: QueryJob, signal?: AbortSignal): Promise<QueryAnswer> {
    return this.submit(
      { type: 'query', job: this.nextJob++, maxResultBytes: this.limits.maxResultChars, ...job },
      signal,
      job.authenticated,
      job.client,
    ).then((answer) => {
      if (answer.type === 'result') {
        const b = answer.bytes;
        return {
          json: b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null,
          ms: answer.ms,
          sourceMap: answer.sourceMap ?? null,
        };
      }
      throw this.errorOf(answer);
    });
  }

  /** Parses a query in a worker (a parse alone can take seconds); the tree is plain data. */
  parse(
    query: string,
    params: Record<string, unknown>,
    signal?: AbortSignal,
    trusted = false,
    client = '',
  ): Promise<ExprNode> {
    return this.submit({ type: 'parse', job: this.nextJob++, query, params }, signal, trusted, client).then(
      (answer) => {
        if (answer.type === 'parsed') return answer.tree;
        throw this.errorOf(answer);
      },
    );
  }

  private errorOf(answer: Settled): Error {
    if (answer.type === 'query-error') return new WorkerQueryError(answer.body);
    if (answer.type === 'too-large') {
      const mib = (n: number): string => `${Math.round(n / 1024 / 1024)} MiB`;
      return new QueryLimitError(
        503,
        'queryMemoryLimitError',
        `the query result is larger than ${mib(this.limits.maxResultChars)}; select fewer fields or use a slice`,
      );
    }
    return new Error(answer.type === 'failed' ? answer.message : `unexpected worker answer ${answer.type}`);
  }

  private submit(
    message: Pending['message'],
    signal: AbortSignal | undefined,
    trusted: boolean,
    client = '',
  ): Promise<Settled> {
    if (this.closed)
      return Promise.reject(new QueryLimitError(503, 'serviceBusyError', 'the content service is closing'));
    if (signal?.aborted) return Promise.reject(new QueryAbortedError());
    if (this.queue.size >= this.limits.maxQueue)
      return Promise.reject(
        new QueryLimitError(503, 'serviceBusyError', `${this.queue.size} queries are already waiting; try again later`),
      );
    return new Promise<Settled>((resolve, reject) => {
      const pending: Pending = {
        message,
        trusted,
        client,
        signal,
        waitTimer: null,
        settle: (answer) => {
          done();
          resolve(answer);
        },
        fail: (err) => {
          done();
          reject(err);
        },
        onAbort: () => {
          this.queue.remove((p) => p === pending);
          for (const slot of this.slots) if (slot.current === pending) this.kill(slot);
          pending.fail(new QueryAbortedError());
        },
      };
      const done = (): void => {
        if (pending.waitTimer) clearTimeout(pending.waitTimer);
        signal?.removeEventListener('abort', pending.onAbort);
      };
      signal?.addEventListener('abort', pending.onAbort, { once: true });
      // Waiting counts too: past the budget the client is told the service is busy instead of hanging.
      pending.waitTimer = setTimeout(() => {
        if (this.queue.remove((p) => p === pending).length === 0) return;
        pending.fail(
          new QueryLimitError(
            503,
            'serviceBusyError',
            `no query worker became free within ${this.limits.timeoutMs / 1000} s; try again later`,
          ),
        );
      }, this.limits.timeoutMs);
      pending.waitTimer.unref();
      this.queue.push(client, pending);
      this.pump();
    });
  }

  private pump(): void {
    const general = [...this.slots].filter((slot) => !slot.light);
    for (const slot of this.slots) {
      if (this.queue.size === 0) return;
      if (!slot.ready || slot.dead || slot.current) continue;
      // The light worker takes work only while every other one is busy.
      if (slot.light && general.some((g) => g.ready && !g.current)) continue;
      this.start(slot, this.queue.shift()!);
    }
    if (this.queue.size === 0) return;
    // Queries wait and every worker is busy (a runaway query, or real concurrency): start another,
    // one at a time, up to the limit.
    const loading = [...this.slots].some((slot) => !slot.ready);
    if (loading) return;
    if (general.length < this.limits.workers) {
      this.spawn();
      return;
    }
    if (general.length === this.slots.size) this.considerLight(general);
  }

  /**
   * Starts the light worker once every worker has been held by one untrusted query past
   * lightAfterMs, for a waiting query of someone else: the token holder, or another address. A
   * client whose own queries fill the workers (the export reading in parts) waits its turn.
   */
  private considerLight(general: Slot[]): void {
    const held = general.every((g) => g.current && !g.current.trusted);
    if (!held) return;
    const holders = new Set(general.map((g) => g.current!.client));
    if (!this.queue.some((p) => p.trusted || !holders.has(p.client))) return;
    const oldest = Math.min(...general.map((g) => g.since));
    const wait = oldest + this.limits.lightAfterMs - performance.now();
    if (wait <= 0) {
      this.spawn(undefined, true);
      return;
    }
    this.lightCheck ??= setTimeout(() => {
      this.lightCheck = null;
      this.pump();
    }, wait + 5);
    this.lightCheck.unref();
  }

  private start(slot: Slot, pending: Pending): void {
    if (pending.waitTimer) clearTimeout(pending.waitTimer);
    pending.waitTimer = null;
    slot.current = pending;
    slot.since = performance.now();
    // Short budget on the light worker for untrusted queries only: the export's and the preview's
    // queries (with the token) keep the full one wherever they run.
    const light = slot.light && !pending.trusted;
    const budget = light ? this.limits.lightBudgetMs : this.limits.timeoutMs;
    slot.timer = setTimeout(() => {
      this.queue.charge(pending.client, budget);
      this.kill(slot);
      pending.fail(
        new QueryLimitError(
          503,
          'queryTimeoutError',
          light
            ? `the service is busy with long queries and this one ran longer than the ${budget / 1000} s kept for short ones; try again later`
            : `the query ran longer than ${budget / 1000} s and was stopped; narrow it with a filter or a slice`,
        ),
      );
    }, budget);
    slot.timer.unref();
    try {
      slot.worker.postMessage(pending.message);
    } catch (err) {
      // The job could not be copied to the worker (parameters too deep or not cloneable): that
      // query is answered as refused, and the worker, which never saw it, stays free. Thrown
      // here it would escape a worker's event handler and end the process.
      clearTimeout(slot.timer);
      slot.current = null;
      pending.settle(unsendable(pending.message, err as Error));
    }
  }

  private spawn(source: CopySource = this.store.copySource(), light = false): void {
    if (this.closed) return;
    const worker = createWorker('query-worker', {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
      // The worker's console would interleave with the CLI's output; it logs nothing by design.
      stdout: false,
      stderr: false,
    });
    // A forgotten close() must not keep a command's process alive.
    worker.unref();
    const slot: Slot = { worker, ready: false, dead: false, current: null, timer: null, light, since: 0 };
    this.slots.add(slot);
    worker.postMessage({ type: 'load', source } satisfies ToWorker);
    worker.on('message', (msg: FromWorker) => {
      if (msg.type === 'ready') {
        slot.ready = true;
        this.failedStarts = 0;
        this.pump();
        return;
      }
      const pending = slot.current;
      if (!pending || pending.message.job !== msg.job) return;
      slot.current = null;
      this.queue.charge(pending.client, performance.now() - slot.since);
      if (slot.timer) clearTimeout(slot.timer);
      pending.settle(msg);
      this.pump();
    });
    worker.on('error', (err) => this.died(slot, err));
    worker.on('exit', () => this.died(slot, null));
  }

  /** A worker ended by itself: out of memory (its heap limit), or crashed. */
  private died(slot: Slot, err: Error | null): void {
    if (slot.dead) return;
    slot.dead = true;
    this.slots.delete(slot);
    if (slot.timer) clearTimeout(slot.timer);
    const pending = slot.current;
    slot.current = null;
    const oom = (err as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (pending) {
      pending.fail(
        oom
          ? new QueryLimitError(
              503,
              'queryMemoryLimitError',
              `the query needed more than ${this.limits.memoryMb} MB and was stopped; narrow it with a filter or a slice`,
            )
          : new Error(`query worker failed: ${err?.message ?? 'it exited'}`),
      );
    }
    if (this.closed) return;
    if (!slot.ready && ++this.failedStarts >= 3) {
      this.log(`content-service: query workers fail to start (${err?.message ?? 'exited'}); queries are refused`);
      this.closed = true;
      for (const p of this.queue.drain()) p.fail(new Error('query workers fail to start'));
      return;
    }
    if (!oom && err) this.log(`content-service: a query worker failed: ${err.message}`);
    this.replace(slot);
  }

  /** A general worker is replaced at once; the light one only when pump finds it needed again. */
  private replace(slot: Slot): void {
    if (slot.light) this.pump();
    else this.spawn();
  }

  /** Ends a busy worker (time budget, client gone) and starts a fresh one with a copy of the store. */
  private kill(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    this.slots.delete(slot);
    if (slot.timer) clearTimeout(slot.timer);
    slot.current = null;
    void slot.worker.terminate();
    this.replace(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.lightCheck) clearTimeout(this.lightCheck);
    this.unsubscribe();
    for (const p of this.queue.drain())
      p.fail(new QueryLimitError(503, 'serviceBusyError', 'the content service is closing'));
    const ending = [...this.slots].map((slot) => {
      slot.dead = true;
      slot.current?.fail(new QueryLimitError(503, 'serviceBusyError', 'the content service is closing'));
      slot.current = null;
      if (slot.timer) clearTimeout(slot.timer);
      return slot.worker.terminate();
    });
    this.slots.clear();
    await Promise.all(ending);
  }
}
