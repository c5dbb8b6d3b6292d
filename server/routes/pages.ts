// Everything the browser loads besides the API: the bundled preview entry (/assets/*), content
// images proxied from the content service's image host (/images/*, so the page needs no other
// origin and the CSP stays at 'self'), files from public/ (hero video, logo, PDF), and the page
// shell for / and /schools/:slug and, like the export, any other path (the landing page).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { PreviewContext } from '../lib/context.ts';
import { isApiPath } from '../lib/context.ts';
import { previewShell } from '../lib/html.ts';
import { HttpError } from '../lib/upstream.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';

const IMAGE_PATH = /^\/images\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9._-]{1,200}$/;
const PASSED_IMAGE_HEADERS = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified', 'vary'];

/** A file under `dir` for a URL pathname, or null (never escapes `dir`). */
function publicFile(dir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || !path.extname(decoded)) return null;
  const abs = path.resolve(dir, '.' + path.posix.normalize('/' + decoded));
  if (!abs.startsWith(dir + path.sep)) return null;
  try {
    return existsSync(abs) && statSync(abs).isFile() ? path.relative(dir, abs) : null;
  } catch {
    return null;
  }
}

const livepreviewOn = (v: unknown): boolean => v !== undefined && v !== '0' && v !== 'false';

const pageRoutes: FastifyPluginAsync<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  const publicDir = path.resolve(ctx.publicDir);

  app.get<{ Params: { '*': string } }>('/assets/*', async (req, reply) => {
    const file = ctx.bundle.files.get(req.url.split('?')[0]!);
    if (!file) return reply.callNotFound();
    if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
    // Names carry a content hash, but the session gate still applies, so keep caches private.
    return reply
      .type(file.type)
      .header('etag', file.etag)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(Buffer.from(file.contents));
  });

  app.get('/images/*', async (req, reply) => {
    const [pathname, search = ''] = req.url.split(/\?(.*)/s, 2) as [string, string?];
    if (!IMAGE_PATH.test(pathname) || search.length > 1000)
      throw new HttpError(400, 'bad request', 'not an image address');
    const target = `${ctx.publicConfig.imageHost}${pathname}${search ? `?${search}` : ''}`;
    let upstream: Response;
    try {
      upstream = await fetch(target, { signal: AbortSignal.timeout(ctx.imageTimeoutMs), redirect: 'follow' });
    } catch (err) {
      req.log.warn({ reason: (err as Error).message }, 'preview: image host unreachable');
      throw new HttpError(503, 'content service unavailable', 'cannot reach the image host');
    }
    reply.code(upstream.status);
    for (const h of PASSED_IMAGE_HEADERS) {
      const v = upstream.headers.get(h);
      if (v) reply.header(h, v);
    }
    if (!upstream.body) return reply.send();
    return reply.send(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream));
  });

  app.get('/*', async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (isApiPath(pathname) || pathname.startsWith('/assets/')) return reply.callNotFound();
    const file = publicFile(publicDir, pathname);
    if (file) return reply.sendFile(file, publicDir);
    const env: SiteEnv = {
      // imageHost '' tells the browser entry to use its own origin: images come through /images/*.
      images: { projectId: ctx.publicConfig.projectId, dataset: ctx.publicConfig.dataset, imageHost: '' },
      base: '/',
      preview: { livepreview: livepreviewOn((req.query as Record<string, unknown>).livepreview) },
    };
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(previewShell({ script: ctx.bundle.script, styles: ctx.bundle.styles, env }));
  });
};

export default pageRoutes;
