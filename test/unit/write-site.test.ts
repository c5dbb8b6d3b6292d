// The export's writers on their own, the swap (SiteWriter) and the in-place update (SiteUpdater):
// out/ always ends up exactly the site asked for, files whose bytes did not change keep their inode
// and mtime (static hosts and rsync rely on it), the tree kept as the spare for the next export is
// never trusted, and a failure before the commit leaves out/ as it was.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { type SiteOutput, SiteWriter, SPARE_SUFFIX, UnsafePathError } from '../../scripts/lib/write-site.ts';
import { SiteUpdater } from '../../scripts/lib/update-site.ts';
import { threadedCreator } from '../../scripts/lib/file-creator.ts';

const work = mkdtempSync(path.join(tmpdir(), 'write-site-'));
after(() => rmSync(work, { recursive: true, force: true }));
let n = 0;
/** A fresh parent folder; the export goes to <parent>/out. */
const freshOut = () => {
  const dir = path.join(work, `case-${++n}`);
  mkdirSync(dir);
  return path.join(dir, 'out');
};

/** A site: path → bytes to write, or CARRY to carry the previous export's file over unread. */
const CARRY = Symbol('carry');
type Site = Record<string, string | typeof CARRY>;

/**
 * `inPlace`: through SiteUpdater, given what out/ holds now as the previous export's files;
 * 'thread': swapped, with the files created on a thread of their own (as a full export does).
 */
async function exportSite(out: string, site: Site, inPlace: boolean | 'thread' = false) {
  const w: SiteOutput =
    inPlace === true
      ? new SiteUpdater(out, new Set(Object.keys(readTree(out).files)))
      : new SiteWriter(out, inPlace === 'thread' ? threadedCreator() : undefined);
  await w.begin();
  try {
    for (const rel of Object.keys(site).sort()) {
      const v = site[rel]!;
      if (v === CARRY) await w.carry(rel);
      else await w.write(rel, v);
    }
    return await w.commit();
  } catch (err) {
    await w.abort();
    throw err;
  }
}

interface Entry {
  text: string;
  ino: number;
  mtimeMs: number;
}
/** Every file under dir with its text, inode and mtime; folders listed separately. */
function readTree(dir: string): { files: Record<string, Entry>; dirs: string[] } {
  const files: Record<string, Entry> = {};
  const dirs: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        dirs.push(r);
        walk(r);
        continue;
      }
      assert.ok(e.isFile(), `${r} is a regular file`);
      const p = path.join(dir, r);
      const st = statSync(p);
      files[r] = { text: readFileSync(p, 'utf8'), ino: st.ino, mtimeMs: st.mtimeMs };
    }
  };
  walk('');
  return { files, dirs: dirs.sort() };
}

const texts = (t: ReturnType<typeof readTree>) =>
  Object.fromEntries(Object.entries(t.files).map(([f, e]) => [f, e.text]));
const ancestors = (files: string[]) =>
  [
    ...new Set(
      files.flatMap((f) =>
        f
          .split('/')
          .slice(0, -1)
          .map((_, i, a) => a.slice(0, i + 1).join('/')),
      ),
    ),
  ].sort();
const OLD = new Date('2020-01-01T00:00:00Z');

/** out/ holds exactly `expected` (no other file, no empty folder). */
function assertSite(out: string, expected: Record<string, string>) {
  const t = readTree(out);
  assert.deepEqual(texts(t), expected);
  assert.deepEqual(t.dirs, ancestors(Object.keys(expected)), 'no folder without files');
}

const siblings = (out: string) => readdirSync(path.dirname(out)).sort();

