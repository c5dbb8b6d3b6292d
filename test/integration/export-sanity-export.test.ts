// Acceptance: a district's data in the format `sanity dataset export` writes (the tarball, and the
// tarball extracted) exports the same site as the same data in the project's folder format,
// images included. Compared byte for byte: every file, including the self-hosted WebP variants
// in media/, because the asset ids (and so every image URL and variant name) are the same in both
// formats, and nothing a page embeds depends on where the dataset came from.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanEnv, listFiles, removeDir, ROOT, runExport, SAMPLE, tempDir, type RunResult } from './export-helpers.ts';
import { readTarGz, writeEntries } from '../../core/tar.ts';
import { buildSampleTarball } from '../../scripts/sample/tarball.ts';

const TARBALL = path.join(ROOT, 'content', 'sample.tar.gz');
const work = tempDir('sanity-export');
const extracted = path.join(work, 'extracted');
const env = cleanEnv({
  CONTENT_CACHE_DIR: path.join(work, 'content-cache'),
  EXPORT_IMAGE_CACHE_DIR: path.join(work, 'image-cache'),
  EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
});
const runs: Record<'folder' | 'tarball' | 'extracted', RunResult> = {} as never;
const out = (k: string) => path.join(work, `out-${k}`);

before(async () => {
  writeEntries(readTarGz(readFileSync(TARBALL)), extracted);
  // One after another: the machine has two busy cores and each export renders every image variant.
  runs.folder = await runExport(['--content', SAMPLE, '--out', out('folder')], env, 240_000);
  runs.tarball = await runExport(['--content', TARBALL, '--out', out('tarball')], env, 240_000);
  runs.extracted = await runExport(['--content', extracted, '--out', out('extracted')], env, 240_000);
});
after(() => removeDir(work));

describe('content/sample.tar.gz (sanity dataset export format)', () => {
  test('is what scripts/sample/tarball.ts makes of content/sample (kept in step by npm run sample)', () => {
    assert.ok(buildSampleTarball(SAMPLE).equals(readFileSync(TARBALL)), 'run `npx tsx scripts/sample/tarball.ts`');
  });

  test('all three exports succeed without warnings about assets', () => {
    for (const [k, r] of Object.entries(runs)) {
      assert.equal(r.code, 0, `${k}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /_sanityAsset|missing from the export/, k);
    }
  });

  for (const k of ['tarball', 'extracted'] as const) {
    test(`the ${k} exports the same files as the folder format, byte for byte, images included`, () => {
      const expected = listFiles(out('folder')).sort();
      const actual = listFiles(out(k)).sort();
      assert.ok(
        expected.some((f) => f.startsWith('media/')),
        'the folder export self-hosts images',
      );
      assert.deepEqual(actual, expected);
      for (const f of expected) {
        assert.ok(
          readFileSync(path.join(out(k), f)).equals(readFileSync(path.join(out('folder'), f))),
          `${k}: ${f} differs`,
        );
      }
    });
  }
});
