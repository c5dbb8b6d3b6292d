// Entry point of the embedded, Sanity-compatible content service: what `npm run content`, the
// export and the preview server start when no hosted project is configured. It serves one
// dataset folder (dataset.ndjson + images/) or a `sanity dataset export` (tarball or folder) on
// loopback and follows edits of the file.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { contentServicePlugin } from './plugin.ts';
import { DATASET_NAME, DEFAULT_DATASET } from '../core/content-rules.ts';
import { InputError } from '../core/errors.ts';
import { DatasetStore } from './store.ts';
import { runQuery } from './groq.ts';
import { withAssetUrls } from './asset-urls.ts';
import { removeStaleTempFiles, writeFileAtomic } from './persist.ts';
import { DEFAULT_QUERY_LIMITS, QueryPool, type QueryLimits } from './query-pool.ts';
import {
  convertExportFolder,
  EMBEDDED_PROJECT,
  defaultCacheDir,
  extractTarball,
  findExportRoot,
  isTarball,
  statKey,
} from './sanity-export.ts';
import { TarError } from '../core/tar.ts';
import { selectionsThrough } from './selection-queries.ts';
import { REPO_ROOT } from '../core/paths.ts';
import { timeoutOptions, type HttpTimeouts } from '../core/http-timeouts.ts';

export { DatasetStore } from './store.ts';
export type { Doc, Perspective, Transaction, DocumentChange } from './documents.ts';

export interface ContentServiceOptions {
  contentDir: string;
  port?: number;
  host?: string;
  /**
   * Bearer token that unlocks drafts, raw reads, mutations and uploads; null/absent: published
   * reads only. With a token an empty folder is accepted as an empty dataset.
   */
  token?: string | null;
  /**
   * Write accepted mutations and uploaded assets into the dataset folder (atomically), so a
   * restart keeps them: what `npm run content` does with a token. Default false: mutations stay
   * in memory and uploads are refused. Never for a `sanity dataset export` (its converted copy
   * lives in the cache), where this is ignored with a warning.
   */
  persist?: boolean;
  dataset?: string;
  /** Follow edits of dataset.ndjson (default true). */
  watch?: boolean;
  /** Keep-alive comment interval on listen streams (default 25 s). */
  keepAliveMs?: number;
  /** Stat-poll interval backing up fs.watch (default 1 s). */
  pollMs?: number;
  /** Debounce of file-change reloads (default 75 ms). */
  debounceMs?: number;
  /** Byte budget of the transformed-image cache (default 64 MiB). */
  imageCacheBytes?: number;
  /** Limits of GROQ evaluation: worker threads, time budget, heap, result size (defaults in query-pool.ts). */
  queryLimits?: Partial<QueryLimits>;
  /** Event streams (listen and live) open at once (default 1000, the hosted free plan's); beyond, 429. */
  maxStreams?: number;
  /** Anonymous event streams one address may hold (default 100); token holders are not counted. */
  maxStreamsPerAddress?: number;
  /** Request, header and idle-socket time limits (defaults in core/http-timeouts.ts). */
  timeouts?: Partial<HttpTimeouts>;
  /** Bytes of query answers being sent at once (default 256 MiB); beyond, 503. */
  maxAnswerBytesInFlight?: number;
  /** Queries one address without the token may have in progress (default 16); beyond, 503. */
  maxQueriesPerAddress?: number;
  /** Where warnings go (malformed lines, failures); default console.warn. Never receives the token. */
  log?: (message: string) => void;
  /**
   * The caller is the one process reading, and reads published documents in this thread
   * (ContentService.readPublished): the export. No query worker starts until an HTTP query asks
   * for one, and the documents are parsed line by line from the file's bytes.
   */
  readsInProcess?: boolean;
}

export interface ContentService {
  url: string;
  port: number;
  /** Accepted changes and uploads are written to the dataset folder (a tarball is never written to). */
  persists: boolean;
  /**
   * With `readsInProcess`: a query's result over the published documents, as an anonymous client
   * would get it over HTTP (asset URLs on this service), evaluated in this thread. The export reads
   * each document once: a worker's parsed copy of the dataset and every answer's trip through JSON
   * and HTTP cost it, at 10,000 schools, gigabytes and seconds. The result shares objects with the
   * store: the caller does not change it.
   */
  readPublished?: (query: string, params?: Record<string, unknown>) => Promise<unknown>;
  close(): Promise<void>;
}

