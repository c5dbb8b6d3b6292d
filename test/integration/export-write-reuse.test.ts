// Full re-exports through the real CLI (no manifest to carry pages over, as after a code change)
// reuse the tree the previous swap replaced (kept next to out/ as a private spare) instead of
// rebuilding and deleting a whole tree each time; exports that carry pages over update out/ in
// place instead (export-incremental.test.ts). What must hold for the swap: files
// whose bytes did not change, self-hosted images included, keep their inode and mtime; an edit
// rewrites only its page; a removed school's page is gone and never comes back from the spare; and
// the result is always byte-for-byte what an export into an empty folder writes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { SPARE_SUFFIX } from '../../scripts/lib/write-site.ts';
import {
  cleanEnv,
  listFiles,
  MINI,
  readDataset,
  removeDir,
  runExport,
  snapshot,
  tempDir,
  writeDataset,
  type Snapshot,
} from './export-helpers.ts';

const work = tempDir('write-reuse');
const dataset = path.join(work, 'dataset');
const site = path.join(work, 'site');
const out = path.join(site, 'out');
const env = cleanEnv({
  EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
  EXPORT_IMAGE_CACHE_DIR: path.join(work, 'images'),
});
const docs = readDataset(MINI);

let runs = 0;
/** Each export with a manifest folder of its own: nothing is carried over, so the site is swapped in. */
async function exportTo(
  dir: string,
  envOverride: NodeJS.ProcessEnv = { ...env, EXPORT_MANIFEST_DIR: path.join(work, `manifests-${++runs}`) },
) {
  const r = await runExport(['--content', dataset, '--out', dir], envOverride);
  assert.equal(r.code, 0, r.stderr);
  return r;
}

const changedBetween = (a: Snapshot, b: Snapshot) =>
  Object.keys(b)
    .filter((f) => b[f]!.ino !== a[f]?.ino || b[f]!.mtimeMs !== a[f]?.mtimeMs)
    .sort();

/** out/ equals an export of the same dataset into an empty folder, file for file and byte for byte. */
async function assertEqualsFreshExport(label: string) {
  const fresh = path.join(work, `fresh-${label}`, 'out');
  await exportTo(
    fresh,
    cleanEnv({
      EXPORT_MANIFEST_DIR: path.join(work, `manifests-${label}`),
      EXPORT_IMAGE_CACHE_DIR: path.join(work, 'images'),
    }),
  );
  const a = snapshot(out);
  const b = snapshot(fresh);
  assert.deepEqual(Object.keys(a), Object.keys(b), 'same files');
  for (const f of Object.keys(b))
    assert.ok(a[f]!.bytes.equals(b[f]!.bytes), `${f} differs from an export into an empty folder`);
}

describe('re-exporting reuses the replaced tree', () => {
  before(() => writeDataset(dataset, docs));
  after(() => removeDir(work));

  test('three exports of unchanged content: every file, images included, keeps inode and mtime; the spare is private', async () => {
    await exportTo(out);
    const first = snapshot(out);
    assert.ok(
      Object.keys(first).filter((f) => /^media\/.*\.webp$/.test(f)).length >= 3,
      'the site has self-hosted image variants',
    );
    assert.deepEqual(readdirSync(site), ['out'], 'a first export leaves nothing next to out/');

    for (const round of [2, 3]) {
      const r = await exportTo(out);
      assert.match(r.stdout, new RegExp(`0 written, ${Object.keys(first).length} unchanged`), `export ${round}`);
      assert.match(r.stdout, /images 0 fetched/);
      assert.deepEqual(changedBetween(first, snapshot(out)), [], `export ${round}: no file got a new inode or mtime`);
      assert.deepEqual(readdirSync(site).sort(), ['out', `out${SPARE_SUFFIX}`]);
    }
    assert.equal(
      lstatSync(path.join(site, `out${SPARE_SUFFIX}`)).mode & 0o777,
      0o700,
      'the spare is not readable by other users',
    );
    assert.ok(!listFiles(out).some((f) => f.includes('spare')), 'the spare is not inside out/');
  });

  test('an edited school rewrites only its page; a removed school is gone and stays gone', async () => {
    const before = snapshot(out);
    const alpha = docs.find((d) => d._id === 'school-alpha')! as {
      sectionRepeater: { blocks: { body: { children: { text: string }[] }[] }[] }[];
    };
    alpha.sectionRepeater[0]!.blocks[0]!.body[0]!.children[0]!.text = 'Changed: a new robotics lab.';
    writeDataset(dataset, docs);
    await exportTo(out);
    const changed = changedBetween(before, snapshot(out));
    // Its page in both editions (the fixture has no translation: the Spanish page shows the English text).
    assert.deepEqual(changed, [
      'es/schools/alpha-middle.html',
      'es/schools/alpha-middle/index.html',
      'schools/alpha-middle.html',
      'schools/alpha-middle/index.html',
    ]);
    await assertEqualsFreshExport('edited');

    const withoutGamma = docs.filter((d) => d._id !== 'school-gamma');
    assert.equal(withoutGamma.length, docs.length - 1);
    writeDataset(dataset, withoutGamma);
    await exportTo(out);
    assert.ok(
      !listFiles(out).some((f) => f.startsWith('schools/gamma-middle/') || f.startsWith('es/schools/gamma-middle/')),
      'the removed school has no page',
    );
    await assertEqualsFreshExport('removed');
    // The spare now holds the tree that still had the page; the next export must not bring it back.
    await exportTo(out);
    assert.ok(!listFiles(out).some((f) => f.startsWith('schools/gamma-middle/')));
    await assertEqualsFreshExport('removed-again');
  });
});