describe('SiteWriter', () => {
  test('unchanged files keep inode and mtime on the second export and on the third, built from the spare', async () => {
    const out = freshOut();
    const site = {
      'index.html': '<h1>home</h1>',
      'schools/a/index.html': 'A',
      'schools/b/index.html': 'B',
      'media/x.webp': 'RIFFxxxxWEBP',
    };
    const first = await exportSite(out, site);
    assert.deepEqual(first, { files: 4, bytes: 27, written: 4, unchanged: 0 });
    assert.deepEqual(siblings(out), ['out'], 'nothing replaced yet, so no spare');
    const before = readTree(out);

    const second = await exportSite(out, site);
    assert.deepEqual(second, { files: 4, bytes: 27, written: 0, unchanged: 4 });
    assert.deepEqual(siblings(out), ['out', `out${SPARE_SUFFIX}`]);
    assert.deepEqual(readTree(out), before);

    const third = await exportSite(out, { ...site, 'schools/a/index.html': CARRY, 'schools/b/index.html': CARRY });
    assert.deepEqual(third, { files: 4, bytes: 27, written: 0, unchanged: 4 });
    assert.deepEqual(readTree(out), before);
    assert.deepEqual(siblings(out), ['out', `out${SPARE_SUFFIX}`], 'the spare was reused, not piled up');
  });

  test('a changed file gets a new inode; the others keep theirs; removed files do not come back from the spare', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A', 'b/index.html': 'B', 'c/d/e.txt': 'E' });
    await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A', 'b/index.html': 'B', 'c/d/e.txt': 'E' });
    const before = readTree(out).files;
    const stats = await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A2', 'f/g.txt': 'G' });
    assert.deepEqual(stats, { files: 3, bytes: 7, written: 2, unchanged: 1 });
    assertSite(out, { 'index.html': 'home', 'a/index.html': 'A2', 'f/g.txt': 'G' });
    const now = readTree(out).files;
    assert.equal(now['index.html']!.ino, before['index.html']!.ino);
    assert.notEqual(now['a/index.html']!.ino, before['a/index.html']!.ino);
    // Back to the first site: the spare still holds b/ and c/ from two exports ago, but they are new files now.
    await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A', 'b/index.html': 'B' });
    assertSite(out, { 'index.html': 'home', 'a/index.html': 'A', 'b/index.html': 'B' });
  });

  test('a failure half-way, with the spare sharing inodes with out/, leaves out/ exactly as it was', async () => {
    const out = freshOut();
    const site = { 'index.html': 'home', 'a/index.html': 'A', 'b/index.html': 'B' };
    await exportSite(out, site);
    await exportSite(out, site); // now a spare exists whose files are out/'s inodes
    const before = readTree(out);

    const w = new SiteWriter(out);
    await w.begin();
    // The spare's a/index.html is the very inode out/ holds: writing new bytes must not reach it.
    assert.equal(statSync(path.join(w.tmp, 'a/index.html')).ino, before.files['a/index.html']!.ino);
    await w.write('a/index.html', 'A changed');
    await w.write('index.html', 'home changed');
    assert.equal(readFileSync(path.join(out, 'a/index.html'), 'utf8'), 'A', 'out/ not written through a shared inode');
    await assert.rejects(w.carry('missing/index.html'), /ENOENT/);
    await w.abort();
    assert.deepEqual(readTree(out), before, 'bytes, inodes and mtimes as before');
    assert.deepEqual(
      siblings(out),
      ['out', `out${SPARE_SUFFIX}`],
      'no temp folder left; the half-built tree is the spare',
    );

    // The next export starts from that half-built tree and still gets everything right.
    await exportSite(out, { ...site, 'b/index.html': 'B2' });
    assertSite(out, { ...site, 'b/index.html': 'B2' });
    const now = readTree(out).files;
    assert.equal(now['a/index.html']!.ino, before.files['a/index.html']!.ino, 'the half-written change was not kept');
    assert.equal(now['index.html']!.mtimeMs, before.files['index.html']!.mtimeMs);
  });

  test('a file its creating thread could not make fails the commit; out/ stays exactly as it was', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A' });
    const before = readTree(out);
    // The thread finds a file already at a path it is given, as if something else wrote there.
    const creator = threadedCreator();
    const w = new SiteWriter(out, creator);
    await w.begin();
    await w.write('a/index.html', 'A changed');
    writeFileSync(path.join(w.tmp, 'b.html'), 'planted');
    await w.write('b.html', 'B');
    await assert.rejects(w.commit(), (err: NodeJS.ErrnoException) => err.code === 'EEXIST');
    await w.abort();
    assert.deepEqual(readTree(out), before, 'bytes, inodes and mtimes as before');
    assert.deepEqual(siblings(out), ['out', `out${SPARE_SUFFIX}`], 'no temp folder left');
  });
  test('whatever the spare holds, out/ becomes exactly the new site and nothing is written outside it', async () => {
    const out = freshOut();
    const site = {
      'index.html': 'home',
      'schools/a/index.html': 'A',
      'schools/b/index.html': 'B',
      'media/x.webp': 'X',
      'robots.txt': 'R',
    };
    await exportSite(out, site);
    await exportSite(out, site);
    const spare = `${out}${SPARE_SUFFIX}`;
    assert.ok(existsSync(spare));
    const outside = path.join(work, `outside-${n}`);
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'keep.txt'), 'outside');
    // Junk, a symlink where a folder the site needs belongs, folders and files swapped, a foreign copy.
    writeFileSync(path.join(spare, 'extra.html'), 'stale');
    mkdirSync(path.join(spare, 'old/deep'), { recursive: true });
    writeFileSync(path.join(spare, 'old/deep/page.html'), 'stale');
    rmSync(path.join(spare, 'schools'), { recursive: true });
    symlinkSync(outside, path.join(spare, 'schools'));
    unlinkSync(path.join(spare, 'robots.txt'));
    mkdirSync(path.join(spare, 'robots.txt'));
    writeFileSync(path.join(spare, 'robots.txt/inner'), 'stale');
    rmSync(path.join(spare, 'media'), { recursive: true });
    writeFileSync(path.join(spare, 'media'), 'a file where a folder belongs');
    unlinkSync(path.join(spare, 'index.html'));
    writeFileSync(path.join(spare, 'index.html'), 'home'); // same bytes, but not out/'s file
    const before = readTree(out).files;

    const stats = await exportSite(out, site);
    assert.deepEqual(stats.written, 0);
    assertSite(out, site);
    const now = readTree(out).files;
    for (const f of Object.keys(site)) assert.equal(now[f]!.ino, before[f]!.ino, `${f} is still out/'s file`);
    assert.deepEqual(readdirSync(outside), ['keep.txt'], 'nothing written through the symlink');
    assert.equal(readFileSync(path.join(outside, 'keep.txt'), 'utf8'), 'outside');
  });

  test('a symlink planted as the spare is not followed', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home' });
    const outside = path.join(work, `outside-${n}`);
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'index.html'), 'outside');
    symlinkSync(outside, `${out}${SPARE_SUFFIX}`);
    await exportSite(out, { 'index.html': 'home', 'new.html': 'new' });
    assertSite(out, { 'index.html': 'home', 'new.html': 'new' });
    assert.deepEqual(readdirSync(outside), ['index.html']);
    assert.equal(readFileSync(path.join(outside, 'index.html'), 'utf8'), 'outside');
  });

  test("a crashed export's folders are reused or removed; only out/ and the spare stay", async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home' });
    const deadPid = 4_194_304 + 1234; // above Linux's highest pid, so never a live process
    mkdirSync(`${out}.tmp-${deadPid}/half`, { recursive: true });
    writeFileSync(`${out}.tmp-${deadPid}/half/page.html`, 'half');
    mkdirSync(`${out}.old-${deadPid + 1}`);
    writeFileSync(`${out}.old-${deadPid + 1}/index.html`, 'older');
    await exportSite(out, { 'index.html': 'home', 'a.html': 'A' });
    assertSite(out, { 'index.html': 'home', 'a.html': 'A' });
    assert.deepEqual(siblings(out), ['out', `out${SPARE_SUFFIX}`]);
  });

  test('the spare is private to its owner; out/ keeps the mode it had', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home' });
    const mode = lstatSync(out).mode & 0o777;
    await exportSite(out, { 'index.html': 'home' });
    await exportSite(out, { 'index.html': 'home' });
    assert.equal(lstatSync(`${out}${SPARE_SUFFIX}`).mode & 0o777, 0o700);
    assert.equal(lstatSync(out).mode & 0o777, mode);
    assert.notEqual(mode, 0o700, 'out/ is readable by a web server running as another user');
  });
  test('unsafe paths, duplicate paths and a file that is also a folder are refused', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home' });
    const before = readTree(out);
    for (const bad of ['../escape.html', '/abs.html', 'a\\b.html', '', 'a/../../x', 'x\0y']) {
      await assert.rejects(
        exportSite(out, { 'index.html': 'home', [bad]: 'pwned' }),
        UnsafePathError,
        JSON.stringify(bad),
      );
    }
    const w = new SiteWriter(out);
    await w.begin();
    await w.write('a/b.html', 'x');
    await assert.rejects(w.write('a/./b.html', 'y'), /written twice/);
    await assert.rejects(w.write('a', 'y'), /both a file and a folder/);
    await w.write('c', 'y');
    await assert.rejects(w.write('c/d', 'z'), /both a file and a folder/);
    await w.abort();
    assert.deepEqual(readTree(out), before);
    assert.ok(!existsSync(path.join(path.dirname(out), 'escape.html')));
    assert.ok(!existsSync(path.join(path.dirname(path.dirname(out)), 'x')));
  });

  test('any sequence of sites, swapped (files made here or on their own thread) or updated in place: out/ is exactly the site, and files with unchanged bytes keep inode and mtime', async () => {
    const paths = ['index.html', 'd1/f1', 'd1/f2', 'd1/d2/f3', 'd2/f1', 'd2/d3/d4/f5', 'd3/f1'];
    const siteArb = fc.dictionary(fc.constantFrom(...paths), fc.constantFrom('a', 'b', 'cc', ''), {
      maxKeys: paths.length,
    });
    const out = freshOut();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(siteArb, fc.boolean(), fc.constantFrom(false, true, 'thread' as const)), {
          minLength: 1,
          maxLength: 4,
        }),
        async (rounds) => {
          rmSync(path.dirname(out), { recursive: true, force: true });
          mkdirSync(path.dirname(out));
          let previous: Record<string, Entry> = {};
          for (const [dict, carryUnchanged, inPlace] of rounds) {
            const site: Record<string, string> = { ...dict };
            // Old mtimes first, so a rewritten file cannot pass for a kept one by having been written in the same tick.
            if (existsSync(out))
              for (const f of Object.keys(readTree(out).files)) utimesSync(path.join(out, f), OLD, OLD);
            previous = existsSync(out) ? readTree(out).files : {};
            // Carry a file over when its bytes are unchanged, as the export does for pages its manifest trusts.
            const asked: Site = Object.fromEntries(
              Object.entries(site).map(([f, t]) => [f, carryUnchanged && previous[f]?.text === t ? CARRY : t]),
            );
            await exportSite(out, asked, inPlace === true ? existsSync(out) : inPlace);
            assertSite(out, site);
            const now = readTree(out).files;
            for (const [f, e] of Object.entries(now)) {
              const same = previous[f]?.text === e.text;
              if (same) assert.deepEqual([e.ino, e.mtimeMs], [previous[f]!.ino, previous[f]!.mtimeMs], `${f} kept`);
              else assert.notEqual(e.mtimeMs, OLD.getTime(), `${f} written`);
            }
            assert.deepEqual(
              siblings(out).filter((s) => s !== 'out' && s !== `out${SPARE_SUFFIX}`),
              [],
              'no temp folder left',
            );
          }
        },
      ),
      { numRuns: 40, seed: 20240601 },
    );
  });
});
describe('SiteUpdater', () => {
  test('only what differs is touched: unchanged files keep inode and mtime, removed ones go with their empty folders', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A', 'b/c/index.html': 'C', 'x.txt': 'X' });
    const before = readTree(out).files;
    const stats = await exportSite(
      out,
      { 'index.html': CARRY, 'a/index.html': 'A2', 'x.txt': 'X', 'n/new.txt': 'N' },
      true,
    );
    assert.deepEqual(stats, { files: 4, bytes: 8, written: 2, unchanged: 2 });
    assertSite(out, { 'index.html': 'home', 'a/index.html': 'A2', 'x.txt': 'X', 'n/new.txt': 'N' });
    const now = readTree(out).files;
    for (const f of ['index.html', 'x.txt'])
      assert.deepEqual([now[f]!.ino, now[f]!.mtimeMs], [before[f]!.ino, before[f]!.mtimeMs], `${f} kept`);
    assert.notEqual(now['a/index.html']!.ino, before['a/index.html']!.ino, 'a new file, never written in place');
    assert.deepEqual(siblings(out), ['out'], 'no staging folder left, and no spare made');
  });

  test("a change never reaches the swap's spare, which shares inodes with out/", async () => {
    const out = freshOut();
    const site = { 'index.html': 'home', 'a/index.html': 'A' };
    await exportSite(out, site);
    await exportSite(out, site); // the spare now holds out/'s inodes
    await exportSite(out, { ...site, 'a/index.html': 'A2' }, true);
    assert.equal(readFileSync(path.join(`${out}${SPARE_SUFFIX}`, 'a/index.html'), 'utf8'), 'A');
    await exportSite(out, { ...site, 'a/index.html': 'A3' }); // the swap starts from that spare
    assertSite(out, { ...site, 'a/index.html': 'A3' });
  });

  test('a failure while staging leaves out/ exactly as it was', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home', 'a/index.html': 'A' });
    const before = readTree(out);
    const u = new SiteUpdater(out, new Set(['index.html', 'a/index.html']));
    await u.begin();
    await u.write('index.html', 'home changed');
    await u.write('b/index.html', 'B');
    await assert.rejects(u.carry('missing/index.html'), /no file there/);
    await u.abort();
    assert.deepEqual(readTree(out), before, 'bytes, inodes and mtimes as before');
    assert.deepEqual(siblings(out), ['out']);
  });

  test('a folder where a file goes, or a file where a folder goes, is refused before out/ is touched', async () => {
    const out = freshOut();
    await exportSite(out, { 'index.html': 'home', 'a/b.html': 'B', c: 'C' });
    const before = readTree(out);
    await assert.rejects(exportSite(out, { 'index.html': 'new', a: 'A' }, true), /not a regular file/);
    await assert.rejects(exportSite(out, { 'index.html': 'new', 'c/d.html': 'D' }, true), /not a folder/);
    assert.deepEqual(readTree(out), before);
    // The swap does what in place cannot.
    await exportSite(out, { 'index.html': 'new', a: 'A' });
    assertSite(out, { 'index.html': 'new', a: 'A' });
  });

  test('a second address is the very file of its page: linked again when the page changed or the link was replaced', async () => {
    const out = freshOut();
    const link = async (site: Record<string, string | typeof CARRY>, aliases: [string, string][]) => {
      const u = new SiteUpdater(out, new Set(Object.keys(readTree(out).files)));
      await u.begin();
      for (const [rel, v] of Object.entries(site)) await (v === CARRY ? u.carry(rel) : u.write(rel, v));
      for (const [alias, target] of aliases) u.link(alias, target);
      return u.commit();
    };
    await exportSite(out, { 'a/index.html': 'A', 'a.html': 'A', 'b/index.html': 'B', 'b.html': 'B' });
    // Make each alias the page's own inode first.
    await link({ 'a/index.html': CARRY, 'b/index.html': CARRY }, [
      ['a.html', 'a/index.html'],
      ['b.html', 'b/index.html'],
    ]);
    let t = readTree(out).files;
    assert.equal(t['a.html']!.ino, t['a/index.html']!.ino);
    const kept = t['b.html']!.ino;
    // a's page changes; b's alias is replaced behind the export.
    rmSync(path.join(out, 'b.html'));
    writeFileSync(path.join(out, 'b.html'), 'stale');
    const stats = await link({ 'a/index.html': 'A2', 'b/index.html': CARRY }, [
      ['a.html', 'a/index.html'],
      ['b.html', 'b/index.html'],
    ]);
    assert.deepEqual([stats.written, stats.unchanged], [3, 1]);
    t = readTree(out).files;
    assert.equal(t['a.html']!.text, 'A2');
    assert.equal(t['a.html']!.ino, t['a/index.html']!.ino);
    assert.equal(t['b.html']!.ino, kept);
    assert.equal(t['b.html']!.text, 'B');
  });
});
