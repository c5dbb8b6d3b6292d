// Incremental reads: after the first export, an export compares every document's revision with
// the previous run's and reads only the schools a change can reach (up to two references away:
// school → quote → that quote's school title). A stale page is the failure that matters, so every
// case here ends with the incremental out/ equal, byte for byte, to a from-scratch export of the
// same content, and checks what was read. The district's navigation is a shared file (about
// 35 KB, past the 32 KB inline limit) so pages do not depend on each other's titles (with an
// inline list, a title change reaches every page and the export reads everything, which the last
// case checks): 60 schools whose descriptions run to a paragraph get it there with half the pages
// of the 120 short ones it took before. Content seen before (a school added, then removed again)
// is compared with the from-scratch export already made of it: the export is deterministic
// (export.test.ts), and a full export is most of this file's time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDataset, readNdjson } from '../../bench/gen-dataset.ts';
import { cleanEnv, listFiles, read, runExport, removeDir, tempDir, type RunResult } from './export-helpers.ts';

type Doc = { _id: string; _type: string; [k: string]: unknown };
const LONG_DESCRIPTION =
  'small classes, a late bus on every route, clubs after school four days a week, a garden the students run, ' +
  'a counselor for every grade who meets each family before the first day, and a library open until six, ' +
  'with tutors from the high school next door on Tuesdays and Thursdays.';
let work: string;
let dataset: string;
let out: string;
let slugs: string[];
let ids: string[];
let fresh = 0;
const env = () => cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'manifests'), EXPORT_RENDER_THREADS: '1' });

const docs = (): Doc[] => readNdjson(path.join(dataset, 'dataset.ndjson')) as Doc[];
function edit(fn: (all: Doc[]) => Doc[] | void): void {
  const all = docs();
  const next = fn(all) ?? all;
  writeFileSync(path.join(dataset, 'dataset.ndjson'), `${next.map((d) => JSON.stringify(d)).join('\n')}\n`);
}
const byId = (all: Doc[], id: string): Doc => all.find((d) => d._id === id) ?? assert.fail(`no ${id}`);

/** From-scratch exports by the hash of the dataset they were made of: folder and CLI output. */
const scratches = new Map<string, { dir: string; run: RunResult }>();
const datasetHash = () =>
  createHash('sha256')
    .update(readFileSync(path.join(dataset, 'dataset.ndjson')))
    .digest('hex');

/** A from-scratch export of the dataset as it is now (made once per content). */
async function scratchExport(): Promise<{ dir: string; run: RunResult }> {
  const key = datasetHash();
  const known = scratches.get(key);
  if (known) return known;
  const dir = path.join(work, `scratch-${fresh++}`);
  const run = await runExport(
    ['--content', dataset, '--out', dir, '--verbose'],
    cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, `m-${fresh}`), EXPORT_RENDER_THREADS: '1' }),
    180_000,
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /content: all read/);
  scratches.set(key, { dir, run });
  return { dir, run };
}

/** Exports incrementally into out/, then from scratch elsewhere, and requires identical trees. */
async function exportAndCompare(): Promise<string> {
  const r = await runExport(['--content', dataset, '--out', out, '--verbose'], env(), 180_000);
  assert.equal(r.code, 0, r.stderr);
  const { dir: scratch, run: s } = await scratchExport();
  const files = listFiles(scratch);
  assert.deepEqual(listFiles(out), files);
  for (const f of files)
    assert.ok(readFileSync(path.join(out, f)).equals(readFileSync(path.join(scratch, f))), `${f} is stale`);
  assert.deepEqual(
    r.stderr.split('\n').filter((l) => l.startsWith('warning')),
    s.stderr.split('\n').filter((l) => l.startsWith('warning')),
    'the same warnings',
  );
  return r.stdout;
}

before(async () => {
  work = tempDir('export-changed');
  const gen = generateDataset({ n: 60, outDir: path.join(work, 'content') });
  dataset = gen.dir;
  slugs = gen.slugs;
  ids = gen.schoolIds;
  edit((all) => {
    // The menu lists each school's description: a paragraph each puts it past the inline limit.
    for (const d of all) if (d._type === 'school') d.subtitle = `${d.subtitle}: ${LONG_DESCRIPTION}`;
    // A cross reference two hops deep: school 0 features a quote of school 1.
    const quoteOf1 =
      all.find((d) => d._type === 'quote' && (d.school as { _ref?: string } | undefined)?._ref === ids[1]) ??
      assert.fail('no quote of school 1');
    byId(all, ids[0]!).featuredQuote = { _type: 'reference', _ref: quoteOf1._id };
  });
  out = path.join(work, 'out');
  const r = await runExport(['--content', dataset, '--out', out, '--verbose'], env(), 180_000);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /content: all read/);
  assert.ok(existsSync(path.join(out, 'navigation.json')), 'the navigation is a shared file');
  // A first export is a from-scratch one: a copy is the reference for the unchanged content.
  const copy = path.join(work, `scratch-${fresh++}`);
  cpSync(out, copy, { recursive: true });
  scratches.set(datasetHash(), { dir: copy, run: r });
});
after(() => removeDir(work));

