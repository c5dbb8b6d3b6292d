// The preview gate: drafts stay private. A ?secret= link (checked in constant time; guessing slowed
// per client and overall by GuessThrottle, a right secret never locked out) sets a signed, expiring HttpOnly session cookie and redirects to the
// same address without the secret; every other request needs that session.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDataPath } from '../lib/context.ts';
import { messagePage } from '../lib/message-page.ts';
import { addressInPerspective } from '../lib/studio-perspective.ts';
import {
  clientKey,
  SESSION_COOKIE,
  STUDIO_COOKIE,
  withoutSecret,
  type GuessThrottle,
  type SessionSigner,
} from '../lib/session.ts';

export interface GateOptions extends Record<string, unknown> {
  signer: SessionSigner;
  limiter: GuessThrottle;
  /**
   * Checks a link the Studio's Presentation tool opens (its one-time secret is a document the Studio
   * wrote into the dataset; @sanity/preview-url-secret reads it with the credentialed client).
   */
  validateStudioLink?: (
    url: string,
  ) => Promise<{ isValid: boolean; redirectTo?: string | undefined; perspective?: string | null | undefined }>;
}

/**
 * Where the Studio's Presentation tool enables the preview (`previewMode.enable` in
 * studio/sanity.config.ts): no shared secret to paste, the Studio's own handshake instead.
 */
export const STUDIO_ENABLE_PATH = '/api/draft-mode/enable';

function deny(req: FastifyRequest, reply: FastifyReply, status: 401 | 429, error: string, message: string) {
  reply.code(status).header('cache-control', 'no-store');
  if (isDataPath(req.url)) return reply.type('application/json; charset=utf-8').send({ error, message });
  return reply
    .type('text/html; charset=utf-8')
    .send(messagePage(status === 401 ? 'Preview access required' : 'Too many attempts', message));
}

function tooMany(req: FastifyRequest, reply: FastifyReply, retryAfter: number) {
  reply.header('retry-after', String(retryAfter));
  return deny(
    req,
    reply,
    429,
    'too many attempts',
    'Too many wrong preview links from this address. A correct link still works; wait a minute before trying others.',
  );
}

export default fp<GateOptions>(
  async (app, { signer, limiter, validateStudioLink }) => {
    const startSession = (req: FastifyRequest, reply: FastifyReply, studio: boolean) => {
      const attributes = {
        path: '/',
        httpOnly: true,
        // Inside the Studio's iframe on another site the cookie must be SameSite=None, which
        // browsers accept only over https; over plain http (a local Studio) Lax is the most allowed.
        sameSite: req.protocol === 'https' ? 'none' : 'lax',
        // request.protocol honours X-Forwarded-Proto only when trustProxy is configured.
        secure: req.protocol === 'https',
        maxAge: Math.floor(signer.ttlMs / 1000),
      } as const;
      reply.setCookie(SESSION_COOKIE, signer.issue(), attributes);
      // Opened by the Studio: its pages carry stega (see STUDIO_COOKIE); a shared link: plain pages.
      if (studio) reply.setCookie(STUDIO_COOKIE, '1', attributes);
      else if (req.cookies[STUDIO_COOKIE]) reply.clearCookie(STUDIO_COOKIE, { path: '/' });
    };

    app.addHook('onRequest', async (req, reply) => {
      const query = req.query as Record<string, unknown> | undefined;
      if (validateStudioLink && req.method === 'GET' && req.url.split('?')[0] === STUDIO_ENABLE_PATH) {
        const client = clientKey(req.ip);
        if (!(await limiter.admit(client))) return tooMany(req, reply, limiter.retryAfterSeconds(client));
        const result = await validateStudioLink(req.url).catch((err: unknown) => {
          req.log.warn({ reason: (err as Error).message }, 'preview: the Studio link could not be checked');
          return { isValid: false } as const;
        });
        if (result.isValid) {
          startSession(req, reply, true);
          return reply
            .header('cache-control', 'no-store')
            .redirect(addressInPerspective(result.redirectTo, result.perspective), 302);
        }
        limiter.recordFailure(client);
        return deny(
          req,
          reply,
          401,
          'preview session required',
          'This Studio preview link is not valid or has expired. Open the preview from the Studio again.',
        );
      }
      const secret = query?.secret;
      if (secret !== undefined && (req.method === 'GET' || req.method === 'HEAD')) {
        // req.ip is the socket's address, or with PREVIEW_TRUST_PROXY the address the trusted
        // proxies saw: never a value the client wrote into X-Forwarded-For itself.
        const client = clientKey(req.ip);
        if (!(await limiter.admit(client))) return tooMany(req, reply, limiter.retryAfterSeconds(client));
        if (typeof secret === 'string' && signer.secretMatches(secret)) {
          startSession(req, reply, false);
          return reply.header('cache-control', 'no-store').redirect(withoutSecret(req.url), 302);
        }
        const over = limiter.slowed(client);
        limiter.recordFailure(client);
        req.log.warn({ ip: req.ip }, 'preview: wrong preview secret');
        if (over) return tooMany(req, reply, limiter.retryAfterSeconds(client));
        return deny(
          req,
          reply,
          401,
          'preview session required',
          'This preview link is not valid. Ask for a current preview link.',
        );
      }
      if (signer.verify(req.cookies[SESSION_COOKIE])) return;
      return deny(
        req,
        reply,
        401,
        'preview session required',
        'Open the preview link you were given (it ends in ?secret=...) to start a preview session.',
      );
    });
  },
  { name: 'preview-gate', fastify: '5.x' },
);
