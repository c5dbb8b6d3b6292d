// The image routes of the embedded service: GET /images/… renders Sanity's image URL parameters
// (image-params.ts) with sharp (image-render.ts) over the dataset's images/ folder, behind a render
// queue and a variant cache, so every URL the site builds renders locally exactly as the hosted
// image CDN would size it; GET /files/… serves file assets unchanged. Renders take turns by client
// address, and one address may have only so many waiting, so eighty renders from one client
// delay another client's image by a turn instead of filling the queue (13 of 15 ordinary images
// were refused that way, and an export reading the service failed).
import { access, readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { isHeavyRender, RENDER_TIMEOUT_S } from './image-cost.ts';
import {
  ImageRequestError,
  negotiateFormat,
  one,
  parseImageParams,
  type ImageParams,
  type OutFormat,
  type Query,
} from './image-params.ts';
import { renderVariant } from './image-render.ts';
import { FairRunner } from './fair-turns.ts';
import { MIME_TYPES } from './sanity-export.ts';

const FILE_RE = /^([A-Za-z0-9]+)-(\d{1,5})x(\d{1,5})\.([a-z0-9]{2,5})$/;
const MIME: Record<OutFormat | 'gif' | 'svg', string> = {
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

export interface ImagesPluginOptions {
  imagesDir: string;
  /** File assets (a real export's files/), served unchanged under /files/<project>/<dataset>/<hash>.<ext>. */
  filesDir?: string;
  dataset: string;
  /** Budget of the in-memory variant cache, in bytes (default 64 MiB). */
  cacheBytes?: number;
  /** Images rendered at once (default 2; libvips uses several threads per image). */
  renderConcurrency?: number;
  /** Renders allowed to wait for a turn, every client together; beyond, 503 (default 256). */
  maxQueuedRenders?: number;
  /** Renders one client address may have waiting or running; beyond, 429 (default 24: the export fetches 6 at a time). */
  maxRendersPerClient?: number;
}

/** Seconds a client told to wait (429, 503) is asked to wait before asking again. */
export const RENDER_RETRY_AFTER_S = 2;

/**
 * Every answer of the image and file routes: an SVG (or any uploaded file) opened directly must not
 * run script on this service's origin, which any origin may read (CORS *). `sandbox` gives the
 * document a unique opaque origin with scripts off; it does not affect <img> embedding.
 */
export const ASSET_HEADERS: Record<string, string> = {
  'content-security-policy': "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const mimeOfExtension = (ext: string): string => MIME_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';

/** A render waiting for its turn: the source is read only then, so waiting costs no memory. */
type RenderTask = { path: string; params: ImageParams; format: OutFormat | 'gif' };
type AssetParams = { projectId: string; dataset: string; file: string };
type AssetRequest = FastifyRequest<{ Params: AssetParams; Querystring: Query }>;

/** Not rendered: the queue is full (503), or this client has its share waiting already (429). */
const QUEUE_FULL = Symbol('queue full');
const CLIENT_FULL = Symbol('client full');

function fail(reply: FastifyReply, err: ImageRequestError): FastifyReply {
  return reply
    .code(err.status)
    .header('cache-control', 'no-store')
    .send({ statusCode: err.status, error: err.status === 404 ? 'Not Found' : 'Bad Request', message: err.message });
}

/**
 * Renders take turns by client (fair-turns.ts): a burst of expensive URLs queues up behind a fixed
 * number of sharp pipelines instead of starting all at once, and behind the other clients' renders
 * rather than in front of them; identical URLs share one, and repeated ones come from a cache
 * bounded by bytes and by entries, so a crawl over many sizes cannot grow the process without
 * limit (a variant over the budget is not kept).
 */
function variantRenderer(opts: ImagesPluginOptions) {
  const cache = new LRUCache<string, Buffer>({
    max: 1000,
    maxSize: opts.cacheBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
  });
  const inflight = new Map<string, Promise<Buffer>>();
  const render = async (task: RenderTask): Promise<Buffer> => {
    let source: Buffer;
    try {
      source = await readFile(task.path);
    } catch {
      throw new ImageRequestError(404, 'image not found');
    }
    return renderVariant(source, task.params, task.format).catch((err: Error) => {
      if (/timeout/i.test(err.message))
        throw new ImageRequestError(
          400,
          `the image took longer than ${RENDER_TIMEOUT_S} s to render; ask for fewer pixels or another format`,
        );
      throw err;
    });
  };
  const light = new FairRunner(render, opts.renderConcurrency ?? 2);
  const heavy = new FairRunner(render, 1);
  const waiting = () => light.length + heavy.length;
  const maxQueued = opts.maxQueuedRenders ?? 256;
  const perClient = opts.maxRendersPerClient ?? 24;
  return {
    cached: (key: string) => cache.get(key),
    keep: (key: string, body: Buffer) => cache.set(key, body),
    waiting,
    /** The render of `key`, joined if one is under way; QUEUE_FULL or CLIENT_FULL when it may not wait. */
    start(key: string, client: string, task: RenderTask): Promise<Buffer> | typeof QUEUE_FULL | typeof CLIENT_FULL {
      let job = inflight.get(key);
      if (job) return job;
      if (light.of(client) + heavy.of(client) >= perClient) return CLIENT_FULL;
      if (waiting() >= maxQueued) return QUEUE_FULL;
      const queue = isHeavyRender(task.params, task.format) ? heavy : light;
      job = queue.run(client, task).finally(() => inflight.delete(key));
      inflight.set(key, job);
      return job;
    },
  };
}

type Renderer = ReturnType<typeof variantRenderer>;

/** 503 when every client together filled the queue, 429 when this client has its share waiting. */
function busy(reply: FastifyReply, why: typeof QUEUE_FULL | typeof CLIENT_FULL, waiting: number): FastifyReply {
  const mine = why === CLIENT_FULL;
  return reply
    .code(mine ? 429 : 503)
    .header('retry-after', String(RENDER_RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .send({
      statusCode: mine ? 429 : 503,
      error: mine ? 'Too Many Requests' : 'Service Unavailable',
      message: mine
        ? 'this address already has as many images rendering as it may; try again shortly'
        : `${waiting} images are waiting to be rendered; try again shortly`,
    });
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** No parameters: the original bytes, as the hosted CDN serves them (no re-encoding). */
async function sendOriginal(reply: FastifyReply, path: string, ext: string): Promise<FastifyReply> {
  let original: Buffer;
  try {
    original = await readFile(path);
  } catch {
    return fail(reply, new ImageRequestError(404, 'image not found'));
  }
  return reply.header('content-type', mimeOfExtension(ext)).header('cache-control', IMMUTABLE).send(original);
}

/** The variant's bytes (an SVG is served as it is), or the reply already sent when there are none. */
async function variantBody(
  req: AssetRequest,
  reply: FastifyReply,
  renderer: Renderer,
  task: { path: string; ext: string; params: ImageParams; format: OutFormat | 'gif' | 'svg' },
): Promise<Buffer | FastifyReply> {
  const { file } = req.params;
  const key = `${file}?${JSON.stringify(task.params)}>${task.format}`;
  const cached = renderer.cached(key);
  if (cached) return cached;
  let body: Buffer;
  if (task.format === 'svg' || task.ext === 'svg') {
    try {
      body = await readFile(task.path);
    } catch {
      return fail(reply, new ImageRequestError(404, 'image not found'));
    }
  } else {
    // A missing file is answered at once, without taking a turn.
    if (!(await exists(task.path))) return fail(reply, new ImageRequestError(404, 'image not found'));
    const job = renderer.start(key, req.ip, { path: task.path, params: task.params, format: task.format });
    if (job === QUEUE_FULL || job === CLIENT_FULL) return busy(reply, job, renderer.waiting());
    try {
      body = await job;
    } catch (err) {
      if (err instanceof ImageRequestError) return fail(reply, err);
      req.log.warn({ err }, 'image transform failed');
      return fail(reply, new ImageRequestError(400, `cannot transform ${file}: ${(err as Error).message}`));
    }
  }
  renderer.keep(key, body);
  return body;
}

async function sendImage(
  req: AssetRequest,
  reply: FastifyReply,
  renderer: Renderer,
  where: { root: string; dataset: string },
): Promise<FastifyReply> {
  const { dataset, file } = req.params;
  if (dataset !== where.dataset) return fail(reply, new ImageRequestError(404, `dataset "${dataset}" not found`));
  const m = FILE_RE.exec(file);
  const path = join(where.root, file);
  if (!m || !resolve(path).startsWith(where.root + sep))
    return fail(reply, new ImageRequestError(404, 'image not found'));
  const ext = m[4]!;
  if (Object.keys(req.query).length === 0) return sendOriginal(reply, path, ext);

  let params: ImageParams;
  try {
    params = parseImageParams(req.query);
  } catch (err) {
    if (err instanceof ImageRequestError) return fail(reply, err);
    throw err;
  }
  const format = negotiateFormat(params, ext, req.headers.accept);
  if (params.autoFormat && !params.fm) reply.header('vary', 'Accept');
  const body = await variantBody(req, reply, renderer, { path, ext, params, format });
  if (!Buffer.isBuffer(body)) return body;
  if (params.download !== undefined) {
    const name = params.download || file;
    reply.header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"`);
  }
  return reply
    .header('content-type', MIME[ext === 'svg' ? 'svg' : format])
    .header('cache-control', IMMUTABLE)
    .send(body);
}

async function sendFile(
  req: AssetRequest,
  reply: FastifyReply,
  where: { filesRoot: string | null; dataset: string },
): Promise<FastifyReply> {
  const { dataset, file } = req.params;
  const { filesRoot } = where;
  if (dataset !== where.dataset) return fail(reply, new ImageRequestError(404, `dataset "${dataset}" not found`));
  const m = /^[A-Za-z0-9]+\.([A-Za-z0-9]{1,10})$/.exec(file);
  const path = filesRoot ? join(filesRoot, file) : null;
  if (!m || !path || !resolve(path).startsWith(filesRoot + sep)) {
    return fail(reply, new ImageRequestError(404, 'file not found'));
  }
  const unknown = Object.keys(req.query).find((k) => k !== 'dl');
  if (unknown) {
    return fail(reply, new ImageRequestError(400, `unsupported file parameter "${unknown}" (supported: dl)`));
  }
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch {
    return fail(reply, new ImageRequestError(404, 'file not found'));
  }
  const dl = one(req.query, 'dl');
  if (dl !== undefined) {
    reply.header('content-disposition', `attachment; filename="${(dl || file).replace(/[^\x20-\x7e]|"/g, '_')}"`);
  }
  return reply.header('content-type', mimeOfExtension(m[1]!)).header('cache-control', IMMUTABLE).send(body);
}

/** Fastify plugin: GET /images/:projectId/:dataset/:file and GET /files/:projectId/:dataset/:file */
export async function imagesPlugin(app: FastifyInstance, opts: ImagesPluginOptions): Promise<void> {
  const root = resolve(opts.imagesDir);
  const renderer = variantRenderer(opts);
  app.addHook('onSend', async (_req, reply) => {
    for (const [k, v] of Object.entries(ASSET_HEADERS)) reply.header(k, v);
  });
  app.get('/images/:projectId/:dataset/:file', (req: AssetRequest, reply) =>
    sendImage(req, reply, renderer, { root, dataset: opts.dataset }),
  );
  const filesRoot = opts.filesDir ? resolve(opts.filesDir) : null;
  app.get('/files/:projectId/:dataset/:file', (req: AssetRequest, reply) =>
    sendFile(req, reply, { filesRoot, dataset: opts.dataset }),
  );
}
