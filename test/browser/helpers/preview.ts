// The preview server (server/app.ts) in front of the embedded content service over a private copy
// of the sample dataset, for the preview's browser tests: edits made through the service's mutate
// API never touch content/sample, and everything binds 127.0.0.1 and stops in close().
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { buildPreviewServer, type PreviewAppOptions } from '../../../server/app.ts';
import type { ContentService } from '../../../content-service/index.ts';
import { startFixtureService } from '../../integration/helpers/preview-fixture.ts';
import { embeddedConfig } from '../../../src/config/public.ts';
import { SAMPLE } from './site.ts';

export interface SamplePreview {
  dir: string;
  service: ContentService;
  app: FastifyInstance;
  origin: string;
  /** The dataset the preview shows: unknown-content warnings must name types that really occur in it. */
  datasetText: string;
  close(): Promise<void>;
}

export async function startSamplePreview(
  token: string,
  secret: string,
  extra: Partial<PreviewAppOptions> = {},
): Promise<SamplePreview> {
  const dir = mkdtempSync(path.join(tmpdir(), 'preview-browser-'));
  cpSync(SAMPLE, dir, { recursive: true });
  const datasetText = readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8');
  const service = await startFixtureService(dir, token);
  const app = await buildPreviewServer(
    { content: { config: embeddedConfig(service.url), token }, previewSecret: secret, ...extra },
    { logLevel: 'silent' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    dir,
    service,
    app,
    origin,
    datasetText,
    async close() {
      await app.close();
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Two school pages and the quote each features: Riverside has no draft of its own (its page
 * refreshes at once), Lincoln has one (its page refreshes after the 1000 ms debounce).
 */
export const FEATURED_QUOTES = [
  ['/schools/riverside?livepreview=1', 'quote-riverside-1'],
  ['/schools/lincoln-middle?livepreview=1', 'quote-lincoln-1'],
] as const;

/** Waits until a school page's change stream is connected: the banner says live. */
export async function liveBanner(page: Page): Promise<void> {
  await page.waitForFunction(
    () => /· live/.test(document.querySelector('.preview-banner__status')?.textContent ?? ''),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Page script (context.addInitScript) counting the change streams the server has confirmed with its
 * 'ready' event: a page that shows no banner state (the landing page) is listening once one has.
 */
export const STREAM_WATCH = `(() => {
  const Native = globalThis.EventSource;
  if (!Native) return;
  globalThis.__streamsReady = 0;
  globalThis.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener('ready', () => { globalThis.__streamsReady += 1; });
    }
  };
})();`;

/** Waits until a page opened with STREAM_WATCH has a confirmed change stream. */
export async function streamReady(page: Page): Promise<void> {
  await page.waitForFunction(() => ((globalThis as { __streamsReady?: number }).__streamsReady ?? 0) > 0, undefined, {
    timeout: 10_000,
  });
}
