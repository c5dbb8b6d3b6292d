// The listen endpoint: server-sent events in the hosted service's format, which @sanity/client's
// client.listen() parses (a `welcome` event, then `mutation` events whose data carries
// documentId, transition, result…, comment lines as keep-alives, `channelError` for a bad query).
// Each change is matched against the listener's GROQ filter on the document before and after, in a
// listen-filter worker with a deadline and a budget (filter-pool.ts); a filter past either ends its
// listener with a `channelError`.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ExprNode } from 'groq-js';
import { accessOf } from './access.ts';
import { MAX_QUERY_BYTES, QueryError } from './groq.ts';
import { mendozaEffects } from './mendoza-effects.ts';
import {
  API_VERSION_RE,
  BadRequest,
  badRequest,
  checkParams,
  limited,
  notFound,
  paramsFromQuery,
  tooLarge,
} from './http.ts';
import { QueryAbortedError, QueryLimitError, WorkerQueryError, type QueryPool } from './query-pool.ts';
import { DataParams, DataQuery } from './schemas.ts';
import { listenFilterProblem } from './listen-limits.ts';
import type { StreamGate } from './streams.ts';
import { isPrivateId, randomId, type DocumentChange, type Transaction } from './documents.ts';
import type { DatasetStore } from './store.ts';
import { DEFAULT_FILTER_LIMITS, FilterPool, type Verdict } from './filter-pool.ts';

export interface ListenOptions {
  store: DatasetStore;
  /** Parses listen queries off the event loop (a parse alone can take a second). */
  pool: QueryPool;
  /** The caps and keep-alives every stream route shares. */
  streams: StreamGate;
  dataset: string;
  token: string | null;
  log: (message: string) => void;
}

interface Listener {
  editor: boolean;
  includeResult: boolean;
  includePreviousRevision: boolean;
  includeMutations: boolean;
  /** `effectFormat=mendoza`: each event carries the change as Mendoza patches (the Studio applies them). */
  mendoza: boolean;
}

/** The `mutation` events one transaction produces for one listener, in document order. */
export function eventsFor(
  l: Listener,
  tx: Transaction,
  verdicts: ReadonlyMap<DocumentChange, Verdict>,
): { id: string; data: Record<string, unknown> }[] {
  const out: { id: string; data: Record<string, unknown> }[] = [];
  const relevant: { change: DocumentChange; transition: 'appear' | 'update' | 'disappear' }[] = [];
  for (const change of tx.changes) {
    if (!l.editor && isPrivateId(change.documentId)) continue;
    const { was, is } = verdicts.get(change) ?? { was: false, is: false };
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
  const filters = new FilterPool(opts.store, DEFAULT_FILTER_LIMITS, opts.log);
  app.addHook('onClose', async () => filters.close());

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
    if (!opts.streams.admit(req, reply, access === 'editor')) return reply;
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
      tree = await opts.pool.parse(query, params, undefined, access === 'editor', req.ip);
      // The token holder (the Studio, the preview) is trusted with any filter, as with mutations.
      const problem = access === 'editor' ? null : listenFilterProblem(tree);
      if (problem) throw new QueryError(problem, query, 0, query.length);
    } catch (thrown) {
      const err = thrown instanceof QueryError ? new WorkerQueryError(thrown.toBody()) : thrown;
      if (err instanceof QueryLimitError) return limited(reply, err);
      if (err instanceof QueryAbortedError) return reply;
      if (!(err instanceof WorkerQueryError)) throw err;
      parseError = err;
    }

    const sse = opts.streams.open(reply, 'no-cache, no-transform');
    if (parseError || !tree) {
      // What the hosted listener does for a bad query; the client raises it as a ChannelError.
      sse.send('channelError', parseError ? parseError.body : { message: 'bad query' });
      sse.close();
      return;
    }
    const listener: Listener = {
      editor: access === 'editor',
      // Hosted defaults: result only when asked (the client asks by default), mutations unless refused.
      includeResult: q.includeResult === 'true',
      includePreviousRevision: q.includePreviousRevision === 'true',
      includeMutations: q.includeMutations !== 'false',
      mendoza: (q as Record<string, unknown>).effectFormat === 'mendoza',
    };
    // The pool answers each transaction in order; a filter past its deadline or budget ends the stream.
    // `welcome` once the filter's worker is ready, so a change right after it is matched at once.
    const stop = filters.open(
      { tree, query, params, trusted: listener.editor, client: req.ip },
      {
        ready: () => sse.send('welcome', { listenerName: `embedded-${randomId(6)}` }),
        matched: (tx, verdicts) => {
          for (const ev of eventsFor(listener, tx, verdicts)) if (!sse.closed) sse.send('mutation', ev.data, ev.id);
        },
        ended: (description) => {
          sse.send('channelError', { error: { description, type: 'queryTimeoutError' } });
          sse.close();
        },
      },
    );
    sse.onClose(stop);
  });
}
