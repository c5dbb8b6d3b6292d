// A render thread of render-pool.ts: renders the parts of the export it is sent with the same
// buildPages as the main thread and sends the pages back, or the error that stopped a part.
// Must stay the first import: it selects React's production build before anything loads React.
import './production-env.ts';
import { parentPort } from 'node:worker_threads';
import { buildPages, StaleSchoolError } from './pages.ts';
import type { PartReply, PartRequest } from './render-pool.ts';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs only as a worker thread (see render-pool.ts)');
port.on('message', (req: PartRequest) => {
  let reply: PartReply;
  try {
    const warnings: string[] = [];
    const site = buildPages(req.content, { ...req.opts, landing: false, warn: (m) => warnings.push(m) });
    reply = { id: req.id, site, warnings };
  } catch (err) {
    reply = { id: req.id, error: err instanceof Error ? err.message : String(err), ...(err instanceof StaleSchoolError ? { staleFile: err.file } : {}) };
  }
  port.postMessage(reply);
});
port.postMessage('ready');
