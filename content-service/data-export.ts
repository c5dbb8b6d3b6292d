// GET /data/export/<dataset>: every document as one NDJSON stream, as hosted Sanity's Export API
// sends it and @sanity/export (what `sanity dataset export` runs) reads it, so a district running
// offline has the standard backup. The documents are those of the moment the request arrived
// (the store never changes a committed document; a change makes new ones), in _id order; with the
// token everything (drafts, versions, asset documents with their `url` on this service, where
// @sanity/export downloads the files), without it the published documents outside dotted ids.
// `types=a,b` keeps those types. `nextCursor` (empty to start) is the hosted cursor mode: each
// answer runs for at most CURSOR_SLICE_MS and then ends with `{"nextCursor":"…"}` to continue
// from; an answer that reaches the end writes no cursor.
//
// The stream is pulled by the socket (a slow reader costs nothing but its seat), built in chunks
// of CHUNK_BYTES so a large dataset never holds the event loop, limited to MAX_EXPORTS at once
// (one per address without the token) and to EXPORT_TIME_LIMIT_MS, after which it ends with an
// error line (which @sanity/export raises) or, for a reader that stopped reading, is cut off.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { accessOf } from './access.ts';
import { withAssetUrls } from './asset-urls.ts';
import { assetContext, checkPath } from './data-request.ts';
import type { Doc } from './documents.ts';
import { badRequest } from './http.ts';
import { QueryLimitError } from './query-pool.ts';
import { DataParams } from './schemas.ts';
import type { DatasetStore } from './store.ts';

/** Export streams open at once; each serialises the whole dataset. */
export const MAX_EXPORTS = 4;
/** As hosted: a cursor-mode answer runs for 30 s, then names where to continue. */
export const CURSOR_SLICE_MS = 30_000;
/** Longest an export stream may run (a 20 MB dataset takes about a second to a reader that keeps up). */
export const EXPORT_TIME_LIMIT_MS = 10 * 60_000;
/** Bytes of NDJSON made per pull: one pull never holds the event loop for long. */
const CHUNK_BYTES = 64 * 1024;
/** Type names a `types` parameter may list. */
const MAX_TYPES = 256;

export interface ExportRouteOptions {
  store: DatasetStore;
  dataset: string;
  token: string | null;
  /** Overrides of the limits above (tests). */
  maxExports?: number;
  timeLimitMs?: number;
  cursorSliceMs?: number;
}

const ExportQuery = Type.Object({
  types: Type.Optional(Type.String()),
  nextCursor: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
});

const busy = (why: string) =>
  new QueryLimitError(503, 'serviceBusyError', `${why}; try again when it has finished`).toBody();

/** A position in the _id order: the last id written. */
const cursorOf = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');
function afterCursor(cursor: string): string | null {
  if (cursor === '') return '';
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  return cursorOf(id) === cursor ? id : null;
}

/** Each view's documents in _id order, sorted once per view (a change makes a new view). */
const sortedViews = new WeakMap<readonly Doc[], readonly Doc[]>();
function inIdOrder(docs: readonly Doc[]): readonly Doc[] {
  let sorted = sortedViews.get(docs);
  if (!sorted) {
    sorted = [...docs].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    sortedViews.set(docs, sorted);
  }
  return sorted;
}

/** First index whose _id sorts after `id`. */
function indexAfter(docs: readonly Doc[], id: string): number {
  let [lo, hi] = [0, docs.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (docs[mid]!._id <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Slice {
  docs: readonly Doc[];
  from: number;
  types: Set<string> | null;
  /** In cursor mode, when to stop and name the next cursor. */
  sliceEnd: number | null;
  deadline: number;
  limitMs: number;
}

/** The NDJSON lines, CHUNK_BYTES at a time, pulled by the reader. */
async function* ndjson(s: Slice): AsyncGenerator<string> {
  let i = s.from;
  let lastId: string | null = null;
  while (i < s.docs.length) {
    const now = Date.now();
    if (now >= s.deadline) {
      const description = `the export ran longer than ${Math.ceil(s.limitMs / 1000)} s; export in cursor mode, or try again`;
      yield `${JSON.stringify({ error: { description, type: 'exportTimeoutError' } })}\n`;
      return;
    }
    if (s.sliceEnd !== null && now >= s.sliceEnd && lastId !== null) {
      yield `${JSON.stringify({ nextCursor: cursorOf(lastId) })}\n`;
      return;
    }
    let chunk = '';
    for (; i < s.docs.length && chunk.length < CHUNK_BYTES; i++) {
      const doc = s.docs[i]!;
      lastId = doc._id;
      if (s.types && !s.types.has(String(doc._type))) continue;
      chunk += `${JSON.stringify(doc)}\n`;
    }
    if (chunk) yield chunk;
  }
}

export async function dataExportRoutes(instance: FastifyInstance, opts: ExportRouteOptions): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const maxExports = opts.maxExports ?? MAX_EXPORTS;
  const timeLimitMs = opts.timeLimitMs ?? EXPORT_TIME_LIMIT_MS;
  const cursorSliceMs = opts.cursorSliceMs ?? CURSOR_SLICE_MS;
  const open = new Set<Readable>();
  const anonymous = new Set<string>();
  // A reader that stopped reading would keep close() waiting forever: its stream is ended first.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.destroy();
  });

  app.get(
    '/:apiVersion/data/export/:dataset',
    { schema: { params: DataParams, querystring: ExportQuery } },
    async (req, reply) => {
      if (!checkPath(req, reply, opts.dataset)) return reply;
      const editor = accessOf(req.headers.authorization, opts.token) === 'editor';
      const types = req.query.types
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (types && types.length > MAX_TYPES) return badRequest(reply, `"types" may list at most ${MAX_TYPES} types`);
      const after = req.query.nextCursor === undefined ? '' : afterCursor(req.query.nextCursor);
      if (after === null) return badRequest(reply, `"nextCursor" is not a cursor this export wrote`);
      if (open.size >= maxExports)
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send(busy(`${open.size} exports are running`));
      if (!editor && anonymous.has(req.ip))
        return reply.code(503).header('cache-control', 'no-store').send(busy('this address is already exporting'));

      const { origin, project } = assetContext(req);
      const view = opts.store.view(editor ? 'raw' : 'published', editor);
      const docs = inIdOrder(withAssetUrls(view, origin, project, opts.dataset));
      const started = Date.now();
      const stream = Readable.from(
        ndjson({
          docs,
          from: after === '' ? 0 : indexAfter(docs, after),
          types: types && types.length > 0 ? new Set(types) : null,
          sliceEnd: req.query.nextCursor === undefined ? null : started + cursorSliceMs,
          deadline: started + timeLimitMs,
          limitMs: timeLimitMs,
        }),
        { objectMode: false, highWaterMark: CHUNK_BYTES },
      );
      open.add(stream);
      if (!editor) anonymous.add(req.ip);
      // A reader that stopped reading never pulls the error line: it is cut off a little later.
      const cutOff = setTimeout(() => stream.destroy(), timeLimitMs + Math.min(5_000, Math.max(1_000, timeLimitMs)));
      cutOff.unref();
      reply.raw.once('close', () => {
        clearTimeout(cutOff);
        open.delete(stream);
        if (!editor) anonymous.delete(req.ip);
        stream.destroy();
      });
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
