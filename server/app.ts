// The preview server as a Fastify plugin (default export, not encapsulated) plus a factory that
// creates a Fastify instance with the logger settings the preview needs (credential redaction).
// The credentialed content client is created here and never leaves the server.
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { SanityClient } from '@sanity/client';
import type { PublicConfig } from '../src/config/public.ts';
import type { BackoffOptions } from '../src/preview/loading/backoff.ts';
import { createPreviewClient, createStegaClient } from './lib/preview-client.ts';
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import { createContentApi } from './lib/content-api.ts';
import { ChangeHub } from './lib/change-hub.ts';
import type { PreviewContext } from './lib/context.ts';
import { loggerOptions, prettyLog, type LogStream } from './lib/logging.ts';
import { redactUrl } from './lib/session.ts';
import fp from 'fastify-plugin';
import { getPreviewBundle, PROJECT_ROOT, type PreviewBundle } from './lib/preview-bundle.ts';
import { createSessionSigner, GuessThrottle, type GuessLimits } from './lib/session.ts';
import { DEFAULT_SESSION_TTL_MS, type TrustProxy } from './config/preview.ts';
import securityHeaders from './plugins/security-headers.ts';
import gate from './plugins/gate.ts';
import errors from './plugins/errors.ts';
import apiRoutes from './routes/api.ts';
import eventRoutes from './routes/events.ts';
import pageRoutes from './routes/pages.ts';
import { timeoutOptions } from '../core/http-timeouts.ts';
import { MANIFEST_DIR, reportFileOf } from '../core/export-report-file.ts';
import { DEFAULT_OUT_DIR } from '../core/paths.ts';

export interface PreviewAppOptions extends Record<string, unknown> {
  /** The content service: public settings and the read token (null only for a tokenless dev service). */
  content: { config: PublicConfig; token: string | null };
  previewSecret: string;
  sessionTtlMs?: number;
  /** Wrong ?secret= attempts per client (and overall) and window before checks are slowed; default 10 a minute. */
  failureLimit?: GuessLimits;
  /** Static files (hero video, logo, PDF guide); default <project>/public. */
  publicDir?: string;
  keepAliveMs?: number;
  relayBackoff?: BackoffOptions;
  /** Event streams (/api/events) one session may hold open at once (default 20). */
  maxStreamsPerSession?: number;
  /** Event streams open at once over all sessions (default 500; beyond, 429). */
  maxStreams?: number;
  imageTimeoutMs?: number;
  /**
   * The report file of the export whose summary the editor home shows; default the report of an
   * export to the repository's out/ (what `npm start` serves), beside its manifest.
   */
  exportReport?: string | null;
  /**
   * The Studio whose Presentation tool frames the preview (SANITY_STUDIO_URL): it may frame the
   * pages, and sessions it opens get stega-encoded content pointing edits at it. Absent: no framing.
   */
  studioUrl?: string | null;
  /** The credentialed client (server.ts passes the one its start-up check used; tests a stand-in); by default createPreviewClient(config, token). */
  client?: SanityClient;
  /**
   * The browser bundle, built before the app is registered (buildPreviewServer does): esbuild on a
   * busy machine can take longer than Fastify's plugin start timeout. Absent: built here (tests).
   */
  bundle?: PreviewBundle;
}

const previewApp: FastifyPluginAsync<PreviewAppOptions> = async (app, opts) => {
  const client = opts.client ?? createPreviewClient(opts.content.config, opts.content.token);
  const ctx: PreviewContext = {
    publicConfig: opts.content.config,
    client,
    api: createContentApi(client),
    studioApi: opts.studioUrl
      ? createContentApi(createStegaClient(opts.content.config, opts.content.token, opts.studioUrl))
      : null,
    studioUrl: opts.studioUrl ?? null,
    signer: createSessionSigner(opts.previewSecret, opts.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS),
    limiter: new GuessThrottle(opts.failureLimit ?? { max: 10, windowMs: 60_000 }),
    bundle: opts.bundle ?? (await getPreviewBundle(PROJECT_ROOT)),
    publicDir: opts.publicDir ?? path.join(PROJECT_ROOT, 'public'),
    streams: new Set(),
    changes: new ChangeHub(client, opts.relayBackoff ?? {}),
    maxStreamsPerSession: opts.maxStreamsPerSession ?? 20,
    maxStreams: opts.maxStreams ?? 500,
    keepAliveMs: opts.keepAliveMs ?? 15_000,
    relayBackoff: opts.relayBackoff ?? {},
    imageTimeoutMs: opts.imageTimeoutMs ?? 15_000,
    exportReport:
      opts.exportReport === undefined
        ? reportFileOf(path.join(PROJECT_ROOT, MANIFEST_DIR), DEFAULT_OUT_DIR)
        : opts.exportReport,
  };

  await app.register(cookie);
  await app.register(fastifyStatic, { root: ctx.publicDir, serve: false });
  await app.register(securityHeaders, {
    csp: { studioOrigin: opts.studioUrl ? new URL(opts.studioUrl).origin : null },
  });
  await app.register(errors, {});
  await app.register(gate, {
    signer: ctx.signer,
    limiter: ctx.limiter,
    validateStudioLink: async (url) => {
      const r = await validatePreviewUrl(ctx.client, url);
      return { isValid: r.isValid, redirectTo: r.redirectTo, perspective: r.studioPreviewPerspective };
    },
  });
  await app.register(apiRoutes, { ctx });
  await app.register(eventRoutes, { ctx });
  await app.register(pageRoutes, { ctx });

  // Open event streams would keep app.close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    for (const stream of [...ctx.streams]) stream.end();
    ctx.changes.close();
  });
};

export default fp(previewApp, { name: 'preview-app', fastify: '5.x' });

export interface BuildOptions {
  logStream?: LogStream;
  logLevel?: string;
  /**
   * Reverse proxies to trust for X-Forwarded-* (request.protocol, request.ip), by address
   * (PreviewConfig.trustProxy). Never "all": the client would choose its own address.
   */
  trustProxy?: TrustProxy;
  /**
   * A person's terminal: readable one-line logs (pino-pretty) and one line per page or API request
   * instead of two JSON lines per request, asset and image. Elsewhere (a service's log) JSON, in full.
   */
  pretty?: boolean;
}

/** A Fastify instance with the preview's logger and limits, the app registered on it. */
export async function buildPreviewServer(opts: PreviewAppOptions, build: BuildOptions = {}): Promise<FastifyInstance> {
  // Built first, outside any plugin's start timeout, so a busy machine only makes start-up slower.
  const bundle = opts.bundle ?? (await getPreviewBundle(PROJECT_ROOT));
  const app = Fastify({
    logger: loggerOptions({
      level: build.logLevel,
      stream: build.logStream ?? (build.pretty ? prettyLog() : undefined),
      secrets: [opts.previewSecret, opts.content.token],
    }),
    ...(build.pretty ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    trustProxy: build.trustProxy?.length ? [...build.trustProxy] : false,
    // Slugs may be up to 200 characters: long enough ones must reach validation and get a 400.
    routerOptions: { maxParamLength: 512 },
    // Streams are ended in preClose; anything else idle is closed so shutdown is prompt.
    forceCloseConnections: 'idle',
    ...timeoutOptions(),
  });
  if (build.pretty) {
    app.addHook('onResponse', async (req, reply) => {
      const url = redactUrl(req.url) ?? '';
      if (/^\/(assets|images)\//.test(url) && reply.statusCode < 400) return;
      req.log.info(`${req.method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
    });
  }
  await app.register(previewApp, { ...opts, bundle });
  return app;
}
