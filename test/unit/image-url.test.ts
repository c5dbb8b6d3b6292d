// The site builds image URLs itself (src/lib/image-url.ts) so browsers do not load the general
// builder; every URL must still be the one @sanity/image-url gives for the same image and request,
// or the export's self-hosted file names and the CDN's cache would no longer match what it made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import imageUrlBuilder from '@sanity/image-url';
import { imageUrl } from '../../src/lib/image-url.ts';
import { parseAssetRef } from '../../src/lib/image.ts';

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const image = fc.record({
  hash: fc.stringMatching(/^[a-f0-9]{8,40}$/),
  w: fc.integer({ min: 1, max: 6000 }),
  h: fc.integer({ min: 1, max: 6000 }),
  ext: fc.constantFrom('jpg', 'png', 'webp'),
  crop: fc.option(
    fc
      .record({ top: unit, bottom: unit, left: unit, right: unit })
      .filter((c) => c.left + c.right < 0.99 && c.top + c.bottom < 0.99),
    { nil: undefined },
  ),
  hotspot: fc.option(
    fc.record({ x: unit, y: unit, width: unit.filter((n) => n > 0), height: unit.filter((n) => n > 0) }),
    { nil: undefined },
  ),
});
const request = fc.oneof(
  fc.record({ width: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({
    width: fc.integer({ min: 1, max: 4000 }),
    height: fc.integer({ min: 1, max: 4000 }),
    fit: fc.constant('crop' as const),
  }),
);
const hosts = fc.constantFrom(
  { projectId: 'embedded', dataset: 'production', baseUrl: '' },
  { projectId: 'abc123', dataset: 'staging', baseUrl: 'http://127.0.0.1:4000/' },
);

test('image URLs are exactly the ones @sanity/image-url builds', () => {
  fc.assert(
    fc.property(image, request, hosts, (img, req, host) => {
      const ref = `image-${img.hash}-${img.w}x${img.h}-${img.ext}`;
      const source = { asset: { _ref: ref }, crop: img.crop, hotspot: img.hotspot };
      let b = imageUrlBuilder(host).image(source).width(req.width);
      if ('height' in req) b = b.height(req.height).fit('crop');
      const expected = b.quality(90).auto('format').url();
      const got = imageUrl(host, parseAssetRef(ref)!, source, { ...req, quality: 90 });
      assert.equal(got, expected);
    }),
    { numRuns: 3000 },
  );
});