test('nothing changed: nothing is read but revisions, every page is carried', async () => {
  const stdout = await exportAndCompare();
  assert.match(stdout, /content: 0 changed document\(s\) since the last export, 0 school document\(s\) read/);
  assert.match(stdout, /pages 0 rendered/);
});

test("a school's section edited: only that school is read and its pages rendered", async () => {
  edit((all) => {
    (byId(all, ids[5]!).sectionRepeater as { title: string }[])[0]!.title = 'Changed section title';
  });
  const stdout = await exportAndCompare();
  assert.match(stdout, /content: 1 changed document\(s\) since the last export, 1 school document\(s\) read/);
  // Its page in each edition (a school's key covers both). A section title is one of the school's
  // facts: the facts file is rewritten, but the pages linking to it are not (its name is fixed).
  assert.match(stdout, /pages 2 rendered/);
  assert.ok(read(out, `schools/${slugs[5]}/index.html`).includes('Changed section title'));
  assert.ok(read(out, 'school-facts.json').includes('Changed section title'));
  edit((all) => {
    byId(all, ids[5]!).tourDescription = null;
  });
  assert.match(await exportAndCompare(), /pages 2 rendered/, 'a change outside the facts renders only its page too');
});

test('a Spanish translation edited, then unlinked: its school is read and both editions equal a full export', async () => {
  const meta = docs().find((d) => d._type === 'translation.metadata') ?? assert.fail('no translation in the dataset');
  const [enRef, esRef] = (meta.translations as { value: { _ref: string } }[]).map((t) => t.value._ref) as [
    string,
    string,
  ];
  const slug = slugs[ids.indexOf(enRef)] ?? assert.fail(`no slug for ${enRef}`);
  edit((all) => {
    byId(all, esRef).subtitle = 'Un subtítulo nuevo';
  });
  let stdout = await exportAndCompare();
  assert.match(stdout, /content: 1 changed document\(s\) since the last export, 1 school document\(s\) read/);
  assert.ok(read(out, `es/schools/${slug}/index.html`).includes('Un subtítulo nuevo'));
  // The link removed: the Spanish page falls back to the English school, marked.
  edit((all) => all.filter((d) => d._id !== meta._id));
  stdout = await exportAndCompare();
  assert.match(stdout, /content: 1 changed document\(s\) since the last export/);
  assert.ok(!read(out, `es/schools/${slug}/index.html`).includes('Un subtítulo nuevo'));
});

test("two hops: renaming a school updates another school's page that features its student's quote", async () => {
  edit((all) => {
    byId(all, ids[1]!).title = 'Renamed Middle School';
  });
  const stdout = await exportAndCompare();
  assert.match(stdout, /content: 1 changed document\(s\) since the last export, \d+ school document\(s\) read/);
  const featuring = read(out, `schools/${slugs[0]}/index.html`);
  assert.ok(featuring.includes('Renamed Middle School'), 'the quote block names the renamed school');
});

test('one hop: editing a quote re-renders the school featuring it; deleting it too', async () => {
  const quoteId = (byId(docs(), ids[0]!).featuredQuote as { _ref: string })._ref;
  edit((all) => {
    byId(all, quoteId).quote = 'A changed quotation from a student.';
  });
  let stdout = await exportAndCompare();
  assert.match(stdout, /content: 1 changed document\(s\)/);
  assert.ok(read(out, `schools/${slugs[0]}/index.html`).includes('A changed quotation from a student.'));
  edit((all) => all.filter((d) => d._id !== quoteId));
  stdout = await exportAndCompare();
  assert.match(stdout, /content: 1 changed document\(s\)/);
  assert.ok(!read(out, `schools/${slugs[0]}/index.html`).includes('A changed quotation from a student.'));
});

test('a school added or removed: everything is read', async () => {
  edit((all) => {
    const copy = structuredClone(byId(all, ids[9]!));
    copy._id = 'school-added-by-test';
    copy.slug = { _type: 'slug', current: 'added-by-test' };
    copy.title = 'Added By Test Middle School';
    all.push(copy);
  });
  let stdout = await exportAndCompare();
  assert.match(stdout, /content: all read/);
  assert.ok(read(out, 'schools/added-by-test/index.html').includes('Added By Test Middle School'));
  edit((all) => all.filter((d) => d._id !== 'school-added-by-test'));
  stdout = await exportAndCompare();
  assert.match(stdout, /content: all read/);
  assert.ok(!listFiles(out).includes('schools/added-by-test/index.html'));
});

test('much changed at once: one full read instead of many pieces', async () => {
  edit((all) => {
    for (const d of all) if (d._type !== 'sanity.imageAsset') d.editorNote = 'bulk edit';
  });
  const stdout = await exportAndCompare();
  assert.match(stdout, /content: all read/);
});

test('a carried page touched in out/ behind the export: the export reads everything and restores it', async () => {
  const page = path.join(out, 'schools', slugs[3]!, 'index.html');
  writeFileSync(page, 'tampered');
  edit((all) => {
    (byId(all, ids[6]!).sectionRepeater as { title: string }[])[0]!.title = 'Another edit';
  });
  const stdout = await exportAndCompare();
  assert.match(stdout, /content: all read/);
  assert.notEqual(readFileSync(page, 'utf8'), 'tampered');
});
