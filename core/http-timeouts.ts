// Time limits every HTTP server of the project shares (the content service, `npm start`'s static
// server, the preview). Node's defaults let a client hold a request open for 5 minutes (a POST
// announcing a body it never sends stayed open 150 s), checked only every 30 s, and never drop a
// connection that stopped reading. These options bound each part of a request and idle sockets.
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';

export interface HttpTimeouts {
  /** Receiving a whole request, headers and body (default 30 s). */
  requestMs: number;
  /** Receiving the headers (default 10 s). */
  headersMs: number;
  /** A socket with no bytes in or out (default 120 s: longer than a query's budget and a listen keep-alive). */
  idleMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 10_000, idleMs: 120_000 };

/** Fastify's `serverFactory` and `connectionTimeout` for these limits. */
export function timeoutOptions(partial: Partial<HttpTimeouts> = {}): {
  serverFactory: (handler: RequestListener) => Server;
  connectionTimeout: number;
} {
  const t = { ...DEFAULT_HTTP_TIMEOUTS, ...partial };
  const headersMs = Math.min(t.headersMs, t.requestMs);
  const options: ServerOptions = {
    requestTimeout: t.requestMs,
    headersTimeout: headersMs,
    // How often Node checks the two limits above (its default, 30 s, would let a request run on that long).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersMs / 2))),
  };
  return { serverFactory: (handler) => createServer(options, handler), connectionTimeout: t.idleMs };
}
