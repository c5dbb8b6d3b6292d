// The Live Content API's event stream (`/data/live/events`), which @sanity/client's
// client.live.events() reads and the Studio's Presentation tool opens before it frames the
// preview: without it the tool stops with "EventSource connection failed". Hosted, each change
// arrives as a `message` naming the sync tags of the query results it touched; this service
// gives its results no sync tags, so every change is a `restart` (the documented "refetch
// everything" event) instead. `welcome` first, keep-alive comments, as hosted. The stream evaluates
// no GROQ of the caller's; its seats, keep-alives and buffer bound are every stream's (streams.ts).
import type { FastifyInstance } from 'fastify';
import { accessOf, unauthorized } from './access.ts';
import { API_VERSION_RE, notFound } from './http.ts';
import { isPrivateId, randomId } from './documents.ts';
import type { DatasetStore } from './store.ts';
import type { StreamGate } from './streams.ts';

export interface LiveOptions {
  store: DatasetStore;
  dataset: string;
  token: string | null;
  /** The caps and keep-alives every stream route shares. */
  streams: StreamGate;
}

export async function liveRoutes(app: FastifyInstance, opts: LiveOptions): Promise<void> {
  app.get<{ Params: { apiVersion: string; dataset: string }; Querystring: { includeDrafts?: string } }>(
    '/:apiVersion/data/live/events/:dataset',
    async (req, reply) => {
      const { apiVersion, dataset } = req.params;
      if (!API_VERSION_RE.test(apiVersion)) return notFound(reply, `unknown API version "${apiVersion}"`);
      if (dataset !== opts.dataset) return notFound(reply, `Dataset "${dataset}" not found`);
      const drafts = req.query.includeDrafts === 'true';
      const editor = accessOf(req.headers.authorization, opts.token) === 'editor';
      // As hosted: changes to drafts are told only to a client holding a token.
      if (drafts && !editor) return unauthorized(reply, 'includeDrafts needs the editor token');
      if (!opts.streams.admit(req, reply, editor)) return reply;

      const sse = opts.streams.open(reply);
      sse.send('welcome', {}, randomId(12));
      const unsubscribe = opts.store.subscribe((tx) => {
        if (!drafts && tx.changes.every((c) => isPrivateId(c.documentId))) return;
        sse.send('restart', {}, tx.transactionId);
      });
      sse.onClose(unsubscribe);
    },
  );

  // The client asks whether this page's origin may read the API before it reconnects a stream:
  // every origin may (the service answers `access-control-allow-origin: *`).
  app.get('/:apiVersion/check/cors', async (_req, reply) => reply.send({ result: { allowed: true } }));
}
