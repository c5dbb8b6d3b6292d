// What the preview's plugins and routes share, built once in server/app.ts and handed to each
// as options, so routes stay testable and nothing hides in module-level state.
import type { FastifyRequest } from 'fastify';
import type { SanityClient } from '@sanity/client';
import type { PublicConfig } from '../../src/config/public.ts';
import type { BackoffOptions } from '../../src/preview/loading/backoff.ts';
import type { ChangeHub } from './change-hub.ts';
import type { ContentApi } from './content-api.ts';
import type { PreviewBundle } from './preview-bundle.ts';
import { STUDIO_COOKIE, type GuessThrottle, type SessionSigner } from './session.ts';

export interface SseStream {
  /** Ends the stream (server shutdown). */
  end(): void;
}

export interface PreviewContext {
  publicConfig: PublicConfig;
  client: SanityClient;
  api: ContentApi;
  /** The same reads with stega, for sessions opened by the Studio; null without a Studio URL. */
  studioApi: ContentApi | null;
  /** The Studio that may frame the preview and that stega's edit links point at (SANITY_STUDIO_URL). */
  studioUrl: string | null;
  signer: SessionSigner;
  limiter: GuessThrottle;
  bundle: PreviewBundle;
  publicDir: string;
  streams: Set<SseStream>;
  /** Upstream listeners, one per watched school, shared by the event streams. */
  changes: ChangeHub;
  /** Event streams one session may hold open at once. */
  maxStreamsPerSession: number;
  /** Event streams open at once, every session together. */
  maxStreams: number;
  keepAliveMs: number;
  relayBackoff: BackoffOptions;
  imageTimeoutMs: number;
  /** The last export's report file, whose summary the editor home shows (null: none shown). */
  exportReport: string | null;
}

/** The reads for this request: with stega inside the Studio's Presentation tool, plain otherwise. */
export const apiFor = (ctx: PreviewContext, req: FastifyRequest): ContentApi =>
  ctx.studioApi && req.cookies[STUDIO_COOKIE] === '1' ? ctx.studioApi : ctx.api;

export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Requests answered with data rather than a page: API, bundle files, proxied images and files. */
export const isDataPath = (url: string): boolean =>
  isApiPath(url) || url.startsWith('/assets/') || url.startsWith('/images/') || url.startsWith('/files/');
