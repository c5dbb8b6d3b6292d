// A district-sized export renders on worker threads as well as the main thread (render-pool.ts).
// Families must get exactly the site a one-thread export makes: these tests export the same
// 220-school district with one and with two render threads and compare every file byte for byte,
// and the log line for line; then an edit of one school, re-exported in parallel, rewrites only
// that school's page. A bad thread count is a usage error.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDataset } from '../../bench/gen-dataset.ts';
import { PARALLEL_MIN_SCHOOLS } from '../../scripts/lib/render-pool.ts';
import { cleanEnv, listFiles, read, removeDir, runExport, snapshot, tempDir } from './export-helpers.ts';

const SCHOOLS = PARALLEL_MIN_SCHOOLS + 20;
let work: string;
let data: ReturnType<typeof generateDataset>;
const env = (threads: string) => cleanEnv({ EXPORT_RENDER_THREADS: threads, EXPORT_MANIFEST_DIR: path.join(work, `manifests-${threads}`) });
/** The CLI's output without the duration and the out/ folder name, which differ between runs. */
const log = (s: string, out: string) => s.replace(/ in \d+(\.\d+)? m?s$/m, '').replaceAll(path.basename(out), 'OUT');

before(() => {
  work = tempDir('export-parallel');
  data = generateDataset({ n: SCHOOLS, outDir: path.join(work, 'content') });
});
after(() => removeDir(work));

test('two render threads export exactly the site and log of one thread', async () => {
  const one = path.join(work, 'out-1');
  const two = path.join(work, 'out-2');
  const a = await runExport(['--content', data.dir, '--out', one], env('1'), 240_000);
  const b = await runExport(['--content', data.dir, '--out', two], env('2'), 240_000);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
  const files = listFiles(one);
  assert.ok(files.length >= SCHOOLS + 2, `${files.length} files`);
  assert.deepEqual(listFiles(two), files);
  for (const f of files) assert.ok(readFileSync(path.join(one, f)).equals(readFileSync(path.join(two, f))), `${f} differs`);
  assert.equal(log(b.stderr, two), log(a.stderr, one));
  assert.match(b.stdout, /pages \d+ rendered on 2 threads,/, 'the worker thread rendered a share');
  assert.equal(log(b.stdout, two).replace(' on 2 threads', ''), log(a.stdout, one));
  assert.match(a.stderr, /warning: schools\/[^ ]+: block: unknown block type/, 'the dataset has unknown content, so the logs are worth comparing');
});

test('an incremental parallel export after one edit rewrites only that page', async () => {
  const out = path.join(work, 'out-2');
  const before = snapshot(out);
  const file = path.join(data.dir, 'dataset.ndjson');
  const id = data.schoolIds[Math.floor(SCHOOLS / 2)]!;
  const lines = readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.startsWith(`{"_id":"${id}",`));
  const doc = JSON.parse(lines[i]!) as { slug: { current: string }; sectionRepeater: { title: string }[] };
  doc.sectionRepeater[0]!.title = 'Edited for the parallel test';
  lines[i] = JSON.stringify(doc);
  writeFileSync(file, lines.join('\n'));

  const r = await runExport(['--content', data.dir, '--out', out], env('2'), 240_000);
  assert.equal(r.code, 0, r.stderr);
  const after = snapshot(out);
  const page = `schools/${doc.slug.current}/index.html`;
  const changed = Object.keys(after).filter((f) => !before[f] || !before[f]!.bytes.equals(after[f]!.bytes) || before[f]!.ino !== after[f]!.ino);
  assert.deepEqual(changed, [page]);
  assert.ok(read(out, page).includes('Edited for the parallel test'));
  assert.match(r.stdout, /pages 1 rendered(?: on \d threads)?, \d+ carried over/);
});

test('a thread count that is not a number from 1 to 64 is a usage error (exit 1)', async () => {
  const r = await runExport(['--content', data.dir, '--out', path.join(work, 'out-bad')], env('lots'), 60_000);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /EXPORT_RENDER_THREADS: "lots" is not a thread count/);
});
