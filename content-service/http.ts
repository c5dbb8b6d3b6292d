// Request-reading helpers shared by the query, doc, mutate and listen routes, so they all read
// parameters and report bad requests the same way the hosted API does.
import { Transform, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { MAX_POST_QUERY_BYTES, MAX_QUERY_BYTES, QueryLimitError } from './query-pool.ts';
import { QueryError } from './groq.ts';
import { nestingDepth } from './documents.ts';

export type RawQuery = Record<string, string | string[] | undefined>;

/** `v1`, `vX` or `v2025-02-19`, as the path segment @sanity/client sends. */
export const API_VERSION_RE = /^v(1|X|\d{4}-\d{2}-\d{2})$/;

export class BadRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadRequest';
  }
}

/** GROQ parameters sent as `$name=<json>` query parameters. */
export function paramsFromQuery(q: RawQuery): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(q)) {
    if (!key.startsWith('$') || raw === undefined) continue;
    const text = Array.isArray(raw) ? raw[raw.length - 1]! : raw;
    try {
      params[key.slice(1)] = JSON.parse(text);
    } catch {
      throw new BadRequest(`Unable to parse value of "${key}=${text.slice(0, 80)}". Please quote string values.`);
    }
  }
  return params;
}

/**
 * Deepest nesting of a GROQ parameter value. Parameters are copied into a query worker, and a copy
 * of `[[[[…]]]]` 5000 deep overflows the stack that copies it; the site's deepest parameter is 2.
 */
export const MAX_PARAM_DEPTH = 64;

/** Refuses parameters nested deeper than MAX_PARAM_DEPTH, as a parse error of the query naming the parameter. */
export function checkParams(params: Record<string, unknown>, query: string): void {
  for (const [name, value] of Object.entries(params)) {
    if (nestingDepth(value, MAX_PARAM_DEPTH) <= MAX_PARAM_DEPTH) continue;
    const at = Math.max(0, query.indexOf(`$${name}`));
    throw new QueryError(
      `param $${name} is nested deeper than ${MAX_PARAM_DEPTH} levels`,
      query,
      at,
      at + name.length + 1,
    );
  }
}

export function badRequest(reply: FastifyReply, description: string): FastifyReply {
  return reply.code(400).send({ error: { description, type: 'httpBadRequest' } });
}

export function notFound(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(404).send({ statusCode: 404, error: 'Not Found', message });
}

/** 413 (POSTed query text) or 414 (GET URL) in the hosted API's error shape. */
export function tooLarge(reply: FastifyReply, status: 413 | 414, what: 'query' | 'URL'): FastifyReply {
  const err = new QueryLimitError(
    status,
    'queryTooLargeError',
    what === 'URL'
      ? `the URL is longer than ${MAX_QUERY_BYTES} bytes (the hosted API's limit for GET queries); send the query by POST`
      : `the query is longer than ${MAX_POST_QUERY_BYTES} bytes`,
  );
  return reply.code(status).header('cache-control', 'no-store').send(err.toBody());
}

/** Seconds a client told the service is busy (429, 503) is asked to wait before asking again. */
export const BUSY_RETRY_AFTER_S = 1;

/** A query refused or stopped, in the hosted API's shape; when the service was busy, with Retry-After. */
export function limited(reply: FastifyReply, err: QueryLimitError): FastifyReply {
  if (err.type === 'serviceBusyError' || err.type === 'rateLimitError')
    reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
  return reply.code(err.status).header('cache-control', 'no-store').send(err.toBody());
}

/** 413 in the hosted API's shape, for a body past `limit` bytes (or with Fastify's own message). */
export function payloadTooLarge(reply: FastifyReply, limit: number | null, message?: string): FastifyReply {
  const description =
    message ?? `the request body is larger than ${limit} bytes; requests without a token are limited to that`;
  return reply
    .code(413)
    .header('connection', 'close')
    .send({ error: { description, type: 'httpPayloadTooLarge' } });
}

/** The body, failing with a 413 once more than `limit` bytes arrived. */
export function limitedBody(payload: Readable, limit: number): Readable {
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) {
        const err = Object.assign(new Error(`the request body is larger than ${limit} bytes`), { statusCode: 413 });
        done(err);
        return;
      }
      done(null, chunk);
    },
  });
  payload.on('error', (err) => counted.destroy(err));
  return payload.pipe(counted);
}
