// Starts the content service's worker threads (the query workers, the listen-filter worker) the
// same way under tsx, where Node 20 does not pass the loader on to a worker, and from the bundle
// in dist/, where bin/run.mjs builds each worker as an entry of its own.
import { Worker, type WorkerOptions } from 'node:worker_threads';

const SELF = import.meta.url;

/** The workers bin/run.mjs bundles (its WORKERS table): each module's name without extension. */
export type WorkerName = 'query-worker' | 'listen-worker';

export function createWorker(name: WorkerName, options: WorkerOptions): Worker {
  if (SELF.endsWith('.ts')) {
    const api = import.meta.resolve('tsx/esm/api');
    const entry = new URL(`./${name}.ts`, SELF).href;
    const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, { ...options, eval: true });
  }
  // Bundled (bin/run.mjs): dist/<name>.mjs sits next to the chunk holding this module.
  return new Worker(new URL(`./${name}.mjs`, SELF), options);
}
