// A small static server for out/ that behaves like the static hosts the site is deployed to, so
// `npm start` shows what families will get: /schools/x serves schools/x.html with 200 (as GitHub
// Pages, Netlify and Cloudflare Pages do), /schools/x/ serves its index.html, other folders without
// a trailing slash redirect, any path without a file gets its edition's 404 page (404.html,
// es/404.html under /es/) with status 404, media get their
// real content types, and content-hashed assets are cached for a year while HTML is revalidated.
// Like those hosts it sends the export's `_headers` rules (its CSP, frame and referrer policy; a
// self-only policy when there is no such file) and never serves `_headers` or `_redirects`; and it serves
// nothing that resolves outside the folder, so a symlink in out/ cannot expose the machine.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createGzip, gzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { HEADERS_FILE, readHeadersFile, siteHeaders } from '../../render/csp.ts';
import { notFoundPage, REDIRECTS_FILE } from './host-files.ts';

/** The hosts' own configuration files: read by the host, never served. */
const HOST_FILES = new Set([HEADERS_FILE, REDIRECTS_FILE]);
import { timeoutOptions, type HttpTimeouts } from '../../core/http-timeouts.ts';

/** Files whose names carry a content hash: esbuild output and self-hosted image variants. */
const HASHED = [
  /-[A-Z0-9]{8}\.(?:js|css)$/,
  /\/media\/[A-Za-z0-9]+-\d+x\d+-[0-9a-f]{8}\.webp$/,
  /\/data\/grid-[a-z]{2}-[0-9a-f]{8}\.json$/,
];
/** Where `npm start` and `npm run serve` listen: loopback only, PORT or 8080. */
export const DEFAULT_PORT = 8080;
export const HOST = '127.0.0.1';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const HTML_CACHE = 'no-cache';
export const DEFAULT_CACHE = 'public, max-age=3600';
/** Text types a static host compresses (images and video are compressed already). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export function cacheControlFor(filePath: string): string {
  const p = filePath.split(path.sep).join('/');
  // navigation.json keeps its name from export to export (pages link to it), so like HTML it is revalidated.
  if (p.endsWith('.html') || p.endsWith('.json')) return HTML_CACHE;
  return HASHED.some((re) => re.test(p)) ? IMMUTABLE_CACHE : DEFAULT_CACHE;
}

const isFile = (p: string): boolean => statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * The URL to serve for `url`: '/x' becomes '/x.html' when there is no file 'x' but a file 'x.html'
 * (the page's own address, answered without a redirect); anything else is left as it is.
 */
export function htmlExtensionUrl(absRoot: string, url: string): string {
  const q = url.search(/[?#]/);
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname.endsWith('/') || pathname.endsWith('.html')) return url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return url;
  }
  if (decoded.includes('\0')) return url;
  const abs = path.resolve(absRoot, `.${decoded}`);
  if (!abs.startsWith(absRoot + path.sep) || isFile(abs) || !isFile(`${abs}.html`)) return url;
  return `${pathname}.html${q < 0 ? '' : url.slice(q)}`;
}

/**
 * Serves `root` at `base` ('/' or e.g. '/repo/'), as GitHub Pages serves a project site's files
 * under /repo/: a request outside the base gets the 404 page, as nothing there belongs to the site.
 */
export async function createStaticServer(
  root: string,
  base = '/',
  timeouts: Partial<HttpTimeouts> = {},
): Promise<FastifyInstance> {
  const absRoot = path.resolve(root);
  const realRoot = realpathSync(absRoot);
  /** False for a path that exists but resolves (through a symlink anywhere on it) outside the root. */
  const insideRoot = (abs: string): boolean => {
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      return true; // missing: answered 404 anyway
    }
    return real === realRoot || real.startsWith(realRoot + path.sep);
  };
  let headersText: string | null = null;
  try {
    headersText = readFileSync(path.join(absRoot, HEADERS_FILE), 'utf8');
  } catch {
    /* an export from before _headers, or another folder: the self-only policy below */
  }
  const siteWide = headersText ? readHeadersFile(headersText) : siteHeaders({ imageHost: '', selfHostBase: base });
  const rewrite = (url: string): string => {
    if (base === '/') return htmlExtensionUrl(absRoot, url);
    if (!url.startsWith(base)) return url;
    return base.slice(0, -1) + htmlExtensionUrl(absRoot, url.slice(base.length - 1));
  };
  const app = Fastify({ logger: false, rewriteUrl: (req) => rewrite(req.url ?? '/'), ...timeoutOptions(timeouts) });
  // On every answer (files, redirects, 404s), before anything else runs.
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(siteWide);
  });
  // Static hosts send text compressed; serving it raw made the school page's 280 KB of JS take
  // 3 s to first paint under Lighthouse's mobile throttling (performance 85 instead of 100).
  app.addHook('onSend', async (req, reply, payload) => {
    if (
      req.method === 'HEAD' ||
      (reply.statusCode !== 200 && reply.statusCode !== 404) ||
      reply.getHeader('content-encoding')
    )
      return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    reply.header('vary', 'accept-encoding');
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      reply.header('content-encoding', 'gzip').removeHeader('content-length');
      return gzipSync(payload);
    }
    if (payload && typeof (payload as Readable).pipe === 'function') {
      reply.header('content-encoding', 'gzip').removeHeader('content-length').removeHeader('accept-ranges');
      return (payload as Readable).pipe(createGzip());
    }
    return payload;
  });
  // The base without its slash redirects to the base, as static hosts do for a folder.
  if (base !== '/') app.get(base.slice(0, -1), (_req, reply) => reply.redirect(base, 301));
  await app.register(fastifyStatic, {
    root: absRoot,
    prefix: base,
    index: ['index.html'],
    redirect: true,
    wildcard: true,
    dotfiles: 'ignore',
    // Checked for the path asked for and again for the file finally sent (e.g. a folder's index.html).
    allowedPath: (pathName, dir) =>
      !HOST_FILES.has(pathName.replace(/^\/+/, '')) && insideRoot(path.join(dir ?? absRoot, pathName)),
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControlFor(filePath));
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.code(405).header('allow', 'GET, HEAD').send();
    reply.code(404).header('cache-control', HTML_CACHE).type('text/html; charset=utf-8');
    // The edition's own 404 page ('/es/…' misses: es/404.html), as the export's `_redirects` asks.
    const edition = notFoundPage(base, request.url.split('?')[0]!);
    const page = isFile(path.join(absRoot, edition)) ? edition : '404.html';
    if (!insideRoot(path.join(absRoot, page))) return reply.send('Not found');
    return reply.sendFile(page, absRoot);
  });
  return app;
}

/** Serves `root` at http://host:port`base` until SIGINT/SIGTERM; prints where. */
export async function serveUntilStopped(
  root: string,
  opts: { host: string; port: number; base?: string },
): Promise<void> {
  const base = opts.base ?? '/';
  const app = await createStaticServer(root, base);
  await app.listen({ host: opts.host, port: opts.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const shown = path.relative(process.cwd(), root) || root;
  process.stdout.write(`Serving ${shown}/ at http://${opts.host}:${port}${base} (Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.stdout.write(`\n${signal}: stopping\n`);
      app.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
