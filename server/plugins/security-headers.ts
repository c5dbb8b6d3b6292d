// Sets the security headers on every response, including errors, 404s and the SSE stream (which
// copies them when it takes over the socket): helmet's onRequest hook plus the two headers helmet
// does not know, both before anything else runs.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { EXTRA_HEADERS, helmetOptions, type CspOptions } from '../lib/security-headers.ts';

export default fp<{ csp?: CspOptions }>(
  async (app, opts) => {
    await app.register(helmet, helmetOptions(opts.csp));
    app.addHook('onRequest', async (_req, reply) => {
      reply.headers(EXTRA_HEADERS);
    });
  },
  { name: 'preview-security-headers', fastify: '5.x' },
);