export interface DatasetLocation {
  /** The folder named by --content (for a tarball: its extracted export folder in the cache). */
  dir: string;
  /** The dataset.ndjson the store reads (for a real export: the converted copy in the cache). */
  file: string;
  imagesDir: string;
  filesDir: string;
  format: 'folder' | 'sanity-export';
  /** An empty folder accepted as an empty dataset (allowEmpty): no dataset.ndjson yet. */
  empty?: boolean;
}

const resolved = new Map<string, DatasetLocation>();

/**
 * Finds the dataset behind --content: a dataset folder (dataset.ndjson + images/), a
 * `sanity dataset export` tarball, or such a tarball extracted (data.ndjson + assets.json, alone or
 * in one subfolder). Real exports are extracted and converted into the cache once per process and
 * source state; their warnings (unresolvable asset fields) go to `log` then. Throws an InputError
 * naming the missing path.
 */
export function resolveDatasetFolder(
  contentDir: string,
  opts: { log?: (message: string) => void; cacheDir?: string; allowEmpty?: boolean } = {},
): DatasetLocation {
  const dir = resolve(contentDir);
  if (!existsSync(dir)) throw new InputError(`content folder not found: ${dir}`);
  const log = opts.log ?? ((m: string) => console.warn(m));
  const cacheDir = opts.cacheDir ?? defaultCacheDir(REPO_ROOT);
  const st = statSync(dir);
  if (st.isFile() && !isTarball(dir)) {
    throw new InputError(`content folder not found: ${dir} (a file, not a .tar.gz export)`);
  }
  if (st.isDirectory() && existsSync(join(dir, 'dataset.ndjson'))) {
    const file = join(dir, 'dataset.ndjson');
    return { dir, file, imagesDir: join(dir, 'images'), filesDir: join(dir, 'files'), format: 'folder' };
  }
  if (st.isDirectory() && readdirSync(dir).length === 0) {
    if (!opts.allowEmpty)
      throw new InputError(
        `content folder is empty: ${dir} (an empty folder is an empty dataset only for \`npm run content\` with --token, to import into)`,
      );
    const file = join(dir, 'dataset.ndjson');
    return { dir, file, imagesDir: join(dir, 'images'), filesDir: join(dir, 'files'), format: 'folder', empty: true };
  }
  let exportRoot: string | null;
  if (st.isFile()) {
    let extracted: string;
    try {
      extracted = extractTarball(dir, cacheDir);
    } catch (err) {
      if (err instanceof TarError) throw new InputError(`${dir}: ${err.message}`);
      throw err;
    }
    exportRoot = findExportRoot(extracted);
    if (!exportRoot) throw new InputError(`${dir}: no data.ndjson in the tarball (is it a \`sanity dataset export\`?)`);
  } else {
    exportRoot = findExportRoot(dir);
    if (!exportRoot) {
      throw new InputError(
        `dataset file not found: ${join(dir, 'dataset.ndjson')} ` +
          '(a dataset folder holds dataset.ndjson and images/; ' +
          'a `sanity dataset export` holds data.ndjson and assets.json)',
      );
    }
  }
  const key = `${statKey(join(exportRoot, 'data.ndjson'))}|${cacheDir}`;
  const known = resolved.get(key);
  if (known) return known;
  const { file, warnings } = convertExportFolder(exportRoot, cacheDir);
  for (const w of warnings) log(`content-service: ${w}`);
  const location: DatasetLocation = {
    dir: exportRoot,
    file,
    imagesDir: join(exportRoot, 'images'),
    filesDir: join(exportRoot, 'files'),
    format: 'sanity-export',
  };
  resolved.set(key, location);
  return location;
}

