// GET /api/events?id=<school id>: a Server-Sent Events stream relaying the content service's
// listen events for that school's published and draft id as simple `change` events. Keep-alive
// comments stop proxies from closing an idle stream; upstream failures are retried with backoff
// and announced as `upstream` events; server shutdown ends every open stream.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publishedIdOf } from '../../src/lib/queries.ts';
import type { PreviewContext, SseStream } from '../lib/context.ts';
import { relayChanges } from '../lib/change-relay.ts';
import { EventsQuery } from '../lib/schemas.ts';
import { requireDocumentId } from '../lib/validate.ts';

const eventRoutes: FastifyPluginAsyncTypebox<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  app.get('/api/events', { schema: { querystring: EventsQuery } }, async (req, reply) => {
    const id = publishedIdOf(requireDocumentId(req.query.id));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    let open = true;
    const write = (chunk: string): void => {
      if (open && !res.writableEnded) res.write(chunk);
    };
    const send = (event: string, data: unknown): void => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // The browser reconnects with its own backoff; a long retry keeps EventSource's built-in one out of the way.
    write('retry: 60000\n: connected\n\n');

    const stopRelay = relayChanges(
      ctx.client,
      id,
      {
        onReady: () => send('ready', { id }),
        onChange: (change) => send('change', change),
        onReconnecting: (retryInMs, reason) => {
          req.log.warn({ id, retryInMs, reason }, 'preview: content service listener dropped; retrying');
          send('upstream', { state: 'reconnecting', retryInMs });
        },
      },
      ctx.relayBackoff,
    );
    const keepAlive = setInterval(() => write(': keep-alive\n\n'), ctx.keepAliveMs);

    const stream: SseStream = {
      end() {
        cleanup();
        if (!res.writableEnded) res.end();
      },
    };
    function cleanup(): void {
      if (!open) return;
      open = false;
      clearInterval(keepAlive);
      stopRelay();
      ctx.streams.delete(stream);
    }
    ctx.streams.add(stream);
    res.on('close', cleanup);
  });
};

export default eventRoutes;
