// GET /api/events?id=<school id>: a Server-Sent Events stream relaying the content service's
// listen events for that school's published and draft id as simple `change` events. Keep-alive
// comments stop proxies from closing an idle stream; upstream failures are retried with backoff
// and announced as `upstream` events; server shutdown ends every open stream. Streams watching
// the same school share one upstream listener (ChangeHub), and one session may hold at most
// ctx.maxStreamsPerSession streams and all sessions together ctx.maxStreams (429 beyond): each
// costs a connection and memory, and sessions are cheap to open.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { openSse } from '../../core/sse.ts';
import { publishedIdOf } from '../../src/lib/content/queries.ts';
import type { PreviewContext, SseStream } from '../lib/context.ts';
import { HttpError } from '../lib/upstream.ts';
import { SESSION_COOKIE } from '../lib/session.ts';
import { EventsQuery } from '../lib/schemas.ts';
import { requireDocumentId } from '../lib/validate.ts';
import { ALL_SCHOOLS } from '../lib/change-relay.ts';

const eventRoutes: FastifyPluginAsyncTypebox<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  /** Open streams per session (the gate admits /api/* only with a valid session cookie). */
  const perSession = new Map<string, number>();

  app.get('/api/events', { schema: { querystring: EventsQuery } }, async (req, reply) => {
    if (req.query.scope !== undefined && req.query.id !== undefined)
      throw new HttpError(400, 'bad request', 'give either id or scope=schools, not both');
    const id = req.query.scope === 'schools' ? ALL_SCHOOLS : publishedIdOf(requireDocumentId(req.query.id));
    const session = req.cookies[SESSION_COOKIE] ?? `ip:${req.ip}`;
    const open = perSession.get(session) ?? 0;
    if (open >= ctx.maxStreamsPerSession) {
      throw new HttpError(
        429,
        'too many event streams',
        `this session already has ${open} open (at most ${ctx.maxStreamsPerSession}); close some preview tabs`,
      );
    }
    if (ctx.streams.size >= ctx.maxStreams) {
      throw new HttpError(
        429,
        'too many event streams',
        `the preview already has ${ctx.streams.size} event streams open (at most ${ctx.maxStreams}); try again later`,
      );
    }
    perSession.set(session, open + 1);
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

    const stopRelay = ctx.changes.watch(id, {
      onReady: () => sse.send('ready', { id }),
      onChange: (change) => sse.send('change', change),
      onReconnecting: (retryInMs, reason) => {
        req.log.warn({ id, retryInMs, reason }, 'preview: content service listener dropped; retrying');
        sse.send('upstream', { state: 'reconnecting', retryInMs });
      },
    });

    const stream: SseStream = { end: () => sse.close() };
    sse.onClose(() => {
      stopRelay();
      ctx.streams.delete(stream);
      const left = (perSession.get(session) ?? 1) - 1;
      if (left > 0) perSession.set(session, left);
      else perSession.delete(session);
    });
    ctx.streams.add(stream);
  });
};

export default eventRoutes;
