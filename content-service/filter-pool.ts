// Where listen filters run: off the event loop, in a listen-filter worker (listen-worker.ts), with
// a deadline per transaction and a budget per minute for each listener. One anonymous filter
// (`$s match "a*a*a*a*a*b"` over a long string, a `path("**.**…")` glob) backtracked for 99 s on the
// main thread at the next change and every query waited; now it costs that worker until its
// deadline, when the worker is ended and replaced and that listener alone is ended with a
// `channelError`. The token holder's listeners (the preview, the Studio) have a worker of their own,
// so anonymous filters never delay a draft reaching the preview; within a worker, listeners take
// turns by client address, so one address's many streams cannot hold back another's.
import type { Worker } from 'node:worker_threads';
import { isPrivateId, type Doc, type DocumentChange, type Transaction } from './documents.ts';
import type { ExprNode } from 'groq-js';
import type { DatasetStore } from './store.ts';
import { createWorker } from './worker-thread.ts';
import { FairQueue } from './fair-turns.ts';

/** A transaction's changed documents, sent once: `before` and `after` of each change, in order. */
export interface TxDocs {
  seq: number;
  docs: { before: Doc | null; after: Doc | null }[];
}

/** One listener's filter over one transaction: which of its changes the listener may see. */
export interface FilterJob {
  listener: number;
  tx: number;
  changes: number[];
}

export type ToListenWorker =
  | { type: 'add'; listener: number; tree: ExprNode; query: string; params: Record<string, unknown> }
  | { type: 'drop'; listener: number }
  | { type: 'match'; txs: TxDocs[]; forget: number[]; jobs: FilterJob[] };

export type FromListenWorker =
  | { type: 'ready' }
  /** Per change of the job, in its order: selected before, selected after. */
  | { type: 'matched'; listener: number; tx: number; hits: boolean[]; ms: number }
  | { type: 'failed'; listener: number; tx: number; message: string };

/** Slots of the shared state: the listener being evaluated (0: none) and when it started (ms since the epoch). */
export const STATE_LISTENER = 0;
export const STATE_SINCE = 1;

export interface FilterLimits {
  /** Longest a filter without the token may run over one transaction's changes (default 1 s). */
  deadlineMs: number;
  /** The same for the token holder's filters (default 10 s). */
  trustedDeadlineMs: number;
  /** Evaluation time one listener may spend, refilled evenly over a minute (default 3 s). */
  budgetMs: number;
  /** Transactions a listener may have waiting for its filter; a listener further behind is ended (default 64). */
  maxBacklog: number;
  /** Heap limit of each filter worker (default 256 MB). */
  memoryMb: number;
}

export const DEFAULT_FILTER_LIMITS: FilterLimits = {
  deadlineMs: 1000,
  trustedDeadlineMs: 10_000,
  budgetMs: 3000,
  maxBacklog: 64,
  memoryMb: 256,
};

export interface FilterSpec {
  tree: ExprNode;
  query: string;
  params: Record<string, unknown>;
  /** Opened with the service's token: sees private ids, runs in the token holder's worker. */
  trusted: boolean;
  /** The client's address: listeners take turns by it. */
  client: string;
}

export interface Verdict {
  was: boolean;
  is: boolean;
}

export interface FilterCallbacks {
  /** The filter's worker is ready: from now on changes are matched as they come (the listener's `welcome`). */
  ready(): void;
  /** The changes of one transaction the filter selected before or after; called in transaction order. */
  matched(tx: Transaction, verdicts: Map<DocumentChange, Verdict>): void;
  /** The filter was stopped (deadline, budget, memory, backlog); the listener is to end with this description. */
  ended(description: string): void;
}

interface Entry {
  id: number;
  spec: FilterSpec;
  callbacks: FilterCallbacks;
  /** Evaluation time left, in ms, as of `at`. */
  budget: number;
  at: number;
  /** Jobs queued or in flight. */
  backlog: number;
  closed: boolean;
  /** Told that its worker is ready. */
  readied: boolean;
}

