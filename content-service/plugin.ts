// The embedded service's HTTP surface as one Fastify plugin: the subset of Sanity's API the site
// and @sanity/client use (query, doc, mutate, listen, export, images), with the hosted API's paths,
// response shapes and error bodies, so the same client code runs against either.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accessOf, EDITOR_ID, unauthorized } from './access.ts';
import { assetUploadRoutes } from './assets.ts';
import { withAssetUrls } from './asset-urls.ts';
import { DEFAULT_QUERY_LIMITS, QueryPool, type QueryLimits } from './query-pool.ts';
import { badRequest, limitedBody, payloadTooLarge } from './http.ts';
import { imagesPlugin } from './images.ts';
import { listenRoutes } from './listen.ts';
import { liveRoutes } from './live.ts';
import { streamGate } from './streams.ts';
import { studioRoutes } from './studio-routes.ts';
import { actionRoutes } from './actions.ts';
import { dataExportRoutes } from './data-export.ts';
import { queryRoutes } from './query-routes.ts';
import { assetContext, checkPath, type DataRequest } from './data-request.ts';
import { DataParams, DataQuery, DocParams, MutateBody } from './schemas.ts';
import { isPrivateId, MutationError, nestingDepth } from './documents.ts';
import type { DatasetStore } from './store.ts';

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
  /** Event streams (listen and live) open at once (default streams.ts's MAX_STREAMS). */
  maxStreams?: number;
  /** Anonymous event streams one address may hold (default streams.ts's MAX_STREAMS_PER_ADDRESS). */
  maxStreamsPerAddress?: number;
  /** Bytes of query answers being sent at once (default MAX_ANSWER_BYTES_IN_FLIGHT); beyond, 503. */
  maxAnswerBytesInFlight?: number;
  /** Queries one address without the token may have in progress (default MAX_QUERIES_PER_ADDRESS). */
  maxQueriesPerAddress?: number;
  /** A pool started before the store loaded (index.ts does, so both parse the file at once); closed with the app. */
  pool?: QueryPool;
  log: (message: string) => void;
}

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

/**
 * Deepest nesting a mutation or action body may have, the mutation's own wrapping included. The
 * site's documents nest about 12 levels (a school's sections, blocks, spans and marks); the export
 * reads at most 24.
 */
export const MAX_WRITE_DEPTH = 100;

/** The routes whose bodies become documents. */
const WRITE_ROUTE = /^\/v[^/]+\/data\/(mutate|actions)\//;

// Browsers may call the service directly (the public client reads published data); bearer
// tokens, not cookies, carry editor rights, so allowing any origin exposes nothing extra.
const CORS: Record<string, string> = { 'access-control-allow-origin': '*' };

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

/** Every request: CORS, the token judged before anything is read, an anonymous body's size capped. */
function guardRequests(app: FastifyInstance, token: string | null, log: (message: string) => void): void {
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

  // A document nested thousands deep overflows the stack of whatever copies or walks it (the
  // transaction's copy answered 500): a write nested past MAX_WRITE_DEPTH is refused as a bad request.
  app.addHook('preValidation', async (req, reply) => {
    if (!WRITE_ROUTE.test(req.url) || nestingDepth(req.body, MAX_WRITE_DEPTH) <= MAX_WRITE_DEPTH) return undefined;
    const refused = new MutationError(400, `the request body is nested deeper than ${MAX_WRITE_DEPTH} levels`);
    return reply.code(400).send(refused.toBody());
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
    log(`content-service: ${err.stack ?? err.message}`);
    return reply.code(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'the content service failed to answer this request',
    });
  });
}

type Options = Pick<ContentServicePluginOptions, 'store' | 'dataset' | 'token'>;

/** GET /data/doc: documents by id, each the caller may not read left out and listed (as hosted). */
function docRoute(instance: FastifyInstance, { store, dataset, token }: Options): void {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const doc = { params: DocParams, querystring: DataQuery };
  app.get('/:apiVersion/data/doc/:dataset/:ids', { schema: doc }, async (req, reply) => {
    if (!checkPath(req, reply, dataset)) return reply;
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
}

/** POST /data/mutate: one transaction, for editors only. */
function mutateRoute(instance: FastifyInstance, { store, dataset, token }: Options): void {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  // Refused before the body is read: an anonymous mutation never costs a parse.
  const editorsOnly = async (req: { headers: DataRequest['headers'] }, reply: FastifyReply) =>
    accessOf(req.headers.authorization, token) !== 'editor'
      ? unauthorized(reply, 'mutations need a valid token')
      : undefined;
  const mutate = { schema: { params: DataParams, querystring: DataQuery, body: MutateBody }, onRequest: editorsOnly };
  app.post('/:apiVersion/data/mutate/:dataset', mutate, async (req, reply) => {
    if (!checkPath(req, reply, dataset)) return reply;
    const body = req.body;
    // Each mutation itself is not an array item; what it carries is walked.
    if (req.query.autoGenerateArrayKeys === 'true' && Array.isArray(body.mutations))
      for (const m of body.mutations) addArrayKeys(m);
    try {
      const result = await store.mutate(body.mutations, {
        identity: EDITOR_ID,
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
}

/** The route plugins of their own modules: the Studio's, export, actions, live, listen, uploads and images. */
async function registerRouteModules(app: FastifyInstance, opts: ContentServicePluginOptions, pool: QueryPool) {
  const { store, dataset, token } = opts;
  // One gate for every stream route: the same caps per address and in total, the same keep-alives.
  const streams = streamGate(app, {
    keepAliveMs: opts.keepAliveMs,
    corsHeaders: CORS,
    ...(opts.maxStreams ? { maxStreams: opts.maxStreams } : {}),
    ...(opts.maxStreamsPerAddress ? { maxStreamsPerAddress: opts.maxStreamsPerAddress } : {}),
  });
  await app.register(studioRoutes, { dataset, token });
  await app.register(dataExportRoutes, { store, dataset, token });
  await app.register(actionRoutes, { store, dataset, token });
  await app.register(liveRoutes, { store, dataset, token, streams });
  await app.register(listenRoutes, { store, pool, streams, dataset, token, log: opts.log });
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

export async function contentServicePlugin(app: FastifyInstance, opts: ContentServicePluginOptions): Promise<void> {
  const { store, dataset, token } = opts;
  const pool = opts.pool ?? new QueryPool(store, { ...DEFAULT_QUERY_LIMITS, ...opts.queryLimits }, opts.log);
  app.addHook('onClose', async () => pool.close());
  guardRequests(app, token, opts.log);
  await app.register(queryRoutes, {
    pool,
    dataset,
    token,
    maxAnswerBytesInFlight: opts.maxAnswerBytesInFlight ?? MAX_ANSWER_BYTES_IN_FLIGHT,
    maxQueriesPerAddress: opts.maxQueriesPerAddress ?? MAX_QUERIES_PER_ADDRESS,
  });
  docRoute(app, opts);
  mutateRoute(app, opts);
  await registerRouteModules(app, opts, pool);
}
