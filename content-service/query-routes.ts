// GET and POST /data/query: a GROQ query checked as the hosted API checks it, evaluated in the
// worker pool, and answered with the worker's JSON bytes wrapped unparsed. Queries without the
// token are admitted per address and within a budget of answer bytes still being sent, so slow
// or greedy clients are told to wait (429 past their address's share, 503 when the answers in
// flight fill the budget, both with Retry-After) instead of holding the service's memory.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accessOf, EDITOR_ID } from './access.ts';
import {
  MAX_POST_QUERY_BYTES,
  MAX_QUERY_BYTES,
  QueryAbortedError,
  QueryLimitError,
  type QueryAnswer,
  type QueryPool,
  WorkerQueryError,
} from './query-pool.ts';
import { BadRequest, badRequest, checkParams, limited, paramsFromQuery, tooLarge } from './http.ts';
import { QueryError } from './groq.ts';
import { isImporterAssetCheck, withoutAssetUrl } from './importer-check.ts';
import { DataParams, DataQuery, QueryBody } from './schemas.ts';
import { assetContext, checkPath, perspectiveOf, type DataRequest } from './data-request.ts';

export interface QueryRoutesOptions {
  pool: QueryPool;
  dataset: string;
  token: string | null;
  /** Bytes of query answers being sent at once; beyond, 503. */
  maxAnswerBytesInFlight: number;
  /** Queries one address without the token may have in progress. */
  maxQueriesPerAddress: number;
}

/** POSTed queries: the query text is capped by MAX_POST_QUERY_BYTES; this leaves room for large parameters. */
const QUERY_BODY_LIMIT = 4 * 1024 * 1024;

const busyError = (why: string) => new QueryLimitError(503, 'serviceBusyError', `${why}; try again later`);

/** The answer bytes still being sent and the anonymous queries each address has in progress. */
function admission(opts: QueryRoutesOptions) {
  let inFlight = 0;
  const inProgress = new Map<string, number>();
  return {
    /** Counts a query without the token against its address, or says why it is refused. */
    admitAnonymous(ip: string): QueryLimitError | null {
      if (inFlight >= opts.maxAnswerBytesInFlight)
        return busyError('too many answers are still being sent to their clients');
      const n = inProgress.get(ip) ?? 0;
      if (n >= opts.maxQueriesPerAddress)
        return new QueryLimitError(
          429,
          'rateLimitError',
          `this address already has ${n} queries in progress; try again when one is answered`,
        );
      inProgress.set(ip, n + 1);
      return null;
    },
    releaseAnonymous(ip: string): void {
      const left = (inProgress.get(ip) ?? 1) - 1;
      if (left > 0) inProgress.set(ip, left);
      else inProgress.delete(ip);
    },
    /** Counts an answer until the socket took the last byte, or the client went away; throws when over budget. */
    holdAnswer(bytes: number, reply: FastifyReply): void {
      if (inFlight > 0 && inFlight + bytes > opts.maxAnswerBytesInFlight)
        throw busyError('too many answers are still being sent to their clients');
      inFlight += bytes;
      reply.raw.once('close', () => {
        inFlight -= bytes;
      });
    },
  };
}

type Admission = ReturnType<typeof admission>;

// As hosted: `true` and `withKeyArraySelector` ask for the map; keyed array items are always used.
const wantsSourceMap = (v: string | undefined): boolean => v === 'true' || v === 'withKeyArraySelector';

/** The reply already sent for a request the hosted API would refuse before running it, or null. */
function refusal(req: DataRequest, reply: FastifyReply, query: unknown, params: unknown): FastifyReply | null {
  if (typeof query !== 'string' || query.trim() === '') return badRequest(reply, 'missing "query"');
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params)))
    return badRequest(reply, '"params" must be an object');
  if (!perspectiveOf(req.query.perspective, req.params.apiVersion))
    return badRequest(reply, `unsupported perspective "${req.query.perspective}" (published, drafts or raw)`);
  if (Buffer.byteLength(query) > MAX_POST_QUERY_BYTES) return tooLarge(reply, 413, 'query');
  try {
    checkParams((params ?? {}) as Record<string, unknown>, query);
  } catch (err) {
    if (err instanceof QueryError) return reply.code(400).header('cache-control', 'no-store').send(err.toBody());
    throw err;
  }
  return null;
}