interface PendingTx {
  tx: Transaction;
  docs: TxDocs['docs'];
  jobs: number;
}

/** Jobs sent to a worker in one message: enough to spare round trips, few enough to requeue cheaply. */
const BATCH = 64;

/** How often the watchdog looks between two evaluations. */
const WATCH_IDLE_MS = 25;

/** One worker and the listeners it evaluates (the token holder's, or everyone else's). */
class Lane {
  readonly entries = new Map<number, Entry>();
  private worker: Worker | null = null;
  private ready = false;
  private failedStarts = 0;
  private broken = false;
  /** Closed with the service: a listener arriving during the close must not start a new worker. */
  private stopped = false;
  /** Written by the worker (listen-worker.ts): the listener it evaluates, since when. One per worker. */
  private state = new BigInt64Array(new SharedArrayBuffer(16));
  private known = new Set<number>();
  private sent = new Set<number>();
  private forget: number[] = [];
  private readonly txs = new Map<number, PendingTx>();
  /** Jobs waiting, each client's in order, the clients taking turns. */
  private readonly queue = new FairQueue<FilterJob>();
  private inFlight: FilterJob[] = [];
  /** What the job in flight of each listener may take (ms), fixed when its batch was sent. */
  private allowance = new Map<number, number>();
  private watch: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: FilterLimits,
    private readonly trusted: boolean,
    private readonly log: (message: string) => void,
  ) {}

  add(entry: Entry): void {
    if (this.stopped) {
      entry.callbacks.ended('the content service is shutting down');
      return;
    }
    if (this.broken) {
      entry.callbacks.ended('listen filters cannot be evaluated on this service');
      return;
    }
    this.entries.set(entry.id, entry);
    if (!this.worker) this.spawn();
    else if (this.ready) queueMicrotask(() => this.tellReady(entry));
  }

  private tellReady(entry: Entry): void {
    if (entry.readied || entry.closed) return;
    entry.readied = true;
    entry.callbacks.ready();
  }

  remove(entry: Entry): void {
    entry.closed = true;
    this.entries.delete(entry.id);
    if (this.known.delete(entry.id)) this.post({ type: 'drop', listener: entry.id });
  }

  enqueue(seq: number, tx: Transaction): void {
    if (this.entries.size === 0) return;
    const pending: PendingTx = { tx, docs: tx.changes.map((c) => ({ before: c.before, after: c.after })), jobs: 0 };
    for (const entry of this.entries.values()) {
      const changes: number[] = [];
      tx.changes.forEach((c, i) => {
        if (this.trusted || !isPrivateId(c.documentId)) changes.push(i);
      });
      if (changes.length === 0) continue;
      if (entry.backlog >= this.limits.maxBacklog) {
        this.end(entry, `the listener fell ${entry.backlog} transactions behind and was stopped; listen again`);
        continue;
      }
      this.queue.push(entry.spec.client, { listener: entry.id, tx: seq, changes });
      entry.backlog++;
      pending.jobs++;
    }
    if (pending.jobs > 0) this.txs.set(seq, pending);
    this.pump();
  }

  /** Sends the next batch: one job per client in turn, each client's own jobs in order. */
  private pump(): void {
    if (!this.worker || !this.ready || this.inFlight.length > 0) return;
    const batch: FilterJob[] = [];
    while (batch.length < BATCH && this.queue.size > 0) {
      const job = this.queue.shift()!;
      if (this.entries.has(job.listener)) batch.push(job);
      else this.settle(job);
    }
    if (batch.length === 0) return;
    const txs: TxDocs[] = [];
    for (const job of batch) {
      const entry = this.entries.get(job.listener)!;
      if (!this.known.has(entry.id)) {
        const { tree, query, params } = entry.spec;
        this.post({ type: 'add', listener: entry.id, tree, query, params });
        this.known.add(entry.id);
      }
      if (!this.sent.has(job.tx)) {
        txs.push({ seq: job.tx, docs: this.txs.get(job.tx)!.docs });
        this.sent.add(job.tx);
      }
      this.allowance.set(entry.id, Math.max(1, Math.min(this.deadline(), this.refill(entry))));
    }
    this.inFlight = batch;
    this.post({ type: 'match', txs, forget: this.forget.splice(0), jobs: batch });
    this.arm(0);
  }

  private deadline(): number {
    return this.trusted ? this.limits.trustedDeadlineMs : this.limits.deadlineMs;
  }

  /** The listener's budget, refilled for the time since it was last charged. */
  private refill(entry: Entry): number {
    const now = Date.now();
    entry.budget = Math.min(this.limits.budgetMs, entry.budget + ((now - entry.at) * this.limits.budgetMs) / 60_000);
    entry.at = now;
    return entry.budget;
  }

  private arm(ms: number): void {
    if (this.watch) clearTimeout(this.watch);
    this.watch = setTimeout(() => this.check(), ms);
    this.watch.unref();
  }

  /** The watchdog: ends the worker when the filter it is evaluating has run past its allowance. */
  private check(): void {
    this.watch = null;
    if (this.inFlight.length === 0) return;
    const listener = Number(Atomics.load(this.state, STATE_LISTENER));
    const since = Number(Atomics.load(this.state, STATE_SINCE));
    const allowed = this.allowance.get(listener);
    if (listener === 0 || allowed === undefined) {
      this.arm(WATCH_IDLE_MS);
      return;
    }
    const elapsed = Date.now() - since;
    if (elapsed < allowed) {
      this.arm(allowed - elapsed + 5);
      return;
    }
    const entry = this.entries.get(listener);
    if (entry)
      this.end(
        entry,
        allowed < this.deadline()
          ? `the listen filter used its ${this.limits.budgetMs} ms of evaluation a minute and was stopped; listen with a simpler filter`
          : `the listen filter ran longer than ${allowed} ms on one transaction and was stopped; listen with a simpler filter`,
      );
    this.restart(listener);
  }

  private onMessage(msg: FromListenWorker): void {
    if (msg.type === 'ready') {
      this.ready = true;
      this.failedStarts = 0;
      for (const entry of [...this.entries.values()]) this.tellReady(entry);
      this.pump();
      return;
    }
    const at = this.inFlight.findIndex((j) => j.listener === msg.listener && j.tx === msg.tx);
    if (at < 0) return;
    const [job] = this.inFlight.splice(at, 1);
    const entry = this.entries.get(msg.listener);
    if (msg.type === 'failed') this.log(`content-service: a listen filter failed: ${msg.message}`);
    else if (entry) this.deliver(entry, job!, msg.hits, msg.ms);
    this.settle(job!);
    if (this.inFlight.length === 0) {
      if (this.watch) clearTimeout(this.watch);
      this.watch = null;
      this.pump();
    }
  }

  private deliver(entry: Entry, job: FilterJob, hits: boolean[], ms: number): void {
    const pending = this.txs.get(job.tx);
    if (!pending) return;
    entry.budget -= ms;
    this.queue.charge(entry.spec.client, ms);
    const verdicts = new Map<DocumentChange, Verdict>();
    job.changes.forEach((i, k) => {
      const was = hits[2 * k] === true;
      const is = hits[2 * k + 1] === true;
      if (was || is) verdicts.set(pending.tx.changes[i]!, { was, is });
    });
    if (verdicts.size > 0) entry.callbacks.matched(pending.tx, verdicts);
    if (entry.budget <= 0)
      this.end(entry, `the listen filter used its ${this.limits.budgetMs} ms of evaluation a minute and was stopped`);
  }

  /** A job is done with (answered, dropped, or its listener ended): its transaction is let go after the last. */
  private settle(job: FilterJob): void {
    const entry = this.entries.get(job.listener);
    if (entry) entry.backlog--;
    const pending = this.txs.get(job.tx);
    if (!pending || --pending.jobs > 0) return;
    this.txs.delete(job.tx);
    if (this.sent.delete(job.tx)) this.forget.push(job.tx);
  }

  private end(entry: Entry, description: string): void {
    if (entry.closed) return;
    for (const job of this.queue.remove((j) => j.listener === entry.id)) this.settle(job);
    this.remove(entry);
    entry.callbacks.ended(description);
  }

  /** Ends the worker (a filter past its allowance, or the worker died) and puts unfinished jobs back in front. */
  private restart(culprit: number): void {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    if (worker) {
      worker.removeAllListeners();
      void worker.terminate();
    }
    if (this.watch) clearTimeout(this.watch);
    this.watch = null;
    const unfinished = this.inFlight.splice(0).reverse();
    for (const job of unfinished) {
      if (job.listener === culprit) {
        this.settle(job);
        continue;
      }
      const client = this.entries.get(job.listener)?.spec.client;
      if (client === undefined) {
        this.settle(job);
        continue;
      }
      this.queue.unshift(client, job);
    }
    this.known = new Set();
    this.sent = new Set();
    this.forget = [];
    if (this.entries.size > 0) this.spawn();
  }

  private spawn(): void {
    if (this.stopped) return;
    // A fresh state: a worker being terminated may still write to the old one.
    this.state = new BigInt64Array(new SharedArrayBuffer(16));
    const worker = createWorker('listen-worker', {
      workerData: { state: this.state.buffer },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    this.worker = worker;
    this.ready = false;
    worker.on('message', (msg: FromListenWorker) => this.onMessage(msg));
    worker.on('error', (err) => this.died(worker, err));
    worker.on('exit', () => this.died(worker, null));
  }

  /** The worker ended by itself: out of memory (the filter it was running is the culprit), or crashed. */
  private died(worker: Worker, err: Error | null): void {
    if (worker !== this.worker) return;
    const oom = (err as NodeJS.ErrnoException | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (!this.ready && ++this.failedStarts >= 3) {
      this.log(`content-service: listen-filter workers fail to start (${err?.message ?? 'exited'})`);
      this.broken = true;
      this.worker = null;
      for (const entry of [...this.entries.values()])
        this.end(entry, 'listen filters cannot be evaluated on this service');
      return;
    }
    if (!oom && err) this.log(`content-service: a listen-filter worker failed: ${err.message}`);
    const culprit = Number(Atomics.load(this.state, STATE_LISTENER));
    const entry = this.entries.get(culprit);
    if (entry)
      this.end(
        entry,
        oom
          ? `the listen filter needed more than ${this.limits.memoryMb} MB and was stopped; listen with a simpler filter`
          : 'the listen filter failed and was stopped',
      );
    this.restart(culprit);
  }

  private post(msg: ToListenWorker): void {
    this.worker?.postMessage(msg);
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.watch) clearTimeout(this.watch);
    this.entries.clear();
    this.queue.drain();
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      worker.removeAllListeners();
      await worker.terminate();
    }
  }
}

