// The export under bad conditions: a failing content service must leave the previous out/
// untouched, hostile slugs must never become paths, and a re-export must only rewrite files whose
// bytes changed (mtimes kept), so one school's edit does not touch every page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import {
  closedPort,
  cleanEnv,
  embeddedJson,
  failingService,
  listFiles,
  MINI,
  read,
  readDataset,
  removeDir,
  runExport,
  snapshot,
  tempDir,
  writeDataset,
  type Snapshot,
} from './export-helpers.ts';

const work = tempDir('robust');
after(() => removeDir(work));

function assertUntouched(before: Snapshot, after: Snapshot) {
  assert.deepEqual(Object.keys(after), Object.keys(before), 'same files');
  for (const [f, s] of Object.entries(before)) {
    assert.ok(after[f]!.bytes.equals(s.bytes), `${f} bytes unchanged`);
    assert.equal(after[f]!.mtimeMs, s.mtimeMs, `${f} mtime unchanged`);
  }
}

const hostedEnv = (apiHost: string, limitMs: number) =>
  cleanEnv({
    SANITY_PROJECT_ID: 'abc123',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: apiHost,
    EXPORT_TIME_LIMIT_MS: String(limitMs),
  });

describe('a failed export leaves the existing out/ untouched', () => {
  const out = path.join(work, 'atomic', 'out');
  let good: Snapshot;

  before(async () => {
    const r = await runExport(['--content', MINI, '--out', out]);
    assert.equal(r.code, 0, r.stderr);
    good = snapshot(out);
  });

  test('a content service answering 500: retried with backoff, then exit 2 with a clear message', async () => {
    const service = await failingService({ status: 500 });
    try {
      const started = Date.now();
      const r = await runExport(['--out', out], hostedEnv(service.url, 10_000));
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /export failed \(fetch\):/);
      assert.match(r.stderr, /left untouched/);
      // The plan's early question for the revisions (out/ and its manifest exist: asked once,
      // not retried), then 4 attempts of the read's first query (delays 250, 500, 1000 ms).
      assert.equal(service.requests(), 5);
      assert.ok(Date.now() - started >= 1750, 'backoff waited between attempts');
      assertUntouched(good, snapshot(out));
      assert.deepEqual(readdirSync(path.dirname(out)), ['out'], 'no temp folder left behind');
    } finally {
      await service.close();
    }
  });

  test('a closed port: exit 2, out/ untouched', async () => {
    const port = await closedPort();
    const r = await runExport(['--out', out], hostedEnv(`http://127.0.0.1:${port}`, 3_000));
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /export failed \(fetch\)/);
    assertUntouched(good, snapshot(out));
  });

  test('a service that never answers: gives up at the overall time limit, exit 2', async () => {
    const service = await failingService('hang');
    try {
      const started = Date.now();
      const r = await runExport(['--out', out], hostedEnv(service.url, 1_500));
      const took = Date.now() - started;
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /time limit/);
      assert.ok(took < 15_000, `took ${took} ms`);
      assertUntouched(good, snapshot(out));
    } finally {
      await service.close();
    }
  });

  test('no valid content: exit 3, out/ untouched', async () => {
    const dir = path.join(work, 'empty-dataset');
    writeDataset(dir, [
      { _id: 'school-noslug', _type: 'school', title: 'No Slug' },
      { _id: 'school-bad', _type: 'school', title: 'Bad', slug: { _type: 'slug', current: '../etc' } },
    ]);
    const r = await runExport(['--content', dir, '--out', out]);
    assert.equal(r.code, 3, r.stderr);
    assert.match(r.stderr, /no valid content/);
    assertUntouched(good, snapshot(out));
  });

  test('an --out folder that is not a previous export is refused (exit 1)', async () => {
    const r = await runExport(['--content', MINI, '--out', path.join(work, '..', path.basename(work))]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /refusing to replace/);
  });
});

