// The listen endpoint: server-sent events in the hosted service's format, which @sanity/client's
// client.listen() parses (a `welcome` event, then `mutation` events whose data carries
// documentId, transition, result…, comment lines as keep-alives, `channelError` for a bad query).
// Each change is matched against the listener's GROQ filter on the document before and after.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ExprNode } from 'groq-js';
import { openSse } from '../core/sse.ts';
import { accessOf } from './access.ts';
import { MAX_QUERY_BYTES, QueryError, selects } from './groq.ts';
import { mendozaEffects } from './mendoza-effects.ts';
import { API_VERSION_RE, BadRequest, badRequest, checkParams, notFound, paramsFromQuery, tooLarge } from './http.ts';
import { QueryAbortedError, QueryLimitError, WorkerQueryError, type QueryPool } from './query-pool.ts';
import { DataParams, DataQuery } from './schemas.ts';
import { ListenerSeats, listenFilterProblem } from './listen-limits.ts';
import { isPrivateId, randomId, type DocumentChange, type Transaction } from './documents.ts';
import type { DatasetStore } from './store.ts';

/** As hosted on the free plan: "Maximum concurrent listeners: 1,000"; beyond it, 429. */
export const MAX_LISTENERS = 1000;

/** Anonymous listen streams one address may hold (a browser tab holds one or two). */
export const MAX_LISTENERS_PER_ADDRESS = 100;

export interface ListenOptions {
  store: DatasetStore;
  /** Parses listen queries off the event loop (a parse alone can take a second). */
  pool: QueryPool;
  /** Open listen streams allowed at once (default MAX_LISTENERS). */
  maxListeners?: number;
  /** Anonymous streams one address may hold (default MAX_LISTENERS_PER_ADDRESS). */
  maxListenersPerAddress?: number;
  dataset: string;
  token: string | null;
  /** Interval of keep-alive comments (hosted: tens of seconds; tests use less). */
  keepAliveMs: number;
  corsHeaders: Record<string, string>;
  log: (message: string) => void;
}

interface Listener {
  tree: ExprNode;
  query: string;
  params: Record<string, unknown>;
  editor: boolean;
  includeResult: boolean;
  includePreviousRevision: boolean;
  includeMutations: boolean;
  /** `effectFormat=mendoza`: each event carries the change as Mendoza patches (the Studio applies them). */
  mendoza: boolean;
}

/** The `mutation` events one transaction produces for one listener, in document order. */
export async function eventsFor(
  l: Listener,
  tx: Transaction,
): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const out: { id: string; data: Record<string, unknown> }[] = [];
  const relevant: { change: DocumentChange; transition: 'appear' | 'update' | 'disappear' }[] = [];
  for (const change of tx.changes) {
    if (!l.editor && isPrivateId(change.documentId)) continue;
    const ctx = { params: l.params };
    const was = await selects(l.tree, l.query, change.before, ctx);
    const is = await selects(l.tree, l.query, change.after, ctx);
    if (!was && !is) continue;
    relevant.push({ change, transition: was && is ? 'update' : is ? 'appear' : 'disappear' });
  }
  relevant.forEach(({ change, transition }, i) => {
    const eventId = `${tx.transactionId}#${change.documentId}`;
    out.push({
      id: eventId,
      data: {
        eventId,
        documentId: change.documentId,
        transactionId: tx.transactionId,
        transition,
        identity: tx.identity,
        ...(l.includeMutations ? { mutations: change.mutations } : {}),
        ...(l.mendoza ? { effects: mendozaEffects(change.before, change.after) } : {}),
        previousRev: change.before?._rev,
        // As hosted, a deleted document's event names the transaction as its result: the Studio
        // chains events by previousRev → resultRev and drops one without it, keeping a ghost draft.
        resultRev: change.after?._rev ?? tx.transactionId,
        timestamp: tx.timestamp,
        visibility: 'query',
        transactionTotalEvents: relevant.length,
        transactionCurrentEvent: i + 1,
        ...(l.includeResult && change.after ? { result: change.after } : {}),
        ...(l.includePreviousRevision && change.before ? { previous: change.before } : {}),
      },
    });
  });
  return out;
}

