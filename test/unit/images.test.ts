// Self-hosted image variants: fetched once as WebP, then served from the disk cache without asking
// the image service again, byte for byte the same; a damaged cache entry is fetched again, a
// variant the service lacks is reported missing, and an answer that is not WebP is converted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { cacheKey, fetchImages, isWebp, type ImageJob, type ImageOptions } from '../../scripts/lib/images.ts';

const work = mkdtempSync(path.join(tmpdir(), 'images-'));
let server: Server;
let base = '';
const requests: string[] = [];
let webp: Buffer;
let png: Buffer;

before(async () => {
  webp = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#862633' } })
    .webp()
    .toBuffer();
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#003366' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    requests.push(req.url!);
    const url = new URL(req.url!, 'http://x');
    if (url.searchParams.get('fm') !== 'webp') {
      res.writeHead(400).end();
      return;
    }
    if (url.pathname.includes('missing')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': url.pathname.includes('png') ? 'image/png' : 'image/webp' });
    res.end(url.pathname.includes('png') ? png : webp);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(work, { recursive: true, force: true });
});

const options = (cacheDir: string, warnings: string[] = []): ImageOptions => ({
  cacheDir,
  retry: { attempts: 2, baseDelayMs: 1, deadline: Date.now() + 10_000 },
  warn: (m) => warnings.push(m),
});
const job = (name: string): ImageJob => ({
  file: `media/${name}.webp`,
  remote: `${base}/images/p/d/${name}-8x6.jpg?w=8&q=90&auto=format`,
});

describe('fetchImages', () => {
  test('a cold cache fetches each variant once as WebP; a warm one answers from disk with the same bytes, asking nothing', async () => {
    const cache = path.join(work, 'cache-warm');
    const jobs = [job('b'), job('a'), job('c-png')];
    requests.length = 0;
    const cold = await fetchImages(jobs, options(cache));
    assert.deepEqual([cold.fetched, cold.cached, cold.missing], [3, 0, []]);
    assert.deepEqual(
      cold.images.map((i) => i.file),
      ['media/a.webp', 'media/b.webp', 'media/c-png.webp'],
      'sorted by file',
    );
    assert.equal(requests.length, 3);
    assert.ok(
      requests.every((u) => u.includes('fm=webp') && !u.includes('auto=')),
      'WebP asked for explicitly',
    );
    assert.ok(
      cold.images.every((i) => isWebp(i.bytes)),
      'a PNG answer is converted',
    );
    assert.ok(Buffer.from(cold.images[0]!.bytes).equals(webp));

    requests.length = 0;
    const warm = await fetchImages(jobs, options(cache));
    assert.deepEqual([warm.fetched, warm.cached, warm.missing], [0, 3, []]);
    assert.equal(requests.length, 0, 'the service was not asked');
    assert.deepEqual(
      warm.images.map((i) => [i.file, i.fromCache]),
      cold.images.map((i) => [i.file, true]),
    );
    for (const [i, img] of warm.images.entries())
      assert.ok(Buffer.from(img.bytes).equals(Buffer.from(cold.images[i]!.bytes)), img.file);
  });

  test('a damaged cache entry is fetched again; the others stay cached', async () => {
    const cache = path.join(work, 'cache-damaged');
    await fetchImages([job('a'), job('b')], options(cache));
    writeFileSync(path.join(cache, `${cacheKey(job('a').remote)}.webp`), 'not an image');
    requests.length = 0;
    const r = await fetchImages([job('a'), job('b')], options(cache));
    assert.deepEqual([r.fetched, r.cached], [1, 1]);
    assert.equal(requests.length, 1);
    assert.ok(Buffer.from(r.images.find((i) => i.file === 'media/a.webp')!.bytes).equals(webp));
    assert.deepEqual(
      readdirSync(cache).filter((f) => f.includes('.tmp-')),
      [],
      'no half-written cache file left',
    );
  });

  test('a variant the service does not have is reported missing with a warning, the rest still arrive', async () => {
    const cache = path.join(work, 'cache-missing');
    const warnings: string[] = [];
    const r = await fetchImages([job('a'), job('missing')], options(cache, warnings));
    assert.deepEqual(r.missing, ['media/missing.webp']);
    assert.deepEqual(
      r.images.map((i) => i.file),
      ['media/a.webp'],
    );
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /media\/missing\.webp.*HTTP 404/);
  });

  test('the cache key ignores the host (the embedded service gets a new port each run) but not the transforms', () => {
    const a = 'http://127.0.0.1:1111/images/p/d/x-8x6.jpg?w=8&auto=format';
    assert.equal(cacheKey(a), cacheKey(a.replace('1111', '2222')));
    assert.notEqual(cacheKey(a), cacheKey(a.replace('w=8', 'w=16')));
  });
});
