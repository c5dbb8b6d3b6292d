// Incremental export: after one school is edited, only its page is rendered; every other page is
// carried over from out/ (same inode and mtime), its warnings are still reported, and the result
// is byte-for-byte what a full export of the same content writes. A page changed or replaced in
// out/ behind the export's back is rendered again, never trusted.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
} from './export-helpers.ts';

const work = tempDir('incremental');
const dataset = path.join(work, 'dataset');
const out = path.join(work, 'out');
const env = cleanEnv({
  EXPORT_MANIFEST_DIR: path.join(work, 'manifests'),
  EXPORT_IMAGE_CACHE_DIR: path.join(work, 'images'),
});
const docs = readDataset(MINI);

type Doc = Record<string, unknown> & { sectionRepeater?: Record<string, unknown>[] | null };
const school = (id: string) => docs.find((d) => d._id === id) as Doc;

async function exportTo(dir: string, envOverride = env) {
  // Every warning as it comes (--verbose): carried pages must replay theirs.
  const r = await runExport(['--content', dataset, '--out', dir, '--verbose'], envOverride);
  assert.equal(r.code, 0, r.stderr);
  return r;
}

const warningsOf = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('warning: '))
    .sort();

describe('incremental export', () => {
  before(() => {
    // An unknown block on a school that stays unchanged: its warning must survive being carried.
    school('school-beta').sectionRepeater = [
      {
        _key: 's9',
        _type: 'section',
        title: 'Calendar',
        href: 'calendar',
        blocks: [{ _type: 'eventCalendar', _key: 'cal1' }],
      },
    ];
    writeDataset(dataset, docs);
  });
  after(() => removeDir(work));

  test('one edited school: only its pages are rendered; the rest is carried, warnings included, and equals a full export', async () => {
    const first = await exportTo(out);
    assert.match(first.stdout, /Exported \d+ pages/);
    const beforeSnap = snapshot(out);

    const alpha = school('school-alpha') as { sectionRepeater: { title: string }[] };
    alpha.sectionRepeater[0]!.title = `${alpha.sectionRepeater[0]!.title} (updated)`;
    writeDataset(dataset, docs);
    const second = await exportTo(out);
    assert.match(first.stdout, /pages \d+ rendered, 0 carried over/);
    // The page and its folder form (one file, hard-linked), in each edition (English and Spanish),
    // and each edition's facts file: a section title is one of the school's facts (untranslated, the
    // Spanish file shows the English one). The pages that link to the facts files (landing pages,
    // 404.html, compare pages) stay: the files' names do not change.
    assert.match(second.stdout, /6 written, \d+ unchanged; pages 2 rendered, \d+ carried over/);
    assert.deepEqual(warningsOf(second.stderr), warningsOf(first.stderr));
    // Updated in place: no temp tree was built, so none is left beside out/, and no spare was made.
    assert.deepEqual(
      readdirSync(work).filter((f) => f.startsWith('out.')),
      [],
    );
    const namesPage = (w: string) => w.includes('schools/beta-charter.html') && w.includes('eventCalendar');
    assert.ok(warningsOf(second.stderr).some(namesPage), second.stderr);

    const afterSnap = snapshot(out);
    const changed = Object.keys(afterSnap).filter(
      (f) => afterSnap[f]!.ino !== beforeSnap[f]?.ino || afterSnap[f]!.mtimeMs !== beforeSnap[f]?.mtimeMs,
    );
    // Both editions: the fixture has no translation, so the Spanish page (and facts) show the edited English too.
    assert.deepEqual(changed, [
      'es/school-facts.json',
      'es/schools/alpha-middle.html',
      'es/schools/alpha-middle/index.html',
      'school-facts.json',
      'schools/alpha-middle.html',
      'schools/alpha-middle/index.html',
    ]);
    assert.ok(afterSnap['school-facts.json']!.bytes.includes('(updated)'));
    assert.ok(afterSnap['schools/alpha-middle.html']!.bytes.includes('(updated)'));
    const { ino } = afterSnap['schools/alpha-middle.html']!;
    assert.equal(afterSnap['schools/alpha-middle/index.html']!.ino, ino, 'the folder form is the same file');

    // The same content exported from scratch (no manifest) gives the same bytes everywhere.
    const full = path.join(work, 'full');
    await exportTo(
      full,
      cleanEnv({
        EXPORT_MANIFEST_DIR: path.join(work, 'manifests-full'),
        EXPORT_IMAGE_CACHE_DIR: path.join(work, 'images'),
      }),
    );
    const fullSnap = snapshot(full);
    assert.deepEqual(Object.keys(afterSnap), Object.keys(fullSnap));
    for (const f of Object.keys(fullSnap))
      assert.ok(afterSnap[f]!.bytes.equals(fullSnap[f]!.bytes), `${f} differs from a full export`);
  });

  test('a page edited in out/ behind the export is rendered again, not trusted', async () => {
    const page = path.join(out, 'schools', 'gamma-middle', 'index.html');
    const clean = snapshot(out)['schools/gamma-middle/index.html']!.bytes;
    appendFileSync(page, '<!-- tampered -->');
    const r = await exportTo(out);
    assert.match(r.stdout, /2 written, \d+ unchanged; pages 1 rendered/);
    assert.ok(snapshot(out)['schools/gamma-middle/index.html']!.bytes.equals(clean));
    assert.ok(snapshot(out)['schools/gamma-middle.html']!.bytes.equals(clean));
  });

  test('a folder form replaced in out/ behind the export is linked to its page again', async () => {
    const page = path.join(out, 'schools', 'gamma-middle', 'index.html');
    const clean = snapshot(out)['schools/gamma-middle.html']!.bytes;
    rmSync(page);
    writeFileSync(page, 'stale');
    const r = await exportTo(out);
    assert.match(r.stdout, /1 written, \d+ unchanged; pages 0 rendered/);
    const snap = snapshot(out);
    assert.ok(snap['schools/gamma-middle/index.html']!.bytes.equals(clean));
    assert.equal(snap['schools/gamma-middle/index.html']!.ino, snap['schools/gamma-middle.html']!.ino);
  });

  test('the manifest lives outside out/', () => {
    assert.ok(!listFiles(out).some((f) => f.includes('manifest')));
    const kept = readdirSync(path.join(work, 'manifests')).sort();
    assert.equal(kept.filter((f) => f.endsWith('.json')).length, 1, kept.join());
    assert.deepEqual(
      kept.filter((f) => f.endsWith('.report.ndjson')),
      kept.filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '.report.ndjson')),
      'its report beside it',
    );
  });
});
