// One client's flood of image renders, replayed (once, and against a running service): 80 concurrent distinct
// AVIFs (w=900..1200, q=50..100) made 13 of 15 ordinary image requests answer 503 and an export
// reading that service fail in 4 s (exit 2). Renders now take turns by client address and one
// address may have 24 waiting or running (429 with Retry-After beyond), and the export's reader
// waits as a busy service asks instead of failing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import Fastify from 'fastify';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { imagesPlugin } from '../../content-service/images.ts';
import { cleanEnv, removeDir, runExport, SAMPLE, tempDir } from './export-helpers.ts';

const IMAGE = readdirSync(path.join(SAMPLE, 'images')).find((f) => /-1920x1080\.jpg$/.test(f))!;

/** Status of a GET sent from a chosen loopback address, and how long it took. */
function getFrom(localAddress: string, url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    get(url, { localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    }).on('error', () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

/**
 * 80 requests in flight from one address for as long as it runs, each a variant not asked before;
 * a refused one is sent again (another variant) after 50 ms, as a client that ignores Retry-After.
 */
function flood(service: ContentService, from: string) {
  const counts = new Map<number, number>();
  let n = 0;
  let stopped = false;
  const one = async (): Promise<void> => {
    while (!stopped) {
      const i = n++;
      const url = `${service.url}/images/fair/production/${IMAGE}?w=${900 + (i % 301)}&fm=avif&q=${50 + ((i * 7) % 51)}`;
      const { status } = await getFrom(from, url);
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
  };
  const running = Array.from({ length: 80 }, one);
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      return counts;
    },
  };
}

describe('fair share: 80 concurrent image renders from one client', () => {
  let service: ContentService;
  const work = tempDir('fair-share');
  before(async () => {
    service = await startContentService({
      contentDir: SAMPLE,
      host: '127.0.0.1',
      port: 0,
      watch: false,
      log: () => {},
    });
  });
  after(async () => {
    await service.close();
    removeDir(work);
  });

  it('leave an ordinary image rendering and an export reading the service succeeding', {
    timeout: 180_000,
  }, async () => {
    const attack = flood(service, '127.0.0.2');
    await new Promise((r) => setTimeout(r, 500));
    // A family's browser, from another address, asks for 15 ordinary images.
    const ordinary = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        getFrom('127.0.0.3', `${service.url}/images/fair/production/${IMAGE}?w=${480 + i * 8}&fm=webp`),
      ),
    );
    // The export, from 127.0.0.1, reads the service as a hosted project with every image variant.
    const started = Date.now();
    const run = await runExport(
      ['--out', path.join(work, 'out')],
      cleanEnv({
        SANITY_PROJECT_ID: 'fair',
        SANITY_DATASET: 'production',
        SANITY_API_HOST: service.url,
        EXPORT_IMAGE_CACHE_DIR: path.join(work, 'image-cache'),
      }),
      150_000,
    );
    const exportMs = Date.now() - started;
    const counts = await attack.stop();

    assert.deepEqual(
      ordinary.map((r) => r.status),
      Array(15).fill(200),
    );
    assert.equal(run.code, 0, run.stderr);
    assert.ok((counts.get(429) ?? 0) > 0, `the flood was never told to wait: ${JSON.stringify([...counts])}`);
    assert.equal(counts.get(503) ?? 0, 0, 'no client filled the queue for all');
    const slowest = Math.max(...ordinary.map((r) => r.ms));
    console.log(
      `flood of 80 AVIFs from 127.0.0.2: ${[...counts].map(([s, c]) => `${c}×${s}`).join(', ')}; ` +
        `15 ordinary images from 127.0.0.3: all 200, slowest ${Math.round(slowest)} ms; export: exit 0 in ${exportMs} ms`,
    );
  });

  it('shares renders out by client: 80 AVIFs from one address wait their share, another address renders', async () => {
    const a = Fastify({ logger: false });
    await a.register(imagesPlugin, { imagesDir: path.join(SAMPLE, 'images'), dataset: 'production' });
    try {
      // The attack: 80 distinct AVIFs at once from one address (w=900..1200, q=50..100).
      const attack = Array.from({ length: 80 }, (_, i) =>
        a.inject({
          url: `/images/p/production/${IMAGE}?w=${900 + ((i * 4) % 300)}&fm=avif&q=${50 + (i % 51)}`,
          remoteAddress: '127.0.0.2',
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
      // 15 ordinary requests from another address, as a family's browser sends them.
      const started = performance.now();
      const ordinary = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          a.inject({ url: `/images/p/production/${IMAGE}?w=${320 + i * 16}&fm=webp`, remoteAddress: '127.0.0.3' }),
        ),
      );
      const ordinaryMs = performance.now() - started;
      const codes = (await Promise.all(attack)).map((r) => r.statusCode);
      assert.deepEqual(
        ordinary.map((r) => r.statusCode),
        Array(15).fill(200),
      );
      assert.equal(codes.filter((c) => c === 200).length, 24, codes.join());
      assert.equal(codes.filter((c) => c === 429).length, 56, codes.join());
      const refused = await a.inject({
        url: `/images/p/production/${IMAGE}?w=1199&fm=avif`,
        remoteAddress: '127.0.0.2',
      });
      assert.equal(refused.statusCode, 200, 'its share is free again once its renders are done');
      console.log(
        `80 AVIFs from one address: 24 rendered, 56 told 429; 15 ordinary images from another: ${Math.round(ordinaryMs)} ms`,
      );
    } finally {
      await a.close();
    }
  });
});
