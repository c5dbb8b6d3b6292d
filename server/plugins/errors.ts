// The one error handler and the not-found handler: API callers always get JSON with an `error`
// field; pages get a short HTML page. Upstream failures arrive here as HttpError (502/503).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/upstream.ts';
import { isApiPath, isDataPath } from '../lib/context.ts';
import { messagePage } from '../lib/html.ts';

function send(req: FastifyRequest, reply: FastifyReply, status: number, error: string, message?: string) {
  reply.code(status).header('cache-control', 'no-store');
  if (isDataPath(req.url) || req.method !== 'GET') {
    return reply.type('application/json; charset=utf-8').send(message ? { error, message } : { error });
  }
  return reply
    .type('text/html; charset=utf-8')
    .send(messagePage(error.charAt(0).toUpperCase() + error.slice(1), message ?? ''));
}

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
      if (err instanceof HttpError) {
        if (err.statusCode >= 500) req.log.warn({ status: err.statusCode, reason: err.detail }, err.publicMessage);
        return send(req, reply, err.statusCode, err.publicMessage, err.detail);
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (err.validation || (status >= 400 && status < 500)) {
        return send(req, reply, status, status === 400 ? 'bad request' : 'request not accepted', err.message);
      }
      req.log.error({ err }, 'preview: unexpected error');
      return send(req, reply, 500, 'internal error', 'the preview server failed; see its log');
    });

    // Every page path is served by the catch-all route, so whatever reaches here is an API route,
    // an asset or a method that does not exist: always JSON.
    app.setNotFoundHandler((req, reply) =>
      reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({
          error: 'not found',
          message: `no ${req.method} ${isApiPath(req.url) ? 'API route' : 'resource'} at this address`,
        }),
    );
  },
  { name: 'preview-errors', fastify: '5.x' },
);
