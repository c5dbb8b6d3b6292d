// GET /api/events?id=<school id>: a Server-Sent Events stream relaying the content service's
// listen events for that school's published and draft id as simple `change` events. Keep-alive
// comments stop proxies from closing an idle stream; upstream failures are retried with backoff
// and announced as `upstream` events; server shutdown ends every open stream.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { openSse } from '../../core/sse.ts';
import { publishedIdOf } from '../../src/lib/queries.ts';
import type { PreviewContext, SseStream } from '../lib/context.ts';
import { relayChanges } from '../lib/change-relay.ts';
import { EventsQuery } from '../lib/schemas.ts';
import { requireDocumentId } from '../lib/validate.ts';

const eventRoutes: FastifyPluginAsyncTypebox<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  app.get('/api/events', { schema: { querystring: EventsQuery } }, async (req, reply) => {
    const id = publishedIdOf(requireDocumentId(req.query.id));
    reply.hijack();
    const sse = openSse(reply.raw, {
      headers: reply.getHeaders() as Record<string, string>,
      cacheControl: 'no-store',
      keepAliveMs: ctx.keepAliveMs,
      keepAliveText: 'keep-alive',
    });
    // The browser reconnects with its own backoff; a long retry keeps EventSource's built-in one out of the way.
    sse.write({ retry: 60_000 });
    sse.comment('connected');

    const stopRelay = relayChanges(
      ctx.client,
      id,
      {
        onReady: () => sse.send('ready', { id }),
        onChange: (change) => sse.send('change', change),
        onReconnecting: (retryInMs, reason) => {
          req.log.warn({ id, retryInMs, reason }, 'preview: content service listener dropped; retrying');
          sse.send('upstream', { state: 'reconnecting', retryInMs });
        },
      },
      ctx.relayBackoff,
    );

    const stream: SseStream = { end: () => sse.close() };
    sse.onClose(() => {
      stopRelay();
      ctx.streams.delete(stream);
    });
    ctx.streams.add(stream);
  });
};

export default eventRoutes;
