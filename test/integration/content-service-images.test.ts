// Acceptance: the image half of the embedded service renders what the site's image URLs ask for
// (exact sizes for hotspot crops, widths, formats), refuses nonsense and path tricks, and is
// cacheable forever. Sizes and formats are read back with sharp, not trusted from headers.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import sharp from 'sharp';
import { createImageUrls } from '../../src/lib/images/image.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { imagesPlugin } from '../../content-service/images.ts';
import { MAX_OUTPUT_PIXELS } from '../../content-service/image-params.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const CAMPUS = 'a1f0c3d2e5-400x300.jpg'; // red left half, blue right half
const LOGO = 'b2e4d6f8a0-240x240.png';

let service: ContentService;

let base: string;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/${path}`, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, meta: res.status === 200 ? await sharp(body).metadata() : null };
};

/** Mean colour of an image, to tell which half of the red/blue source a crop kept. */
const colour = async (body: Buffer): Promise<'red' | 'blue' | 'mixed'> => {
  const { channels } = await sharp(body).stats();
  const [r, , b] = channels.map((c) => c.mean);
  if (r! > 150 && b! < 60) return 'red';
  if (b! > 150 && r! < 60) return 'blue';
  return 'mixed';
};

describe('image service', () => {
  before(async () => {
    service = await startContentService({ contentDir: MINI, watch: false, dataset: 'production' });
    base = `${service.url}/images/anyproject/production`;
  });

  after(() => service.close());

  it('serves the original when no parameters are given, cacheable forever', async () => {
    const { res, meta } = await get(CAMPUS);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.match(res.headers.get('cache-control') ?? '', /max-age=31536000.*immutable/);
    assert.deepEqual([meta?.width, meta?.height, meta?.format], [400, 300, 'jpeg']);
  });

  it('renders exactly the sizes the site URL builder asks for (hotspot crops, widths, icons)', async () => {
    const urls = createImageUrls({ projectId: 'anyproject', dataset: 'production', imageHost: service.url });
    const img = {
      asset: { _ref: 'image-a1f0c3d2e5-400x300-jpg' },
      hotspot: { x: 0.75, y: 0.5, width: 0.3, height: 0.4 },
      crop: { top: 0.05, bottom: 0, left: 0.1, right: 0.03 },
    };
    const variants = [
      urls.crop(img, 800, 600),
      urls.crop(img, 64, 64),
      urls.width(img, 240),
      urls.width(img, 1280),
      urls.crop({ asset: img.asset }, 90, 160),
    ];
    for (const v of variants) {
      assert.ok(v);
      assert.match(v.src, /[?&]auto=format/);
      const res = await fetch(v.src, { headers: { accept: 'image/webp,image/*' } });
      assert.equal(res.status, 200, v.src);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      assert.deepEqual([meta.width, meta.height], [v.width, v.height], `${v.src} has the size the markup declares`);
      assert.equal(meta.format, 'webp');
      assert.equal(res.headers.get('vary'), 'Accept');
    }
    // A hotspot on the blue half keeps blue in a narrow portrait crop (a square one cannot avoid red).
    const portrait = urls.crop(img, 50, 100)!;
    assert.equal(await colour(Buffer.from(await (await fetch(portrait.src)).arrayBuffer())), 'blue');
  });

  it('honours fit modes: clip, max, min, fill, scale, crop', async () => {
    const size = async (q: string): Promise<[number?, number?]> => {
      const { res, meta } = await get(`${CAMPUS}?${q}`);
      assert.equal(res.status, 200, q);
      return [meta?.width, meta?.height];
    };
    assert.deepEqual(await size('w=200'), [200, 150]);
    assert.deepEqual(await size('h=60'), [80, 60]);
    assert.deepEqual(await size('w=200&h=200'), [200, 150], 'clip keeps the aspect ratio inside the box');
    assert.deepEqual(await size('w=800&h=800&fit=max'), [400, 300], 'max never upscales');
    assert.deepEqual(await size('w=800&fit=max'), [400, 300]);
    assert.deepEqual(
      await size('w=800&h=800&fit=min'),
      [300, 300],
      'min crops to the ratio without exceeding the source',
    );
    assert.deepEqual(await size('w=120&h=200&fit=fill'), [120, 200]);
    assert.deepEqual(await size('w=120&h=200&fit=scale'), [120, 200]);
    assert.deepEqual(await size('w=120&h=200&fit=crop'), [120, 200]);
    assert.deepEqual(await size('w=100&h=50&dpr=2'), [133, 100], 'dpr doubles the 100x50 box before clipping');
    assert.deepEqual(await size('w=100&h=100&fit=crop&dpr=2'), [200, 200]);
    assert.deepEqual(await size('rect=0,0,200,300&w=50'), [50, 75]);
  });

  it('crops around a focal point or an edge', async () => {
    // 50x100 out of 400x300 keeps a strip a sixth of the width: one colour unless centred.
    const pick = async (q: string) => colour((await get(`${CAMPUS}?w=50&h=100&fit=crop&${q}`)).body);
    assert.equal(await pick('crop=focalpoint&fp-x=0.1&fp-y=0.5'), 'red');
    assert.equal(await pick('crop=focalpoint&fp-x=0.9&fp-y=0.5'), 'blue');
    assert.equal(await pick('crop=left'), 'red');
    assert.equal(await pick('crop=right'), 'blue');
    assert.equal(await pick('crop=center'), 'mixed');
  });

  it('converts formats on request and by Accept header with auto=format', async () => {
    const png = await get(`${CAMPUS}?w=40&fm=png`);
    assert.equal(png.meta?.format, 'png');
    assert.equal(png.res.headers.get('content-type'), 'image/png');
    const jpg = await get(`${LOGO}?w=40&fm=jpg&q=50`);
    assert.equal(jpg.meta?.format, 'jpeg');
    const avif = await get(`${CAMPUS}?w=40&auto=format`, { accept: 'image/avif' });
    assert.equal(avif.meta?.format, 'heif');
    assert.equal(avif.res.headers.get('content-type'), 'image/avif');
    const plain = await get(`${CAMPUS}?w=40&auto=format`, { accept: 'image/jpeg' });
    assert.equal(plain.meta?.format, 'jpeg', 'without webp/avif in Accept the source format is kept');
    assert.equal(plain.res.headers.get('vary'), 'Accept');
    const logo = await get(`${LOGO}?w=40`);
    assert.equal(logo.meta?.format, 'png');
    assert.equal(logo.meta?.hasAlpha, true, 'transparency survives');
  });
  it('answers 404 for unknown files, missing files, other datasets and path tricks', async () => {
    for (const path of [
      'ffffffffff-400x300.jpg',
      'deadbeef00-640x480.jpg',
      '..%2Fdataset.ndjson',
      '..%2F..%2Fpackage.json',
      'a1f0c3d2e5-400x300.jpg%00.png',
      'notanimage',
    ]) {
      const { res } = await get(path);
      assert.equal(res.status, 404, path);
    }
    const other = await fetch(`${service.url}/images/anyproject/staging/${CAMPUS}`);
    assert.equal(other.status, 404);
    const traversal = await fetch(`${service.url}/images/anyproject/production/../../../etc/passwd`);
    assert.equal(traversal.status, 404);
  });

  it('answers 400 for absurd or malformed parameters', async () => {
    for (const q of [
      'w=5001',
      'h=99999',
      'w=abc',
      'w=-5',
      'w=0',
      'q=500',
      'fit=stretch',
      'fm=bmp',
      'rect=1,2,3',
      'rect=0,0,0,10',
      'dpr=10',
      'crop=middle',
      'fp-x=2',
      'w=3000&dpr=2',
      'auto=compress',
      'bg=zzz',
    ]) {
      const { res, body } = await get(`${CAMPUS}?${q}`);
      assert.equal(res.status, 400, q);
      assert.match(JSON.parse(body.toString()).message, /\w/, `${q} explains itself`);
    }
  });

  it('serves repeated requests from the variant cache with identical bytes', async () => {
    const a = await get(`${CAMPUS}?w=123&q=60`);
    const b = await get(`${CAMPUS}?w=123&q=60`);
    assert.ok(a.body.equals(b.body));
  });
});
// Red-team findings: an SVG's script ran on the service's origin; a 5000×5000 AVIF at q=100 cost
// 17 s of CPU per anonymous request, with no limit on renders at once.
describe('image service limits', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'images-limits-'));
    mkdirSync(join(dir, 'images'));
    mkdirSync(join(dir, 'files'));
    writeFileSync(join(dir, 'images', 'd4e6f8a0b2-10x10.svg'), SVG);
    writeFileSync(join(dir, 'files', 'e5f7a9b1c3.svg'), SVG);
    copyFileSync(join(MINI, 'images', CAMPUS), join(dir, 'images', CAMPUS));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const app = async (opts: { renderConcurrency?: number; maxQueuedRenders?: number } = {}) => {
    const a = Fastify({ logger: false });
    await a.register(imagesPlugin, {
      imagesDir: join(dir, 'images'),
      filesDir: join(dir, 'files'),
      dataset: 'production',
      ...opts,
    });
    return a;
  };

  it('serves SVG images and file assets sandboxed, so their scripts cannot run on this origin', async () => {
    const a = await app();
    try {
      for (const url of [
        '/images/p/production/d4e6f8a0b2-10x10.svg',
        '/images/p/production/d4e6f8a0b2-10x10.svg?w=5',
        '/files/p/production/e5f7a9b1c3.svg',
      ]) {
        const res = await a.inject(url);
        assert.equal(res.statusCode, 200, url);
        assert.match(String(res.headers['content-security-policy']), /^sandbox[;\s]/, url);
        assert.match(String(res.headers['content-security-policy']), /default-src 'none'/, url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      }
    } finally {
      await a.close();
    }
  });

  it('refuses the 5000×5000 AVIF at q=100 with a 400 naming the cap, at once', async () => {
    const a = await app();
    try {
      const started = performance.now();
      const res = await a.inject(`/images/p/production/${CAMPUS}?w=5000&h=5000&fit=scale&fm=avif&q=100`);
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, new RegExp(`${MAX_OUTPUT_PIXELS}`));
      assert.ok(performance.now() - started < 1000);
      // One side and the source's aspect ratio count too (400×300 source: 5000 wide is 5000×3750).
      assert.equal((await a.inject(`/images/p/production/${CAMPUS}?w=5000`)).statusCode, 400);
      assert.equal((await a.inject(`/images/p/production/${CAMPUS}?w=5000&fit=max`)).statusCode, 200);
    } finally {
      await a.close();
    }
  });

  it('queues renders behind a fixed concurrency and answers 503 with Retry-After when the queue is full', async () => {
    const a = await app({ renderConcurrency: 1, maxQueuedRenders: 2 });
    try {
      const urls = Array.from({ length: 8 }, (_, i) => `/images/p/production/${CAMPUS}?w=${1200 + i}&fm=avif`);
      const answers = await Promise.all(urls.map((url) => a.inject(url)));
      const codes = answers.map((r) => r.statusCode);
      assert.ok(codes.includes(200), codes.join());
      const busy = answers.filter((r) => r.statusCode === 503);
      assert.ok(busy.length > 0, codes.join());
      assert.equal(busy[0]!.headers['retry-after'], '2');
      // Once the queue drained, a refused URL renders.
      assert.equal((await a.inject(urls[codes.indexOf(503)]!)).statusCode, 200);
    } finally {
      await a.close();
    }
  });
  it('counts pad in the pixel cap, at once', async () => {
    const a = await app();
    try {
      const started = performance.now();
      const res = await a.inject(`/images/p/production/${CAMPUS}?w=3840&h=2160&fit=scale&pad=1000&fm=avif&q=100`);
      assert.equal(res.statusCode, 400);
      assert.match(res.json().message, /5840×4160/);
      assert.ok(performance.now() - started < 1000);
      assert.equal((await a.inject(`/images/p/production/${CAMPUS}?w=200&pad=10`)).statusCode, 200);
    } finally {
      await a.close();
    }
  });

  it('renders a small image while large AVIFs take their turns', async () => {
    const a = await app({ renderConcurrency: 1 });
    try {
      const heavy = [0, 1, 2].map((i) =>
        a.inject(`/images/p/production/${CAMPUS}?w=${2400 + i}&h=1350&fit=scale&fm=avif&q=100`),
      );
      await new Promise((r) => setTimeout(r, 50));
      const started = performance.now();
      const small = await a.inject(`/images/p/production/${CAMPUS}?w=640&fm=webp`);
      const smallMs = performance.now() - started;
      const done = await Promise.all(heavy);
      const heavyMs = performance.now() - started;
      assert.equal(small.statusCode, 200);
      for (const r of done) assert.equal(r.statusCode, 200);
      assert.ok(
        smallMs < heavyMs / 2,
        `the 640 px WebP took ${Math.round(smallMs)} ms, the AVIFs ${Math.round(heavyMs)} ms`,
      );
    } finally {
      await a.close();
    }
  });
});