describe('hostile slugs and titles', () => {
  const root = path.join(work, 'slugs');
  const out = path.join(root, 'site', 'out');
  const dataset = path.join(root, 'dataset');
  const bad: [string, unknown, unknown, RegExp][] = [
    ['school-dotdot', 'Dot Dot', '../x', /field slug: contains "\.\."/],
    ['school-slash', 'Slash', 'a/b', /field slug: contains a slash/],
    ['school-percent', 'Percent', '%2e', /field slug: contains "%"/],
    ['school-control', 'Control', 'ab\u0001c', /field slug: contains control characters/],
    ['school-long', 'Long', 'x'.repeat(201), /field slug: is longer than 200 characters/],
    ['school-noslug', 'No Slug', undefined, /field slug: missing/],
    ['school-numtitle', 42, 'number-title', /field title: not a string/],
    ['school-zz-duplicate', 'Duplicate of Alpha', 'alpha-middle', /field slug: the address of school "school-alpha"/],
    // Names special to hosts and tools, file names, text that does not show what it says.
    ['school-dotgit', 'Dot Git', '.git', /field slug: starts with a dot/],
    ['school-wellknown', 'Well Known', '.well-known', /field slug: starts with a dot/],
    ['school-indexhtml', 'Index', 'index.html', /field slug: ends in a file extension \(\.html\)/],
    ['school-bidi', 'Bidi', 'gnp\u202eexe.html', /field slug: contains invisible .* \("gnp\\u\{202e\}exe\.html"\)/],
    ['school-zerowidth', 'Zero Width', 'alpha\u200b-middle', /field slug: contains invisible or direction-changing/],
    // The second pass: 270 bytes on disk failed the whole export; names a disk or host folds together.
    ['school-wide', 'Wide', '中'.repeat(90), /field slug: is longer than 200 bytes as UTF-8/],
    ['school-index', 'Index Folder', 'index', /field slug: is "index"/],
    ['school-trailingdot', 'Trailing Dot', 'trailingdot.', /field slug: ends with a dot/],
    [
      'school-zz-upper',
      'Upper Alpha',
      'ALPHA-MIDDLE',
      /field slug: the address of school "school-alpha" \("alpha-middle": addresses are compared regardless of case\)/,
    ],
  ];
  let result: Awaited<ReturnType<typeof runExport>>;

  before(async () => {
    const docs = readDataset(MINI);
    for (const [id, title, slug] of bad) {
      docs.push({
        _id: id,
        _type: 'school',
        title,
        ...(slug === undefined ? {} : { slug: { _type: 'slug', current: slug } }),
        seoDescription: 'hostile',
      });
    }
    writeDataset(dataset, docs);
    result = await runExport(['--content', dataset, '--out', out, '--verbose']);
  });

  test('each bad document is skipped with a warning naming its _id and field', () => {
    assert.equal(result.code, 0, result.stderr);
    for (const [id, , , reason] of bad) {
      const line = result.stderr.split('\n').find((l) => l.includes(`"${id}"`));
      assert.ok(line, `a warning names ${id}`);
      assert.match(line, reason);
    }
    assert.doesNotMatch(result.stderr, /[\u202e\u200b]/, 'invisible characters are shown as escapes in the log');
  });

  test('valid pages are still exported; nothing lands outside out/', () => {
    assert.deepEqual(
      listFiles(out).filter((f) => f.endsWith('.html')),
      [
        '404.html',
        'compare/index.html',
        // The Spanish edition: the same schools (the fixture has no translation, so in English, marked).
        'es/404.html',
        'es/compare/index.html',
        'es/index.html',
        'es/schools/alpha-middle.html',
        'es/schools/alpha-middle/index.html',
        'es/schools/beta-charter.html',
        'es/schools/beta-charter/index.html',
        'es/schools/gamma-middle.html',
        'es/schools/gamma-middle/index.html',
        'index.html',
        'schools/alpha-middle.html',
        'schools/alpha-middle/index.html',
        'schools/beta-charter.html',
        'schools/beta-charter/index.html',
        'schools/gamma-middle.html',
        'schools/gamma-middle/index.html',
      ],
    );
    assert.deepEqual(
      readdirSync(path.join(root, 'site')),
      ['out'],
      'nothing written next to out/ (../x would land here)',
    );
    assert.ok(!existsSync(path.join(root, 'x')) && !existsSync(path.join(out, 'x')));
    // The school that had the address keeps it (undated here, and a first export: the first by _id),
    // and no skipped school appears in navigation or cards.
    const alpha = embeddedJson(read(out, 'schools/alpha-middle/index.html'), '__DATA__') as { school: { _id: string } };
    assert.equal(alpha.school._id, 'school-alpha');
    const landing = embeddedJson(read(out, 'index.html'), '__DATA__') as {
      nav: { id: string }[];
      cards: { id: string }[];
    };
    const ids = [...landing.nav.map((n) => n.id), ...landing.cards.map((c) => c.id)];
    for (const [id] of bad) assert.ok(!ids.includes(id), `${id} is not linked`);
  });
});

describe('incremental rewriting', () => {
  const root = path.join(work, 'incremental');
  const dataset = path.join(root, 'dataset');
  const out = path.join(root, 'out');
  const docs = readDataset(MINI);
  const OLD = new Date('2020-01-01T00:00:00Z');

  /** Export, then report which files were rewritten: every file's mtime is first set to OLD. */
  async function exportAndDiff(): Promise<string[]> {
    for (const f of listFiles(out)) utimesSync(path.join(out, f), OLD, OLD);
    const r = await runExport(['--content', dataset, '--out', out]);
    assert.equal(r.code, 0, r.stderr);
    const snap = snapshot(out);
    return Object.keys(snap)
      .filter((f) => snap[f]!.mtimeMs !== OLD.getTime())
      .sort();
  }

  before(async () => {
    writeDataset(dataset, docs);
    const r = await runExport(['--content', dataset, '--out', out]);
    assert.equal(r.code, 0, r.stderr);
  });

  test('a second export with the same content rewrites nothing and keeps every mtime', async () => {
    assert.deepEqual(await exportAndDiff(), []);
  });

  test("changing one school's body rewrites only that school's pages (both editions)", async () => {
    const alpha = docs.find((d) => d._id === 'school-alpha')! as {
      sectionRepeater: { blocks: { body: { children: { text: string }[] }[] }[] }[];
    };
    alpha.sectionRepeater[0]!.blocks[0]!.body[0]!.children[0]!.text = 'Changed: even stronger academics.';
    writeDataset(dataset, docs);
    assert.deepEqual(await exportAndDiff(), [
      'es/schools/alpha-middle.html',
      'es/schools/alpha-middle/index.html',
      'schools/alpha-middle.html',
      'schools/alpha-middle/index.html',
    ]);
  });

  test("changing a school's title rewrites the pages that show it in navigation and the data files, nothing else", async () => {
    const beta = docs.find((d) => d._id === 'school-beta')!;
    beta.title = 'Beta Charter Academy of the Arts';
    writeDataset(dataset, docs);
    const changed = await exportAndDiff();
    assert.deepEqual(
      changed,
      listFiles(out)
        // Each edition has its facts and open data, and both name the school.
        .filter((f) => f.endsWith('.html') || /^(es\/)?(school-facts\.|schools\.(csv|json)$)/.test(f))
        .sort(),
      'every page embeds the navigation; the title is in the facts and the open data',
    );
  });
});
