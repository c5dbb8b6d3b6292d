// A look-alike address never replaces an established school's page. On Riverbend (a district that
// is not ours), "Bluebell Annex" typed in the Studio with the address `Bluebell` (created later)
// and a copy written straight into the dataset with the exact address `bluebell` (no creation
// date, an _id sorting before `school-bluebell`) are skipped, each named with the address and the
// school that kept it; Bluebell Middle School keeps /schools/bluebell in a full export, in an
// incremental one after an edit, and in a full export from scratch (the dated school before the
// undated copy). Where creation dates cannot tell (one missing, or the same date), the previous
// export of the out/ folder decides. The editors' preview shows the same school at that address.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createContentApi } from '../../server/lib/content-api.ts';
import { startContentService } from '../../content-service/index.ts';
import { editorClient } from './helpers/preview-fixture.ts';
import {
  cleanEnv,
  embeddedJson,
  listFiles,
  read,
  readDataset,
  removeDir,
  ROOT,
  runExport,
  tempDir,
  writeDataset,
} from './export-helpers.ts';

const DISTRICT = path.join(ROOT, 'test/fixtures/district');
const TOKEN = 'addresses-token-0123456789';
const work = tempDir('addresses');
const dataset = path.join(work, 'dataset');
const env = (manifests: string) =>
  cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, manifests), EXPORT_IMAGE_CACHE_DIR: path.join(work, 'images') });
const original = readDataset(DISTRICT);
const bluebell = original.find((d) => d._id === 'school-bluebell')!;

/** Bluebell Annex as the Studio creates it: a random id, its own creation date, `Bluebell` typed as its address. */
const annex = {
  ...bluebell,
  _id: '0d6e8f2a-4b1c-4c7e-9a35-annex',
  _rev: 'annex-1',
  _createdAt: '2026-05-04T09:30:00Z',
  _updatedAt: '2026-05-04T09:30:00Z',
  title: 'Bluebell Annex',
  slug: { _type: 'slug', current: 'Bluebell' },
};
/** A copy written straight into the dataset: the exact address, no creation date, an id before school-bluebell's. */
const { _createdAt: _, ...copyOf } = bluebell;
const copy = { ...copyOf, _id: 'bluebell-copy', _rev: 'copy-1', title: 'Bluebell (copy)' };

const SKIPPED = [
  /^warning: skipping school "0d6e8f2a-4b1c-4c7e-9a35-annex": field slug: the address of school "school-bluebell" \("bluebell": addresses are compared regardless of case\), which keeps it: .* \("Bluebell"\)$/,
  /^warning: skipping school "bluebell-copy": field slug: the address of school "school-bluebell", which keeps it: .* \("bluebell"\)$/,
];

async function exportTo(out: string, manifests = 'manifests') {
  // --verbose: every warning as it comes (the summary names kinds and documents, not each sentence).
  const r = await runExport(['--content', dataset, '--out', out, '--verbose'], env(manifests));
  assert.equal(r.code, 0, r.stderr);
  return { ...r, skips: r.stderr.split('\n').filter((l) => l.includes('field slug: the address of')) };
}

/** The school a page shows, by its embedded data. */
const schoolOn = (out: string, file: string) =>
  (embeddedJson(read(out, file), '__DATA__') as { school: { _id: string; title: string } }).school;

function assertBluebellKept(out: string, skips: string[]) {
  assert.equal(schoolOn(out, 'schools/bluebell.html')._id, 'school-bluebell');
  assert.equal(schoolOn(out, 'es/schools/bluebell.html')._id, 'school-bluebell');
  assert.deepEqual(
    listFiles(out).filter((f) => /^(es\/)?schools\/bluebell\b.*\.html$/i.test(f)),
    [
      'es/schools/bluebell.html',
      'es/schools/bluebell/index.html',
      'schools/bluebell.html',
      'schools/bluebell/index.html',
    ],
    'no page for the look-alikes, in any case',
  );
  assert.equal(skips.length, 2, skips.join('\n'));
  SKIPPED.forEach((re, i) => assert.match(skips[i]!, re));
  const landing = embeddedJson(read(out, 'index.html'), '__DATA__') as { nav: { id: string }[] };
  assert.ok(!landing.nav.some((n) => n.id === annex._id || n.id === copy._id), 'the menus do not link them');
}

