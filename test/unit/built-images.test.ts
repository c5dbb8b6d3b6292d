// The families' bundles draw images after hydration from the variants the export built, without a
// URL builder (src/lib/images/built-images.ts). Over every image of the sample and of a district's
// older content (crops, hotspots, Sanity's standard image type, no alt text), a lookup must give
// exactly what the builder gave the export, or the swapped menus and cards would draw other images.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createImageUrls, IMAGE_WIDTHS, withBuiltVariants, type ImageSettings } from '../../src/lib/images/image.ts';
import {
  builtImageUrls,
  builtKey,
  variantKey,
  type BuiltImages,
  type ImageUrls,
  type ImageVariant,
} from '../../src/lib/images/built-images.ts';
import { cardImageVariants, schoolIconVariant } from '../../src/lib/images/drawn-variants.ts';
import type { SanityImage } from '../../src/lib/content/types.ts';

/** Every image field (an object whose asset names an image) anywhere in a dataset's documents. */
function imagesOf(dir: string): SanityImage[] {
  const found: SanityImage[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const ref = (o.asset as { _ref?: unknown } | undefined)?._ref;
      if (typeof ref === 'string' && ref.startsWith('image-')) found.push(o as SanityImage);
      Object.values(o).forEach(walk);
    }
  };
  for (const line of readFileSync(new URL(`../../${dir}/dataset.ndjson`, import.meta.url), 'utf8').split('\n'))
    if (line.trim()) walk(JSON.parse(line));
  return found;
}

const images = [...imagesOf('content/sample'), ...imagesOf('test/fixtures/district')];
const SETTINGS: ImageSettings[] = [
  { projectId: 'embedded', dataset: 'production', imageHost: '', selfHostBase: '/' },
  { projectId: 'abc123', dataset: 'district', imageHost: 'https://cdn.sanity.io', selfHostBase: null },
];

/** What the browser's components draw: icons, cards and their srcset, posters, photos. */
function draw(urls: ImageUrls, img: SanityImage): (ImageVariant | null)[] {
  const card = cardImageVariants(urls, img);
  return [
    schoolIconVariant(urls, img),
    card.image,
    ...(card.srcSet ?? '').split(', '),
    urls.width(img, IMAGE_WIDTHS.full),
    urls.width(img, IMAGE_WIDTHS.photo),
  ].map((v) => (typeof v === 'string' ? ({ src: v, remote: v, width: 0, height: 0 } as ImageVariant) : v));
}

const shown = (v: ImageVariant | null) => (v ? [v.src, v.width, v.height] : null);

test('the fixtures hold images with crops and hotspots, from both datasets', () => {
  assert.ok(images.length > 20, `${images.length} images`);
  assert.ok(images.some((i) => i.crop) && images.some((i) => i.hotspot));
});

for (const settings of SETTINGS) {
  test(`a page's variants give the browser the builder's images (${settings.selfHostBase ? 'self-hosted' : 'image CDN'})`, () => {
    const built: BuiltImages = {};
    const server = createImageUrls({
      ...settings,
      onBuilt: (v, key) => {
        built[builtKey(key)] = [v.src, v.width, v.height];
      },
    });
    const expected = images.map((img) => draw(server, img).map(shown));
    const warnings: string[] = [];
    const browser = builtImageUrls(JSON.parse(JSON.stringify(built)) as BuiltImages, (m) => warnings.push(m));
    // The browser's images come from the page's JSON, so their objects are parsed copies too.
    const actual = images.map((img) => draw(browser, JSON.parse(JSON.stringify(img)) as SanityImage).map(shown));
    assert.deepEqual(actual, expected);
    assert.deepEqual(warnings, []);
  });

  test(`a file's images carry their own variants (${settings.selfHostBase ? 'self-hosted' : 'image CDN'})`, () => {
    const server = createImageUrls(settings);
    const annotate = withBuiltVariants(settings, (urls, img) => cardImageVariants(urls, img));
    const browser = builtImageUrls(null, () => assert.fail('nothing is missing'));
    for (const img of images) {
      const inFile = JSON.parse(JSON.stringify(annotate(img))) as SanityImage;
      const [got, want] = [cardImageVariants(browser, inFile), cardImageVariants(server, img)];
      assert.deepEqual([shown(got.image), got.srcSet], [shown(want.image), want.srcSet]);
    }
  });
}

test('an image the export did not build is not drawn, and is reported once', () => {
  const warnings: string[] = [];
  const browser = builtImageUrls({}, (m) => warnings.push(m));
  const img = images[0]!;
  assert.equal(browser.crop(img, 64, 64), null);
  assert.equal(browser.crop(img, 64, 64), null);
  assert.equal(browser.width({ asset: { _ref: 'file-abc-pdf' } }, 640), null, 'not an image: nothing to report');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /no variant was built for c\|64\|64\|image-/);
});

test('a variant in a hand-edited file that is no address or has no size is not drawn', () => {
  const warnings: string[] = [];
  const browser = builtImageUrls(null, (m) => warnings.push(m));
  const img = (v: unknown): SanityImage =>
    ({ asset: { _ref: 'image-abc-800x600-jpg' }, built: { 'c|64|64': v } }) as never;
  assert.equal(browser.crop(img(['javascript:alert(1)', 64, 64]), 64, 64), null);
  assert.equal(browser.crop(img(['/media/a.webp', 0, 64]), 64, 64), null);
  assert.deepEqual(browser.crop(img(['/media/a.webp', 64, 64]), 64, 64)?.src, '/media/a.webp');
  assert.equal(warnings.length, 1, 'the one key is reported once');
});

test('a variant of another size, crop or hotspot is another key', () => {
  const img: SanityImage = { asset: { _ref: 'image-abc-800x600-jpg' }, hotspot: { x: 0.5, y: 0.5 } };
  const keys = [
    variantKey(img, 640, null),
    variantKey(img, 640, 480),
    variantKey(img, 480, 640),
    variantKey({ ...img, hotspot: { x: 0.4, y: 0.5 } }, 640, 480),
    variantKey({ ...img, crop: { top: 0.1 } }, 640, 480),
  ];
  assert.equal(new Set(keys.map(builtKey)).size, keys.length);
  // The short form stays distinct over a district-sized set of keys.
  const many = Array.from({ length: 50_000 }, (_, i) =>
    builtKey(variantKey({ asset: { _ref: `image-${i}-64x64-png` } }, 64, 64)),
  );
  assert.equal(new Set(many).size, many.length);
});