export async function listenRoutes(instance: FastifyInstance, opts: ListenOptions): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const streams = new Set<() => void>();
  const seats = new ListenerSeats(
    opts.maxListeners ?? MAX_LISTENERS,
    opts.maxListenersPerAddress ?? MAX_LISTENERS_PER_ADDRESS,
  );
  // Open event streams would keep close() waiting forever; end them first.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  const schema = { params: DataParams, querystring: DataQuery };
  app.get('/:apiVersion/data/listen/:dataset', { schema }, async (req, reply) => {
    const { apiVersion, dataset } = req.params;
    if (!API_VERSION_RE.test(apiVersion)) return notFound(reply, `unknown API version "${apiVersion}"`);
    if (dataset !== opts.dataset) return notFound(reply, `Dataset "${dataset}" not found`);
    const access = accessOf(req.headers.authorization, opts.token);
    const q = req.query;
    const query = q.query;
    if (!query) return badRequest(reply, 'the listen endpoint needs a "query" parameter');
    if (req.url.length > MAX_QUERY_BYTES) return tooLarge(reply, 414, 'URL');
    const seat = seats.take(req.ip, access === 'editor');
    if (typeof seat === 'string')
      return reply
        .code(429)
        .header('cache-control', 'no-store')
        .send({ error: { description: seat, type: 'listenerLimitError' } });
    // Given back when the stream ends, or at once when none opens.
    reply.raw.once('close', seat);
    let params: Record<string, unknown>;
    try {
      params = paramsFromQuery(q);
    } catch (err) {
      if (err instanceof BadRequest) return badRequest(reply, err.message);
      throw err;
    }
    // No refusal for queries that mention drafts: as hosted, an anonymous listener is simply never
    // sent changes of documents it may not read (eventsFor skips dotted ids for non-editors).

    let tree: ExprNode | null = null;
    let parseError: WorkerQueryError | null = null;
    try {
      checkParams(params, query);
      tree = await opts.pool.parse(query, params, undefined, access === 'editor');
      // The token holder (the Studio, the preview) is trusted with any filter, as with mutations.
      const problem = access === 'editor' ? null : listenFilterProblem(tree);
      if (problem) throw new QueryError(problem, query, 0, query.length);
    } catch (thrown) {
      const err = thrown instanceof QueryError ? new WorkerQueryError(thrown.toBody()) : thrown;
      if (err instanceof QueryLimitError)
        return reply.code(err.status).header('cache-control', 'no-store').send(err.toBody());
      if (err instanceof QueryAbortedError) return reply;
      if (!(err instanceof WorkerQueryError)) throw err;
      parseError = err;
    }

    reply.hijack();
    // The hosted service's keep-alive is a bare ":" comment.
    const sse = openSse(reply.raw, {
      headers: opts.corsHeaders,
      cacheControl: 'no-cache, no-transform',
      keepAliveMs: opts.keepAliveMs,
      keepAliveText: '',
    });
    if (parseError || !tree) {
      // What the hosted listener does for a bad query; the client raises it as a ChannelError.
      sse.send('channelError', parseError ? parseError.body : { message: 'bad query' });
      sse.close();
      return;
    }
    const listener: Listener = {
      tree,
      query,
      params,
      editor: access === 'editor',
      // Hosted defaults: result only when asked (the client asks by default), mutations unless refused.
      includeResult: q.includeResult === 'true',
      includePreviousRevision: q.includePreviousRevision === 'true',
      includeMutations: q.includeMutations !== 'false',
      mendoza: (q as Record<string, unknown>).effectFormat === 'mendoza',
    };
    sse.send('welcome', { listenerName: `embedded-${randomId(6)}` });

    // Matching is async; a chain keeps this listener's events in transaction order.
    let chain: Promise<void> = Promise.resolve();
    const unsubscribe = opts.store.subscribe((tx) => {
      chain = chain.then(async () => {
        if (sse.closed) return;
        try {
          for (const ev of await eventsFor(listener, tx)) if (!sse.closed) sse.send('mutation', ev.data, ev.id);
        } catch (err) {
          opts.log(`content-service: listen filter failed: ${(err as Error).message}`);
        }
      });
    });
    const end = (): void => sse.close();
    sse.onClose(() => {
      unsubscribe();
      streams.delete(end);
    });
    streams.add(end);
  });
}
