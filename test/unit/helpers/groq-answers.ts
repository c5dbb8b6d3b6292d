// The answers of GROQ queries, through the embedded service's planned path and through plain
// groq-js, computed in a worker thread. Why a worker: node:test (Node 20) follows every async
// resource of the test's thread with an async hook, destroy tracking included, and groq-js makes
// promises for every value it evaluates: on the test's own thread the same work took 4x the CPU
// (query-plan.test.ts: 21 s instead of 5 s). The answers come back by structured clone: JSON
// values, compared on the test's thread as they were.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { evaluate, parse } from 'groq-js';
import { evaluateQuery, parseQuery } from '../../../content-service/groq.ts';

export type Query = [query: string, params: Record<string, unknown>];
export interface Answers {
  planned: unknown;
  plain: unknown;
}
interface Job {
  groqAnswers: true;
  docs: unknown[];
  queries: Query[];
}

/** Each query's planned and plain answer over `docs`, in order. */
export function groqAnswers(docs: unknown[], queries: Query[]): Promise<Answers[]> {
  return new Promise((resolve, reject) => {
    const job: Job = { groqAnswers: true, docs, queries };
    // Node 20 does not pass tsx's loader to workers: the worker registers it first.
    const api = import.meta.resolve('tsx/esm/api');
    const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
    const worker = new Worker(boot, { eval: true, workerData: job });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the GROQ worker exited with ${code}`));
    });
  });
}

async function answer({ docs, queries }: Job): Promise<Answers[]> {
  const out: Answers[] = [];
  for (const [q, params] of queries) {
    const planned = await evaluateQuery(parseQuery(q, params), q, docs, { params });
    const plain = await (await evaluate(parse(q, { params }), { dataset: docs, params, timestamp: new Date(0) })).get();
    out.push({ planned, plain });
  }
  return out;
}

if (!isMainThread && (workerData as Partial<Job> | null)?.groqAnswers) {
  parentPort!.postMessage(await answer(workerData as Job));
}