/** Builds the Fastify app without listening (tests may use app.inject). */
export async function buildContentServiceApp(
  opts: ContentServiceOptions,
): Promise<{ app: FastifyInstance; store: DatasetStore; pool: QueryPool; stopWatching: () => void; persist: boolean }> {
  const dataset = opts.dataset ?? DEFAULT_DATASET;
  if (!DATASET_NAME.test(dataset))
    throw new InputError(`invalid dataset name "${dataset}" (lowercase letters, digits, - and _)`);
  const log = opts.log ?? ((m: string) => console.warn(m));
  const token = opts.token ?? null;
  const location = resolveDatasetFolder(opts.contentDir, { log, allowEmpty: token !== null });
  const { file, imagesDir, filesDir } = location;
  const persist = opts.persist === true && location.format === 'folder';
  if (opts.persist && !persist)
    log(
      `content-service: ${opts.contentDir} is a \`sanity dataset export\`: mutations stay in memory and uploads are refused (import into a dataset folder to keep them)`,
    );
  if (persist) {
    for (const dir of [location.dir, imagesDir, filesDir]) await removeStaleTempFiles(dir);
    // From the first moment on the folder is a dataset folder, even if only assets arrive before a crash.
    if (location.empty) await writeFileAtomic(file, '');
  }
  const store = new DatasetStore(file, log, persist);
  const size = location.empty ? 0 : statSync(file).size;
  // A worker's copy of the documents takes ~4 bytes of heap per byte of file, and a query's working
  // set comes on top: the heap limit grows with the dataset (16× its size) above the 512 MB default.
  const memoryMb = Math.max(DEFAULT_QUERY_LIMITS.memoryMb, Math.ceil(size / 1e6) * 16);
  const limits = { ...DEFAULT_QUERY_LIMITS, memoryMb, ...opts.queryLimits };
  let pool: QueryPool;
  if (opts.readsInProcess) {
    pool = new QueryPool(store, { ...limits, workersAtStart: 0 }, log);
    if (!location.empty) store.loadLineByLine(persist || opts.watch !== false);
  } else {
    // The query workers parse the same text in their own thread while this one does.
    const text = store.readText({ missingOk: location.empty === true });
    pool = new QueryPool(store, limits, log, text);
    store.loadText(text);
  }
  // A mutation's selection query is the caller's GROQ too: it runs where queries run, not here.
  store.runSelectionsWith(selectionsThrough(pool, dataset));
  // Logger off: request logs would carry the Authorization header.
  // maxParamLength: the Studio asks /data/doc for a document and every one it references at once.
  const app = Fastify({
    logger: false,
    bodyLimit: 32 * 1024 * 1024,
    forceCloseConnections: true,
    ...timeoutOptions(opts.timeouts),
    routerOptions: { maxParamLength: 8 * 1024 },
  });
  app.setNotFoundHandler((req, reply) =>
    reply
      .code(404)
      // Readable across origins, so a browser app (the Studio) sees "not supported", not a network error.
      .header('access-control-allow-origin', '*')
      .send({ statusCode: 404, error: 'Not Found', message: `no route ${req.method} ${req.url.split('?')[0]}` }),
  );
  // A plugin that fails to register (a route declared twice) leaves the query workers running: the
  // caller would get the error but its process would never end. They are stopped before it is thrown.
  const registered = app.register(contentServicePlugin, {
    store,
    dataset,
    token,
    imagesDir,
    filesDir,
    persist,
    keepAliveMs: opts.keepAliveMs ?? 25_000,
    log,
    ...(opts.imageCacheBytes ? { imageCacheBytes: opts.imageCacheBytes } : {}),
    pool,
    ...(opts.maxStreams ? { maxStreams: opts.maxStreams } : {}),
    ...(opts.maxStreamsPerAddress ? { maxStreamsPerAddress: opts.maxStreamsPerAddress } : {}),
    ...(opts.maxAnswerBytesInFlight ? { maxAnswerBytesInFlight: opts.maxAnswerBytesInFlight } : {}),
    ...(opts.maxQueriesPerAddress ? { maxQueriesPerAddress: opts.maxQueriesPerAddress } : {}),
  });
  try {
    await registered;
  } catch (err) {
    await pool.close();
    await app.close().catch(() => {});
    throw err;
  }
  const stopWatching =
    opts.watch === false
      ? () => {}
      : store.watch({
          ...(opts.pollMs ? { pollMs: opts.pollMs } : {}),
          ...(opts.debounceMs ? { debounceMs: opts.debounceMs } : {}),
        });
  app.addHook('onClose', async () => stopWatching());
  return { app, store, pool, stopWatching, persist };
}

export async function startContentService(opts: ContentServiceOptions): Promise<ContentService> {
  const { app, persist, store } = await buildContentServiceApp(opts);
  const host = opts.host ?? '127.0.0.1';
  try {
    await app.listen({ port: opts.port ?? 0, host });
  } catch (err) {
    await app.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | null = null;
  const dataset = opts.dataset ?? DEFAULT_DATASET;
  const readPublished = async (query: string, params: Record<string, unknown> = {}) =>
    runQuery(query, withAssetUrls(store.view('published', false), url, EMBEDDED_PROJECT, dataset), { params, dataset });
  return {
    url,
    port,
    persists: persist,
    ...(opts.readsInProcess ? { readPublished } : {}),
    close: () => (closing ??= app.close().then(() => undefined)),
  };
}