/** The answer's bytes around the worker's result JSON, which is never parsed here. */
function answerParts(req: DataRequest, query: string, answer: QueryAnswer): Buffer[] {
  const head = req.query.returnQuery !== 'false' ? `{"query":${JSON.stringify(query)},` : '{';
  const csm = answer.sourceMap ? `,"resultSourceMap":${answer.sourceMap}` : '';
  const tag = (req.query as Record<string, unknown>).tag;
  const json = isImporterAssetCheck(tag) ? withoutAssetUrl(answer.json) : answer.json;
  return json
    ? [Buffer.from(`${head}"result":`), json, Buffer.from(`${csm},"ms":${answer.ms}}`)]
    : [Buffer.from(`${head}"ms":${answer.ms}}`)];
}

async function answerQuery(
  req: DataRequest,
  reply: FastifyReply,
  ctx: { opts: QueryRoutesOptions; admit: Admission },
  request: { query: unknown; params: unknown },
): Promise<FastifyReply> {
  const refused = refusal(req, reply, request.query, request.params);
  if (refused) return refused;
  const query = request.query as string;
  const { opts, admit } = ctx;
  const perspective = perspectiveOf(req.query.perspective, req.params.apiVersion)!;
  // As hosted: without read rights every perspective sees the same thing, the published
  // documents outside any dotted path (no drafts, no versions), and answers 200.
  const editor = accessOf(req.headers.authorization, opts.token) === 'editor';
  const { origin, project } = assetContext(req);
  if (!editor) {
    const busy = admit.admitAnonymous(req.ip);
    if (busy) return limited(reply, busy);
    reply.raw.once('close', () => admit.releaseAnonymous(req.ip));
  }
  // A client that gives up (closes the connection) ends its query's worker, not just the answer.
  const abandoned = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) abandoned.abort();
  };
  reply.raw.on('close', onClose);
  try {
    const answer = await opts.pool.query(
      {
        query,
        params: (request.params ?? {}) as Record<string, unknown>,
        perspective: editor ? perspective : 'published',
        authenticated: editor,
        client: req.ip,
        identity: editor ? EDITOR_ID : '',
        origin,
        project,
        dataset: opts.dataset,
        sourceMap: wantsSourceMap(req.query.resultSourceMap),
      },
      abandoned.signal,
    );
    const parts = answerParts(req, query, answer);
    admit.holdAnswer(
      parts.reduce((n, p) => n + p.length, 0),
      reply,
    );
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'application/json; charset=utf-8')
      .send(Buffer.concat(parts));
  } catch (err) {
    if (err instanceof WorkerQueryError) return reply.code(400).send(err.body);
    if (err instanceof QueryLimitError) return limited(reply, err);
    if (err instanceof QueryAbortedError) return reply.code(499).send();
    throw err;
  } finally {
    reply.raw.off('close', onClose);
  }
}

export async function queryRoutes(instance: FastifyInstance, opts: QueryRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = { opts, admit: admission(opts) };
  const data = { params: DataParams, querystring: DataQuery };

  app.get('/:apiVersion/data/query/:dataset', { schema: data }, async (req, reply) => {
    if (!checkPath(req, reply, opts.dataset)) return reply;
    if (req.url.length > MAX_QUERY_BYTES) return tooLarge(reply, 414, 'URL');
    let params: Record<string, unknown>;
    try {
      params = paramsFromQuery(req.query);
    } catch (err) {
      if (err instanceof BadRequest) return badRequest(reply, err.message);
      throw err;
    }
    return answerQuery(req, reply, ctx, { query: req.query.query, params });
  });

  const postQuery = { schema: { ...data, body: QueryBody }, bodyLimit: QUERY_BODY_LIMIT };
  app.post('/:apiVersion/data/query/:dataset', postQuery, async (req, reply) => {
    if (!checkPath(req, reply, opts.dataset)) return reply;
    return answerQuery(req, reply, ctx, { query: req.body.query, params: req.body.params });
  });
}