describe('a look-alike address never replaces an established school', () => {
  const out = path.join(work, 'out');
  before(() => {
    cpSync(DISTRICT, dataset, { recursive: true });
    rmSync(path.join(dataset, 'generate.ts'));
  });
  after(() => removeDir(work));

  test('full export: the established school keeps its page, the others are skipped by name', async () => {
    const first = await exportTo(out);
    assert.equal(first.skips.length, 0);
    // Riverbend's facts that break the rules are named too (src/build/fact-warnings.ts).
    assert.deepEqual(
      first.stderr.split('\n').filter((l) => /"school-cypress": field (bellTimes|events)/.test(l)),
      [
        'warning: schools/cypress-hill.html: school "school-cypress": field bellTimes.start: not a 24-hour time HH:MM: left off the page ("8:5")',
        'warning: schools/cypress-hill.html: school "school-cypress": field events[_key=="cypresstour"].end: not after its start: the event is shown as one hour long ("2027-01-20T16:00:00-07:00")',
      ],
    );
    writeDataset(dataset, [...original, annex, copy], DISTRICT);
    // Schools added: read in full, with the previous export's addresses at hand.
    const r = await exportTo(out);
    assert.match(r.stdout, /content: all read \(12 school documents\)/);
    assertBluebellKept(out, r.skips);
    // The copy has no creation date: the address is the one the previous export published.
    assert.match(r.skips[0]!, /which keeps it: published there by the previous export/);
  });

  test('incremental export after an edit of the annex: the same decision, the same warnings', async () => {
    writeDataset(
      dataset,
      [...original, { ...annex, _rev: 'annex-2', subtitle: 'Opening in the fall' }, copy],
      DISTRICT,
    );
    const r = await exportTo(out);
    assert.match(r.stdout, /content: 1 changed document\(s\) since the last export/);
    assertBluebellKept(out, r.skips);
    assert.match(r.stderr, /"school-cypress": field bellTimes\.start/, 'a carried page repeats its warnings');
  });

  test('a full export from scratch decides the same: the creation dates tell', async () => {
    const fresh = path.join(work, 'out-fresh');
    const r = await exportTo(fresh, 'manifests-fresh');
    assertBluebellKept(fresh, r.skips);
    assert.match(r.skips[1]!, /which keeps it: first by creation date, then by _id/);
    assert.ok(
      readFileSync(path.join(fresh, 'schools/bluebell.html')).equals(
        readFileSync(path.join(out, 'schools/bluebell.html')),
      ),
      'the same page as the incremental export wrote',
    );
  });

  test('the same creation date: the school the previous export published keeps the address', async () => {
    const twin = { ...copy, _rev: 'copy-2', _createdAt: bluebell._createdAt };
    writeDataset(dataset, [...original, annex, twin], DISTRICT);
    const r = await exportTo(out);
    // A creation date changed: the incremental read does not stand, the full read asks the manifest.
    assert.match(r.stdout, /content: all read/);
    assertBluebellKept(out, r.skips);
    assert.match(
      r.skips[1]!,
      /which keeps it: created first, as early as another, and published there by the previous export/,
    );
    // Without a previous export nothing tells them apart but the _id: why the manifest is asked.
    const fresh = path.join(work, 'out-twin');
    const alone = await exportTo(fresh, 'manifests-twin');
    assert.equal(schoolOn(fresh, 'schools/bluebell.html')._id, 'bluebell-copy');
    assert.match(
      alone.stderr,
      /skipping school "school-bluebell": .*created first, as early as another, and first by _id/,
    );
    assert.ok(!existsSync(path.join(fresh, 'schools/Bluebell.html')));
  });
});

describe('the preview shows the school the export keeps', () => {
  const folder = path.join(work, 'preview-dataset');
  let close: () => Promise<void> = async () => {};
  let api: ReturnType<typeof createContentApi>;
  before(async () => {
    writeDataset(folder, [...original, annex, copy], DISTRICT);
    const service = await startContentService({ contentDir: folder, token: TOKEN, watch: false, log: () => {} });
    close = () => service.close();
    api = createContentApi(editorClient(service.url, TOKEN));
  });
  after(() => close());

  test('/schools/bluebell is Bluebell Middle School, not the undated copy whose _id sorts first', async () => {
    assert.equal((await api.schoolBySlug('bluebell', 'drafts'))?._id, 'school-bluebell');
    assert.equal((await api.lookup('bluebell'))?.id, 'school-bluebell');
  });
});
