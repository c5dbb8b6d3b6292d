// Everything the browser loads besides the API: the bundled preview entry (/assets/*), content
// images and the district's files (its guide, its hero video) proxied from the content service's
// image host (/images/*, /files/*, so the page needs no other origin and the CSP stays at 'self'),
// files from public/ (the favicon), and the pages
// for / and /schools/:slug and, like the export, any other path (the landing page), rendered on the
// server with the export's render and document (lib/preview-page.tsx) and hydrated by the client.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewContext } from '../lib/context.ts';
import { apiFor, isApiPath } from '../lib/context.ts';
import { loadPreviewPage, renderPreviewPage } from '../lib/preview-page.tsx';
import { PageQuery } from '../lib/schemas.ts';
import { addressInPerspective, STUDIO_PERSPECTIVE_PARAM } from '../lib/studio-perspective.ts';
import { HttpError } from '../lib/upstream.ts';
import { matchPreviewRoute } from '../../src/routes.ts';

const ASSET_PATH = /^\/(?:images|files)\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9._-]{1,200}$/;
// The image host's sandbox CSP and nosniff come along: an SVG's script must not run on the preview's origin either.
const PASSED_IMAGE_HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'etag',
  'last-modified',
  'vary',
  'content-security-policy',
  'x-content-type-options',
];

/** A file under `dir` for a URL pathname, or null (never escapes `dir`). */
function publicFile(dir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || !path.extname(decoded)) return null;
  const abs = path.resolve(dir, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!abs.startsWith(dir + path.sep)) return null;
  try {
    return existsSync(abs) && statSync(abs).isFile() ? path.relative(dir, abs) : null;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/**
 * The CSP with the page's own style attributes allowed by hash. The server render writes the
 * school's theme as style="--..." attributes, which style-src 'self' blocks (the client sets them
 * through the CSSOM, which CSP does not police); 'unsafe-hashes' with their hashes allows exactly
 * those values and no other inline style.
 */
function withStyleHashes(csp: string, html: string): string {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/\sstyle="([^"]*)"/g)) {
    const value = m[1]!.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e]!);
    hashes.add(`'sha256-${createHash('sha256').update(value).digest('base64')}'`);
  }
  if (hashes.size === 0) return csp;
  return csp.replace(/(^|;)style-src 'self'/, `$1style-src 'self' 'unsafe-hashes' ${[...hashes].join(' ')}`);
}

/**
 * The CSP for a page inside the Studio's Presentation frame: @sanity/visual-editing draws its
 * overlays with styled-components, which writes <style> elements that no hash can name, so inline
 * styles are allowed there (scripts stay 'self'). Only sessions the Studio opened get this.
 */
function withInlineStyles(csp: string): string {
  return csp.replace(/(^|;)style-src 'self'/, `$1style-src 'self' 'unsafe-inline'`);
}

const livepreviewOn = (v: unknown): boolean => v !== undefined && v !== '0' && v !== 'false';

const pageRoutes: FastifyPluginAsyncTypebox<{ ctx: PreviewContext }> = async (app, { ctx }) => {
  const publicDir = path.resolve(ctx.publicDir);
  const favicon = publicFile(publicDir, '/favicon.svg') ? '/favicon.svg' : null;

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

  const proxyAsset = async (req: FastifyRequest, reply: FastifyReply) => {
    const [pathname, search = ''] = req.url.split(/\?(.*)/s, 2) as [string, string?];
    if (!ASSET_PATH.test(pathname) || search.length > 1000)
      throw new HttpError(400, 'bad request', 'not an image or file address');
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
  };
  app.get('/images/*', proxyAsset);
  app.get('/files/*', proxyAsset);

  app.get('/*', { schema: { querystring: PageQuery } }, async (req, reply) => {
    const pathname = req.url.split('?')[0]!;
    if (isApiPath(pathname) || pathname.startsWith('/assets/')) return reply.callNotFound();
    const file = publicFile(publicDir, pathname);
    if (file) return reply.sendFile(file, publicDir);
    // Presentation reloads its frame with its perspective after a switch the page did not follow
    // itself: the address says it the preview's way (?livepreview or not) from here on.
    const studioPerspective = req.query[STUDIO_PERSPECTIVE_PARAM];
    if (studioPerspective !== undefined)
      return reply.header('cache-control', 'no-store').redirect(addressInPerspective(req.url, studioPerspective), 302);
    const livepreview = livepreviewOn(req.query.livepreview);
    const route = matchPreviewRoute(pathname);
    const api = apiFor(ctx, req);
    // In the Studio's frame: the overlays (styled-components) insert <style> elements at run time.
    const studio = api === ctx.studioApi;
    const page = await loadPreviewPage(api, route, livepreview, req.log, ctx.exportReport);
    const html = renderPreviewPage({
      url: pathname,
      route,
      page,
      livepreview,
      href: req.url,
      images: { projectId: ctx.publicConfig.projectId, dataset: ctx.publicConfig.dataset },
      bundle: ctx.bundle,
      favicon,
    });
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', studio ? withInlineStyles(csp) : withStyleHashes(csp, html));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};

export default pageRoutes;
