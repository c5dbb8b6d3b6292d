// Who is asking: the embedded service answers drafts, raw data and mutations only to requests
// carrying its token, like a hosted dataset answers them only to a token with read rights.
// A request with a wrong token is refused outright, so a misconfigured preview fails loudly
// instead of quietly showing published content.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export type Access = 'anonymous' | 'editor' | 'invalid';

/**
 * The one user holding the token: the `identity` of every change it makes, which the Studio
 * looks up (`/users/:id`) to say who edited a document.
 */
export const EDITOR_ID = 'local-editor';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Classifies an Authorization header against the service token (null: the service has none). */
export function accessOf(authorization: string | undefined, token: string | null): Access {
  if (authorization === undefined || authorization.trim() === '') return 'anonymous';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!m || !token) return 'invalid';
  return timingSafeEqual(digest(m[1]!), digest(token)) ? 'editor' : 'invalid';
}

/** 401 in the hosted API's shape; @sanity/client shows "Unauthorized - <message>". */
export function unauthorized(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(401).header('cache-control', 'no-store').send({ statusCode: 401, error: 'Unauthorized', message });
}
