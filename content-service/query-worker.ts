// A query worker: a copy of the dataset in its own thread, evaluating GROQ there, so a query that
// runs long or eats memory costs this thread (which the pool in query-pool.ts ends on its time
// budget, and Node ends at its heap limit), never the event loop that serves the preview and the
// export. It parses and evaluates one job at a time and answers with the result already as JSON
// bytes, so the main thread sends them on without serialising, cloning or encoding the result.
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { withAssetUrls } from './asset-urls.ts';
import { parseQuery, QueryError, evaluateQuery } from './groq.ts';
import type { Doc } from './documents.ts';
import { DatasetStore } from './store.ts';
import type { ToWorker, FromWorker } from './query-pool.ts';

const port = parentPort;
if (!port) throw new Error('content-service/query-worker.ts runs as a worker thread only');

// Warnings about the file (malformed lines) were already logged by the main thread's store.
let store = new DatasetStore('dataset.ndjson', () => {});
const reply = (message: FromWorker): void => port.postMessage(message);
const encoder = new TextEncoder();

/** The documents with a transaction's pending changes laid over them (raw ids), for one query. */
function overlaid(
  view: readonly Doc[],
  overlay: { documentId: string; after: Doc | null }[] | undefined,
): readonly Doc[] {
  if (!overlay?.length) return view;
  const byId = new Map(view.map((d) => [d._id, d]));
  for (const { documentId, after } of overlay) {
    if (after) byId.set(documentId, after);
    else byId.delete(documentId);
  }
  return [...byId.values()];
}

async function handle(msg: ToWorker): Promise<void> {
  switch (msg.type) {
    case 'load':
      if ('text' in msg.source) store.loadText(msg.source.text);
      else if ('file' in msg.source) store = new DatasetStore(msg.source.file, () => {}).loadLineByLine(false);
      else store.loadDocs(JSON.parse(msg.source.json) as Doc[]);
      reply({ type: 'ready' });
      return;
    case 'apply':
      store.applyChanges(msg.changes);
      return;
    case 'parse':
      try {
        reply({ type: 'parsed', job: msg.job, tree: parseQuery(msg.query, msg.params) });
      } catch (err) {
        if (err instanceof QueryError) reply({ type: 'query-error', job: msg.job, body: err.toBody() });
        else reply({ type: 'failed', job: msg.job, message: (err as Error).message });
      }
      return;
    case 'query': {
      const started = performance.now();
      try {
        const view = overlaid(store.view(msg.perspective, msg.authenticated), msg.overlay);
        const docs = withAssetUrls(view, msg.origin, msg.project, msg.dataset);
        const tree = parseQuery(msg.query, msg.params);
        const result = await evaluateQuery(tree, msg.query, docs, {
          params: msg.params,
          identity: msg.identity,
          dataset: msg.dataset,
        });
        const json = JSON.stringify(result);
        if (json !== undefined && json.length > msg.maxResultBytes) {
          reply({ type: 'too-large', job: msg.job, chars: json.length });
          return;
        }
        // As UTF-8 bytes in a buffer of their own, moved (not copied) to the main thread, which sends
        // them as they are: for the export's 19 MB answer that spares the main thread two copies.
        const bytes = json === undefined ? null : encoder.encode(json);
        // Loaded on first use: a worker that never maps starts as fast as before (it is restarted after a runaway query).
        const csm = msg.sourceMap ? (await import('./source-map.ts')).resultSourceMap(result, docs) : null;
        const ms = Math.round((performance.now() - started) * 100) / 100;
        const answer: FromWorker = {
          type: 'result',
          job: msg.job,
          bytes,
          ms,
          ...(csm ? { sourceMap: JSON.stringify(csm) } : {}),
        };
        parentPort!.postMessage(answer, bytes ? [bytes.buffer] : []);
      } catch (err) {
        if (err instanceof QueryError) reply({ type: 'query-error', job: msg.job, body: err.toBody() });
        // A result past V8's longest string cannot be sent at all: as too large as results get.
        else if (err instanceof RangeError && /string length/i.test(err.message))
          reply({ type: 'too-large', job: msg.job, chars: Number.POSITIVE_INFINITY });
        else reply({ type: 'failed', job: msg.job, message: (err as Error).message });
      }
      return;
    }
  }
}

// Messages are handled strictly in order: an `apply` sent before a query is applied before it runs.
let chain: Promise<void> = Promise.resolve();
port.on('message', (msg: ToWorker) => {
  chain = chain.then(() => handle(msg));
});
