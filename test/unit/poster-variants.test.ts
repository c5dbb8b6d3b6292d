// The export's smaller copies of the video poster: the widths the srcset names, under the paths it
// names, never upscaled, and cached so a warm export does not resize again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { posterVariants } from '../../scripts/lib/poster-variants.ts';
import { ASSETS, posterVariantPath } from '../../src/config/site.ts';

test('poster copies: one per srcset width, right size, cached', async () => {
  const cache = mkdtempSync(path.join(tmpdir(), 'poster-cache-'));
  try {
    const bytes = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#862633' } })
      .jpeg()
      .toBuffer();
    const files = await posterVariants([{ path: ASSETS.heroPoster.src, bytes }], cache);
    assert.deepEqual(
      files.map((f) => f.path),
      ASSETS.heroPosterWidths.map((w) => posterVariantPath(w)),
    );
    for (const [i, f] of files.entries()) {
      const meta = await sharp(f.bytes).metadata();
      assert.equal(meta.width, ASSETS.heroPosterWidths[i]);
      assert.equal(meta.format, 'jpeg');
    }
    assert.equal(readdirSync(cache).length, ASSETS.heroPosterWidths.length);
    const again = await posterVariants([{ path: ASSETS.heroPoster.src, bytes }], cache);
    assert.deepEqual(
      again.map((f) => Buffer.from(f.bytes)),
      files.map((f) => Buffer.from(f.bytes)),
    );
    assert.deepEqual(await posterVariants([], cache), [], 'no poster in public/: nothing to make');
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
});
