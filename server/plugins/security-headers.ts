// Sets the security headers on every response, including errors, 404s and the SSE stream (which
// copies them when it takes over the socket), by adding them before anything else runs.
import { unencapsulated } from '../lib/plugin.ts';
import { securityHeaders, type CspOptions } from '../lib/security-headers.ts';

export default unencapsulated<{ csp?: CspOptions }>('preview-security-headers', async (app, opts) => {
  const headers = securityHeaders(opts.csp);
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(headers);
  });
});
