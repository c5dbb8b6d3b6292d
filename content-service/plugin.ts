// The embedded service's HTTP surface as one Fastify plugin: the subset of Sanity's API the site
// and @sanity/client use (query, doc, mutate, listen, images), with the hosted API's paths,
// response shapes and error bodies, so the same client code runs against either.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accessOf, unauthorized } from './access.ts';
import { assetUploadRoutes } from './assets.ts';
import { withAssetUrls } from './asset-urls.ts';
import {
  DEFAULT_QUERY_LIMITS,
  MAX_POST_QUERY_BYTES,
  MAX_QUERY_BYTES,
  QueryAbortedError,
  QueryLimitError,
  QueryPool,
  WorkerQueryError,
  type QueryLimits,
} from './query-pool.ts';
import {
  API_VERSION_RE,
  BadRequest,
  badRequest,
  checkParams,
  limitedBody,
  notFound,
  paramsFromQuery,
  payloadTooLarge,
  tooLarge,
} from './http.ts';
import { QueryError } from './groq.ts';
import { imagesPlugin } from './images.ts';
import { isImporterAssetCheck, withoutAssetUrl } from './importer-check.ts';
import { listenRoutes } from './listen.ts';
import { liveRoutes } from './live.ts';
import { studioRoutes } from './studio-routes.ts';
import { actionRoutes } from './actions.ts';
import { DataParams, DataQuery, DocParams, MutateBody, QueryBody } from './schemas.ts';
import { isPrivateId, MutationError, type Perspective } from './documents.ts';
import type { DatasetStore } from './store.ts';
import { EMBEDDED_PROJECT } from './sanity-export.ts';

export interface ContentServicePluginOptions {
  store: DatasetStore;
  dataset: string;
  token: string | null;
  imagesDir: string;
  /** Folder of file assets (a real export's files/); served under /files/<project>/<dataset>/. */
  filesDir?: string;
  /** Write mutations and uploads into the dataset folder; without it uploads are refused. */
  persist?: boolean;
  keepAliveMs: number;
  imageCacheBytes?: number;
  /** Limits of GROQ evaluation (workers, time budget, memory, result size); defaults in query-pool.ts. */
  queryLimits?: Partial<QueryLimits>;
  /** Listen streams open at once (default listen.ts's MAX_LISTENERS). */
  maxListeners?: number;
  /** Anonymous listen streams one address may hold (default listen.ts's MAX_LISTENERS_PER_ADDRESS). */
  maxListenersPerAddress?: number;
  /** Bytes of query answers being sent at once (default MAX_ANSWER_BYTES_IN_FLIGHT); beyond, 503. */
  maxAnswerBytesInFlight?: number;
  /** Queries one address without the token may have in progress (default MAX_QUERIES_PER_ADDRESS). */
  maxQueriesPerAddress?: number;
  /** A pool started before the store loaded (index.ts does, so both parse the file at once); closed with the app. */
  pool?: QueryPool;
  log: (message: string) => void;
}

/** POSTed queries: the query text is capped by MAX_POST_QUERY_BYTES; this leaves room for large parameters. */
const QUERY_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * Longest body a request without a token may send (a query and its parameters; mutations and
 * uploads need the token). Checked before a byte is parsed: a 27 MB anonymous JSON body took up to
 * 7 s of the event loop to parse before its 401.
 */
export const ANONYMOUS_BODY_LIMIT = 1024 * 1024;

/**
 * Bytes of query answers held while their clients read them. 100 clients asking for every
 * document and never reading held 1.4 GB; past this many bytes a query is answered 503 instead.
 */
export const MAX_ANSWER_BYTES_IN_FLIGHT = 256 * 1024 * 1024;

/**
 * Queries one address without the token may have in progress at once, from arrival until its
 * answer is sent (a browser opens 6 connections to a host). 100 connections asking for every
 * document and never reading made the workers build 100 answers; beyond this, 503 at once.
 */
export const MAX_QUERIES_PER_ADDRESS = 16;

// Browsers may call the service directly (the public client reads published data); bearer
// tokens, not cookies, carry editor rights, so allowing any origin exposes nothing extra.
const CORS: Record<string, string> = { 'access-control-allow-origin': '*' };

/** What every data route's handler reads besides its body: path, options and credentials. */
interface DataRequest {
  params: Static<typeof DataParams>;
  query: Static<typeof DataQuery>;
  headers: { authorization?: string | undefined; [name: string]: string | string[] | undefined };
  protocol: string;
  ip: string;
}

/** API versions from this date query the published perspective by default; older ones raw (as hosted). */
export const PUBLISHED_DEFAULT_FROM = '2025-02-19';

