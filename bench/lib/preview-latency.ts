// How long an editor waits in the live preview, measured in Chromium from the write (a mutation
// through the content service's API, as the Studio saves) to the changed text in the open page:
// a draft edit (the spec's 1000 ms debounce plus the round trip), a published edit, an edit of a
// referenced document (the featured quote), and a page opened while the content service was down,
// from the service's return to the school on screen. Median of three runs each.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@sanity/client';
import type { Page } from 'playwright-core';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { buildPreviewServer } from '../../server/app.ts';
import { DEFAULT_API_VERSION, embeddedConfig } from '../../src/config/public.ts';
import { BENCH_ROOT } from '../gen-dataset.ts';
import { launchBrowser } from './page-weight.ts';
import { median } from './median.ts';

export interface LatencyCase {
  name: string;
  /** Milliseconds from the write (or the service's return) to the page showing the change, per run. */
  runsMs: number[];
  medianMs: number;
  limitMs: number;
}

const TOKEN = `bench-token-${'l'.repeat(16)}`;
const SECRET = `bench-secret-${'p'.repeat(16)}`;
const RUNS = 3;

async function openPreview(page: Page, origin: string, urlPath: string): Promise<void> {
  await page.goto(`${origin}${urlPath}${urlPath.includes('?') ? '&' : '?'}secret=${SECRET}`, { waitUntil: 'load' });
  await page.waitForFunction(
    () => /· live/.test(document.querySelector('.preview-banner__status')?.textContent ?? ''),
    undefined,
    { timeout: 15_000 },
  );
}

/** Milliseconds from the start of `write()` (the editor's save) to `text` in the page. */
async function timeToText(page: Page, write: () => Promise<unknown>, text: string): Promise<number> {
  const started = performance.now();
  await write();
  await page.waitForFunction((t) => document.body.textContent!.includes(t), text, { timeout: 10_000, polling: 10 });
  return Math.round(performance.now() - started);
}

export async function benchPreviewLatency(opts: { log: (m: string) => void }): Promise<LatencyCase[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-preview-latency-'));
  cpSync(path.join(BENCH_ROOT, 'content/sample'), dir, { recursive: true });
  let service: ContentService | null = await startContentService({
    contentDir: dir,
    token: TOKEN,
    port: 0,
    host: '127.0.0.1',
    log: () => {},
  });
  const port = Number(new URL(service.url).port);
  const app = await buildPreviewServer(
    { content: { config: embeddedConfig(service.url), token: TOKEN }, previewSecret: SECRET },
    { logLevel: 'silent' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The service comes back on the same port after the outage runs, so one editor client serves all.
  const editor = createClient({
    projectId: 'embedded',
    dataset: 'production',
    apiVersion: DEFAULT_API_VERSION,
    apiHost: service.url,
    useProjectHostname: false,
    useCdn: false,
    token: TOKEN,
  });
  const browser = await launchBrowser();
  const cases: LatencyCase[] = [];
  const record = (name: string, runsMs: number[], limitMs: number) => {
    cases.push({ name, runsMs, medianMs: median(runsMs), limitMs });
    opts.log(`  ${name}: ${runsMs.join(', ')} ms (median ${median(runsMs)} ms, target <= ${limitMs} ms)`);
  };
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const edits = async (urlPath: string, id: string, field: string) => {
      await openPreview(page, origin, urlPath);
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const text = `Edited in the bench ${Date.now()}-${i}`;
        runs.push(
          await timeToText(
            page,
            () =>
              editor
                .patch(id)
                .set({ [field]: text })
                .commit(),
            text,
          ),
        );
        // Let the debounce window close before the next edit.
        await page.waitForTimeout(1200);
      }
      return runs;
    };
    record(
      'draft edit to the open page',
      await edits('/schools/lincoln-middle?livepreview=1', 'drafts.school-lincoln', 'subtitle'),
      1200,
    );
    record(
      'published edit to the open page',
      await edits('/schools/riverside?livepreview=1', 'school-riverside', 'subtitle'),
      250,
    );
    record(
      'referenced document (featured quote) edit',
      await edits('/schools/riverside?livepreview=1', 'quote-riverside-1', 'quote'),
      1200,
    );

    const recovery: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await service!.close();
      service = null;
      await page.goto(`${origin}/schools/riverside?secret=${SECRET}`, { waitUntil: 'load' });
      await page.waitForFunction(() =>
        /could not load/.test(document.querySelector('.preview-banner__status')?.textContent ?? ''),
      );
      // Down for longer than the content client's own retries, as in an outage.
      await page.waitForTimeout(6000);
      const back = performance.now();
      service = await startContentService({ contentDir: dir, token: TOKEN, port, host: '127.0.0.1', log: () => {} });
      await page.waitForFunction(
        () => document.querySelector('h1')?.textContent === 'Riverside Middle School',
        undefined,
        {
          timeout: 20_000,
          polling: 10,
        },
      );
      recovery.push(Math.round(performance.now() - back));
    }
    record('recovery after the content service returns', recovery, 5000);
    await context.close();
  } finally {
    await browser.close();
    await app.close();
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return cases;
}
