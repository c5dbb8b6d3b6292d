// The listen-filter worker: every open listener's GROQ filter, evaluated against the documents a
// transaction changed, in a thread of its own. groq-js turns `match` terms and `path()` globs into
// backtracking regular expressions that V8 cannot interrupt; here one costs this thread only, and
// filter-pool.ts ends the thread once the filter passes its deadline. Before each evaluation the
// worker writes which listener it is evaluating and since when into shared memory, so the pool's
// watchdog knows the culprit without waiting for a message this thread may never send.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { ExprNode } from 'groq-js';
import { selects } from './groq.ts';
import {
  STATE_LISTENER,
  STATE_SINCE,
  type FilterJob,
  type FromListenWorker,
  type ToListenWorker,
  type TxDocs,
} from './filter-pool.ts';

const port = parentPort;
if (!port) throw new Error('content-service/listen-worker.ts runs as a worker thread only');
const state = new BigInt64Array((workerData as { state: SharedArrayBuffer }).state);
const filters = new Map<number, { tree: ExprNode; query: string; params: Record<string, unknown> }>();
const txs = new Map<number, TxDocs['docs']>();
const reply = (message: FromListenWorker): void => port.postMessage(message);
const now = (): number => performance.timeOrigin + performance.now();

async function run(job: FilterJob): Promise<void> {
  const filter = filters.get(job.listener);
  const docs = txs.get(job.tx);
  if (!filter || !docs) {
    reply({ type: 'failed', listener: job.listener, tx: job.tx, message: 'the filter or its transaction is unknown' });
    return;
  }
  const started = now();
  Atomics.store(state, STATE_SINCE, BigInt(Math.floor(started)));
  Atomics.store(state, STATE_LISTENER, BigInt(job.listener));
  try {
    const ctx = { params: filter.params };
    const hits: boolean[] = [];
    for (const i of job.changes) {
      const change = docs[i];
      hits.push(
        change ? await selects(filter.tree, filter.query, change.before, ctx) : false,
        change ? await selects(filter.tree, filter.query, change.after, ctx) : false,
      );
    }
    reply({ type: 'matched', listener: job.listener, tx: job.tx, hits, ms: now() - started });
  } catch (err) {
    reply({ type: 'failed', listener: job.listener, tx: job.tx, message: (err as Error).message });
  } finally {
    Atomics.store(state, STATE_LISTENER, 0n);
  }
}

async function handle(msg: ToListenWorker): Promise<void> {
  switch (msg.type) {
    case 'add':
      filters.set(msg.listener, { tree: msg.tree, query: msg.query, params: msg.params });
      return;
    case 'drop':
      filters.delete(msg.listener);
      return;
    case 'match':
      for (const seq of msg.forget) txs.delete(seq);
      for (const tx of msg.txs) txs.set(tx.seq, tx.docs);
      for (const job of msg.jobs) await run(job);
      return;
  }
}

// Strictly in order: a filter added before a job is there when the job runs.
let chain: Promise<void> = Promise.resolve();
port.on('message', (msg: ToListenWorker) => {
  chain = chain.then(() => handle(msg));
});
reply({ type: 'ready' });