export function perspectiveOf(raw: string | undefined, apiVersion: string): Perspective | null {
  if (raw === undefined || raw === '') {
    const date = apiVersion.slice(1);
    // v1 is the oldest API; vX is the experimental latest, so it follows the newest default.
    const modern = apiVersion === 'vX' || (/^\d{4}-\d{2}-\d{2}$/.test(date) && date >= PUBLISHED_DEFAULT_FROM);
    return modern ? 'published' : 'raw';
  }
  if (raw === 'published') return 'published';
  if (raw === 'drafts' || raw === 'previewDrafts') return 'drafts';
  if (raw === 'raw') return 'raw';
  return null;
}

/**
 * `autoGenerateArrayKeys=true`, as hosted: every object in an array that has no `_key` gets a
 * random one, wherever it sits in the mutations (documents, set values, inserted items).
 */
function addArrayKeys(value: unknown, inArray = false): void {
  if (Array.isArray(value)) {
    for (const item of value) addArrayKeys(item, true);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const obj = value as Record<string, unknown>;
  if (inArray && typeof obj._key !== 'string') obj._key = randomBytes(6).toString('hex');
  for (const v of Object.values(obj)) addArrayKeys(v);
}

const PROJECT_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The origin a client reached this service at, and the project it names (header), for asset URLs. */
function assetContext(req: { headers: Record<string, string | string[] | undefined>; protocol: string }): {
  origin: string;
  project: string;
} {
  const rawHost = req.headers.host;
  const host = typeof rawHost === 'string' && /^[A-Za-z0-9.[\]:-]+$/.test(rawHost) ? rawHost : '127.0.0.1';
  const header = req.headers['x-sanity-project-id'];
  const project = typeof header === 'string' && PROJECT_RE.test(header) ? header : EMBEDDED_PROJECT;
  return { origin: `${req.protocol}://${host}`, project };
}

export async function contentServicePlugin(
  instance: FastifyInstance,
  opts: ContentServicePluginOptions,
): Promise<void> {
  const { store, dataset, token } = opts;
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const pool = opts.pool ?? new QueryPool(store, { ...DEFAULT_QUERY_LIMITS, ...opts.queryLimits }, opts.log);
  app.addHook('onClose', async () => pool.close());
  const maxInFlight = opts.maxAnswerBytesInFlight ?? MAX_ANSWER_BYTES_IN_FLIGHT;
  let inFlight = 0;
  const inProgress = new Map<string, number>();
  const maxPerAddress = opts.maxQueriesPerAddress ?? MAX_QUERIES_PER_ADDRESS;
  /** Counts a query without the token against its address, or says why it is refused. */
  const admitAnonymous = (ip: string): QueryLimitError | null => {
    const busy = (why: string) => new QueryLimitError(503, 'serviceBusyError', `${why}; try again later`);
    if (inFlight >= maxInFlight) return busy('too many answers are still being sent to their clients');
    const n = inProgress.get(ip) ?? 0;
    if (n >= maxPerAddress) return busy(`this address already has ${n} queries in progress`);
    inProgress.set(ip, n + 1);
    return null;
  };
  const releaseAnonymous = (ip: string): void => {
    const left = (inProgress.get(ip) ?? 1) - 1;
    if (left > 0) inProgress.set(ip, left);
    else inProgress.delete(ip);
  };

  app.addHook('onRequest', async (req, reply) => {
    for (const [k, v] of Object.entries(CORS)) reply.header(k, v);
    if (req.method === 'OPTIONS') return;
    const access = accessOf(req.headers.authorization, token);
    if (access === 'invalid')
      return unauthorized(reply, 'Session not found: the token is not valid for this content service');
    if (access === 'anonymous' && Number(req.headers['content-length'] ?? 0) > ANONYMOUS_BODY_LIMIT)
      return payloadTooLarge(reply, ANONYMOUS_BODY_LIMIT);
    return undefined;
  });

  // A body sent without a length (chunked) is counted as it arrives.
  app.addHook('preParsing', async (req, _reply, payload) =>
    accessOf(req.headers.authorization, token) === 'anonymous' ? limitedBody(payload, ANONYMOUS_BODY_LIMIT) : payload,
  );

  app.options('/*', async (req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
      .header(
        'access-control-allow-headers',
        // The headers the browser asks for (the Studio sends its own, such as client-timing).
        req.headers['access-control-request-headers'] ??
          'authorization, content-type, x-sanity-project-id, x-sanity-app, last-event-id',
      )
      .header('access-control-max-age', '600')
      .send(),
  );

  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err.statusCode === 413) return payloadTooLarge(reply, null, err.message);
    if (err.statusCode && err.statusCode < 500) return badRequest(reply, err.message);
    opts.log(`content-service: ${err.stack ?? err.message}`);
    return reply.code(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'the content service failed to answer this request',
    });
  });

  const checkPath = (req: DataRequest, reply: FastifyReply): boolean => {
    if (!API_VERSION_RE.test(req.params.apiVersion)) {
      notFound(reply, `unknown API version "${req.params.apiVersion}"`);
      return false;
    }
    if (req.params.dataset !== dataset) {
      notFound(reply, `Dataset "${req.params.dataset}" not found`);
      return false;
    }
    return true;
  };

  // As hosted: `true` and `withKeyArraySelector` ask for the map; keyed array items are always used.
  const wantsSourceMap = (v: string | undefined): boolean => v === 'true' || v === 'withKeyArraySelector';

  const answerQuery = async (
    req: DataRequest,
    reply: FastifyReply,
    query: unknown,
    params: unknown,
  ): Promise<FastifyReply> => {
    if (typeof query !== 'string' || query.trim() === '') return badRequest(reply, 'missing "query"');
    if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))
      return badRequest(reply, '"params" must be an object');
    const perspective = perspectiveOf(req.query.perspective, req.params.apiVersion);
    if (!perspective)
      return badRequest(reply, `unsupported perspective "${req.query.perspective}" (published, drafts or raw)`);
    if (Buffer.byteLength(query) > MAX_POST_QUERY_BYTES) return tooLarge(reply, 413, 'query');
    try {
      checkParams((params ?? {}) as Record<string, unknown>, query);
    } catch (err) {
      if (err instanceof QueryError) return reply.code(400).header('cache-control', 'no-store').send(err.toBody());
      throw err;
    }
    const access = accessOf(req.headers.authorization, token);
    // As hosted: without read rights every perspective sees the same thing, the published
    // documents outside any dotted path (no drafts, no versions), and answers 200.
    const editor = access === 'editor';
    const { origin, project } = assetContext(req);
    if (!editor) {
      const busy = admitAnonymous(req.ip);
      if (busy) return reply.code(503).header('cache-control', 'no-store').send(busy.toBody());
      reply.raw.once('close', () => releaseAnonymous(req.ip));
    }
    // A client that gives up (closes the connection) ends its query's worker, not just the answer.
    const abandoned = new AbortController();
    const onClose = (): void => {
      if (!reply.raw.writableFinished) abandoned.abort();
    };
    reply.raw.on('close', onClose);
    try {
      const answer = await pool.query(
        {
          query,
          params: (params ?? {}) as Record<string, unknown>,
          perspective: editor ? perspective : 'published',
          authenticated: editor,
          client: req.ip,
          identity: editor ? 'embedded-editor' : '',
          origin,
          project,
          dataset,
          sourceMap: wantsSourceMap(req.query.resultSourceMap),
        },
        abandoned.signal,
      );
      // The worker sent the result as JSON bytes; the answer is assembled around them, unparsed.
      const head = req.query.returnQuery !== 'false' ? `{"query":${JSON.stringify(query)},` : '{';
      const csm = answer.sourceMap ? `,"resultSourceMap":${answer.sourceMap}` : '';
      const tag = (req.query as Record<string, unknown>).tag;
      const json = isImporterAssetCheck(tag) ? withoutAssetUrl(answer.json) : answer.json;
      const parts = json
        ? [Buffer.from(`${head}"result":`), json, Buffer.from(`${csm},"ms":${answer.ms}}`)]
        : [Buffer.from(`${head}"ms":${answer.ms}}`)];
      const bytes = parts.reduce((n, p) => n + p.length, 0);
      if (inFlight > 0 && inFlight + bytes > maxInFlight)
        throw new QueryLimitError(
          503,
          'serviceBusyError',
          'too many answers are still being sent to their clients; try again later',
        );
      // Counted until the socket took the last byte, or the client went away.
      inFlight += bytes;
      reply.raw.once('close', () => {
        inFlight -= bytes;
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/json; charset=utf-8')
        .send(Buffer.concat(parts));
    } catch (err) {
      if (err instanceof WorkerQueryError) return reply.code(400).send(err.body);
      if (err instanceof QueryLimitError)
        return reply.code(err.status).header('cache-control', 'no-store').send(err.toBody());
      if (err instanceof QueryAbortedError) return reply.code(499).send();
      throw err;
    } finally {
      reply.raw.off('close', onClose);
    }
  };

  const data = { params: DataParams, querystring: DataQuery };

  app.get('/:apiVersion/data/query/:dataset', { schema: data }, async (req, reply) => {
    if (!checkPath(req, reply)) return reply;
    if (req.url.length > MAX_QUERY_BYTES) return tooLarge(reply, 414, 'URL');
    let params: Record<string, unknown>;
    try {
      params = paramsFromQuery(req.query);
    } catch (err) {
      if (err instanceof BadRequest) return badRequest(reply, err.message);
      throw err;
    }
    return answerQuery(req, reply, req.query.query, params);
  });

  const postQuery = { schema: { ...data, body: QueryBody }, bodyLimit: QUERY_BODY_LIMIT };
  app.post('/:apiVersion/data/query/:dataset', postQuery, async (req, reply) => {
    if (!checkPath(req, reply)) return reply;
    return answerQuery(req, reply, req.body.query, req.body.params);
  });

  const doc = { params: DocParams, querystring: DataQuery };
  app.get('/:apiVersion/data/doc/:dataset/:ids', { schema: doc }, async (req, reply) => {
    if (!checkPath(req, reply)) return reply;
    const ids = req.params.ids
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (ids.length === 0) return badRequest(reply, 'no document ids given');
    const access = accessOf(req.headers.authorization, token);
    const excludeContent = req.query.excludeContent === 'true';
    const { origin, project } = assetContext(req);
    const documents = [];
    const omitted = [];
    for (const id of ids) {
      // As hosted: an id the caller may not read is left out and listed, not a 401 for the whole request.
      if (access !== 'editor' && isPrivateId(id)) {
        omitted.push({ id, reason: 'permission' });
        continue;
      }
      const found = store.get(id);
      const doc = found ? withAssetUrls([found], origin, project, dataset)[0]! : undefined;
      if (doc) documents.push(excludeContent ? { _id: doc._id } : doc);
      else omitted.push({ id, reason: 'existence' });
    }
    return reply.header('cache-control', 'no-store').send({ documents, omitted });
  });

  // Refused before the body is read: an anonymous mutation never costs a parse.
  const editorsOnly = async (req: { headers: DataRequest['headers'] }, reply: FastifyReply) =>
    accessOf(req.headers.authorization, token) !== 'editor'
      ? unauthorized(reply, 'mutations need a valid token')
      : undefined;
  const mutate = { schema: { ...data, body: MutateBody }, onRequest: editorsOnly };
  app.post('/:apiVersion/data/mutate/:dataset', mutate, async (req, reply) => {
    if (!checkPath(req, reply)) return reply;
    const body = req.body;
    // Each mutation itself is not an array item; what it carries is walked.
    if (req.query.autoGenerateArrayKeys === 'true' && Array.isArray(body.mutations))
      for (const m of body.mutations) addArrayKeys(m);
    try {
      const result = await store.mutate(body.mutations, {
        identity: 'embedded-editor',
        dryRun: req.query.dryRun === 'true',
        ...(typeof body.transactionId === 'string' ? { transactionId: body.transactionId } : {}),
      });
      const returnDocuments = req.query.returnDocuments === 'true';
      return reply.send({
        transactionId: result.transactionId,
        results: result.results.map((r) => (returnDocuments ? r : { id: r.id, operation: r.operation })),
      });
    } catch (err) {
      if (err instanceof MutationError) return reply.code(err.status).send(err.toBody());
      throw err;
    }
  });

  await app.register(studioRoutes, { dataset, token });
  await app.register(actionRoutes, { store, dataset, token });
  await app.register(liveRoutes, { store, dataset, token, keepAliveMs: opts.keepAliveMs, corsHeaders: CORS });
  await app.register(listenRoutes, {
    store,
    pool,
    ...(opts.maxListeners ? { maxListeners: opts.maxListeners } : {}),
    ...(opts.maxListenersPerAddress ? { maxListenersPerAddress: opts.maxListenersPerAddress } : {}),
    dataset,
    token,
    keepAliveMs: opts.keepAliveMs,
    corsHeaders: CORS,
    log: opts.log,
  });
  await app.register(assetUploadRoutes, {
    store,
    dataset,
    token,
    imagesDir: opts.imagesDir,
    filesDir: opts.filesDir ?? join(opts.imagesDir, '..', 'files'),
    persist: opts.persist === true,
    present: (doc, req) => {
      const { origin, project } = assetContext(req);
      return withAssetUrls([doc], origin, project, dataset)[0]!;
    },
  });
  await app.register(imagesPlugin, {
    imagesDir: opts.imagesDir,
    ...(opts.filesDir ? { filesDir: opts.filesDir } : {}),
    dataset,
    ...(opts.imageCacheBytes ? { cacheBytes: opts.imageCacheBytes } : {}),
  });
}
