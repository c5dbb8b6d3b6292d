// Direct tests of the image URL builder wrapper: the widths, crop, quality and format the spec
// fixes, the size arithmetic behind every width/height attribute, and the self-hosted file names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createImageUrls, croppedSize, fnv1a, IMAGE_WIDTHS } from '../../src/lib/images/image.ts';
import { parseAssetRef } from '../../src/lib/images/image-ref.ts';

const settings = { projectId: 'demo', dataset: 'production', imageHost: 'https://cdn.example' };
const img = (ref: string, extra: object = {}) => ({ _type: 'image', asset: { _ref: ref }, ...extra });
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

test('the spec widths and quality', () => {
  assert.deepEqual(Object.values(IMAGE_WIDTHS), [64, 240, 640, 900, 1280, 1920]);
});

test('parseAssetRef reads hash, size and extension, and refuses anything else', () => {
  assert.deepEqual(parseAssetRef('image-3f2a9c-1600x1067-jpg'), {
    hash: '3f2a9c',
    width: 1600,
    height: 1067,
    ext: 'jpg',
  });
  for (const bad of ['file-3f2a9c-1600x1067-jpg', 'image-3f2a9c-0x10-jpg', 'image-../x-10x10-png', 42, null, '']) {
    assert.equal(parseAssetRef(bad), null, String(bad));
  }
});

test('a width variant keeps the cropped aspect ratio, never upscales, and asks for q=90 and auto=format', () => {
  const urls = createImageUrls(settings);
  const hero = urls.width(img('image-abc-1920x1080-jpg'), 1280)!;
  assert.deepEqual([hero.width, hero.height], [1280, 720]);
  assert.equal(hero.src, hero.remote);
  assert.ok(hero.src.startsWith('https://cdn.example/images/demo/production/abc-1920x1080.jpg?'));
  assert.deepEqual(params(hero.src), { w: '1280', q: '90', auto: 'format' });

  const small = urls.width(img('image-abc-200x100-png'), 640)!;
  assert.deepEqual([small.width, small.height], [200, 100], 'no upscaling past the source');

  const cropped = img('image-abc-1000x1000-jpg', { crop: { top: 0.5, bottom: 0, left: 0, right: 0 } });
  assert.deepEqual(croppedSize(cropped), { width: 1000, height: 500 });
  const v = urls.width(cropped, 640)!;
  assert.deepEqual([v.width, v.height], [640, 320]);
  assert.equal(params(v.src).rect, '0,500,1000,500');
});

test('the landing crop is 800x600 around the hotspot', () => {
  const urls = createImageUrls(settings);
  const card = urls.crop(
    img('image-abc-1600x1200-jpg', { hotspot: { x: 0.25, y: 0.5, width: 0.2, height: 0.2 } }),
    800,
    600,
  )!;
  assert.deepEqual([card.width, card.height], [800, 600]);
  const p = params(card.src);
  assert.equal(p.w, '800');
  assert.equal(p.h, '600');
  assert.equal(p.fit, 'crop');
  assert.equal(p.q, '90');
  assert.equal(p.auto, 'format');
});

test('junk crops and hotspots are cleaned instead of reaching the builder', () => {
  const urls = createImageUrls(settings, () => assert.fail('no warning expected'));
  const v = urls.width(
    img('image-abc-800x600-jpg', { crop: { top: 'x', bottom: -3, left: 2, right: NaN }, hotspot: { x: 9, y: 'y' } }),
    640,
  )!;
  assert.deepEqual([v.width, v.height], [640, 480]);
  assert.equal(urls.width({ asset: null }, 640), null);
  assert.equal(urls.crop(null, 64, 64), null);
});

test('self-hosted variants get a stable local name under the base, and every variant is reported', () => {
  const seen: string[] = [];
  const urls = createImageUrls({
    ...settings,
    selfHostBase: '/wp-content/themes/district/',
    onVariant: (v) => seen.push(v.src),
  });
  const v = urls.width(img('image-abc-1920x1080-jpg'), 640)!;
  const query = v.remote.slice(v.remote.indexOf('?') + 1);
  assert.equal(v.src, `/wp-content/themes/district/media/abc-640x360-${fnv1a(query)}.webp`);
  urls.width(img('image-abc-1920x1080-jpg'), 640);
  assert.deepEqual(seen, [v.src, v.src], 'a memoised variant is still reported to the export');
  assert.equal(fnv1a('w=640'), fnv1a('w=640'));
  assert.notEqual(fnv1a('w=640'), fnv1a('w=641'));
});