export class FilterPool {
  private readonly lanes: { trusted: Lane; anonymous: Lane };
  private readonly unsubscribe: () => void;
  private nextId = 1;
  private nextTx = 1;

  constructor(
    store: DatasetStore,
    private readonly limits: FilterLimits,
    log: (message: string) => void,
  ) {
    this.lanes = { trusted: new Lane(limits, true, log), anonymous: new Lane(limits, false, log) };
    this.unsubscribe = store.subscribe((tx) => {
      const seq = this.nextTx++;
      this.lanes.trusted.enqueue(seq, tx);
      this.lanes.anonymous.enqueue(seq, tx);
    });
  }

  /** Starts evaluating a listener's filter on every later transaction; returns what stops it. */
  open(spec: FilterSpec, callbacks: FilterCallbacks): () => void {
    const lane = spec.trusted ? this.lanes.trusted : this.lanes.anonymous;
    const entry: Entry = {
      id: this.nextId++,
      spec,
      callbacks,
      budget: this.limits.budgetMs,
      at: Date.now(),
      backlog: 0,
      closed: false,
      readied: false,
    };
    lane.add(entry);
    return () => {
      if (!entry.closed) lane.remove(entry);
    };
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await Promise.all([this.lanes.trusted.close(), this.lanes.anonymous.close()]);
  }
}
