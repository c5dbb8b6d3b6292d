// The export benchmark's incremental figure is only meaningful if the edit it publishes reaches the
// service and a stale export is caught: the bench starts `npm run content` as its own process,
// publishes one school's section title through the mutate API (nothing else changes), fails when
// the edited page is unchanged or lacks the title, and refuses an export whose images are not
// self-hosted. The service process must be gone after stop().
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateDataset } from '../../bench/gen-dataset.ts';
import { parsePhases } from '../../bench/lib/export-process.ts';
import {
  checkEditedPage,
  compareSites,
  publishSectionEdit,
  startServiceProcess,
  type RunningService,
} from '../../bench/lib/export-service.ts';
import { DEFAULT_API_VERSION } from '../../src/config/public.ts';

type Doc = { _id: string; _rev?: string; _updatedAt?: string; sectionRepeater?: { title?: string }[] } & Record<
  string,
  unknown
>;

describe('bench: running content service and the published edit', () => {
  let work: string;
  let service: RunningService;
  let schoolIds: string[];

  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'bench-service-test-'));
    const gen = generateDataset({ n: 12, outDir: path.join(work, 'dataset'), seed: 5 });
    schoolIds = gen.schoolIds;
    service = await startServiceProcess(path.join(work, 'dataset'));
  });
  after(async () => {
    await service?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const all = async (): Promise<Doc[]> => {
    const res = await fetch(
      `${service.url}/v${DEFAULT_API_VERSION}/data/query/production?query=${encodeURIComponent('*[!(_id in path("drafts.**"))] | order(_id asc)')}`,
    );
    assert.equal(res.status, 200);
    return ((await res.json()) as { result: Doc[] }).result;
  };

  it('answers on a loopback port once started, serving the generated schools', () => {
    assert.match(service.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(service.schools >= 12, `${service.schools} school documents`);
    assert.ok(service.token.length >= 16);
  });

  it("publishes one school's first section title and changes nothing else", async () => {
    const target = schoolIds[4]!;
    const docsBefore = await all();
    const { before: oldTitle, after: newTitle } = await publishSectionEdit(service.url, service.token, target);
    assert.equal(docsBefore.find((d) => d._id === target)?.sectionRepeater?.[0]?.title, oldTitle);
    assert.notEqual(newTitle, oldTitle);
    const docsAfter = await all();
    assert.equal(docsAfter.length, docsBefore.length);
    const changed = docsAfter.filter((d, i) => JSON.stringify(d) !== JSON.stringify(docsBefore[i]));
    assert.deepEqual(
      changed.map((d) => d._id),
      [target],
    );
    const strip = ({ _rev: _r, _updatedAt: _u, sectionRepeater, ...rest }: Doc) => ({
      rest,
      sections: sectionRepeater?.map((s, i) => (i === 0 ? { ...s, title: null } : s)),
    });
    assert.deepEqual(
      strip(changed[0]!),
      strip(docsBefore.find((d) => d._id === target)!),
      'only the first section title (and the revision) changed',
    );
    assert.equal(changed[0]!.sectionRepeater![0]!.title, newTitle);
  });

  it('refuses an edit without the token', async () => {
    await assert.rejects(publishSectionEdit(service.url, 'wrong-token-0123456789', schoolIds[1]!), /HTTP 401/);
  });

  it('is gone after stop()', async () => {
    const other = await startServiceProcess(path.join(work, 'dataset'));
    await other.stop();
    await assert.rejects(fetch(`${other.url}/v${DEFAULT_API_VERSION}/data/query/production?query=1`));
  });
});

describe('bench: checks on the exported site', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-site-check-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('fails a stale incremental export: page unchanged, or changed without the new title', () => {
    const page = path.join(dir, 'page.html');
    const old = '<h2>Arts &amp; Music</h2>';
    writeFileSync(page, old);
    assert.throws(() => checkEditedPage(page, old, 'Arts & Music (revised 1)'), /unchanged.*stale/);
    writeFileSync(page, '<h2>Arts &amp; Music</h2><p>other change</p>');
    assert.throws(() => checkEditedPage(page, old, 'Arts & Music (revised 1)'), /does not show.*stale/);
    writeFileSync(page, '<h2>Arts &amp; Music (revised 1)</h2>');
    checkEditedPage(page, old, 'Arts & Music (revised 1)');
  });

  const site = (name: string, files: Record<string, string>): string => {
    const root = path.join(dir, name);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    return root;
  };

  it('accepts equivalent sites with self-hosted images and reports byte differences', () => {
    const files = { 'index.html': '<img src="/media/abc-10x10-1.webp">', 'media/abc-10x10-1.webp': 'x' };
    const a = site('a', files);
    const b = site('b', { ...files, 'index.html': '<img src="/media/abc-10x10-1.webp"> ' });
    const r = compareSites(a, b);
    assert.deepEqual([r.files, r.pages, r.mediaRefs, r.mediaFiles, r.differing], [2, 1, 1, 1, ['index.html']]);
  });

  it('refuses sites with different files, images left on the service, or missing media', () => {
    const ok = site('ok', { 'index.html': '<img src="/media/abc-10x10-1.webp">', 'media/abc-10x10-1.webp': 'x' });
    assert.throws(
      () =>
        compareSites(
          ok,
          site('extra', {
            'index.html': '<img src="/media/abc-10x10-1.webp">',
            'media/abc-10x10-1.webp': 'x',
            'more.html': '',
          }),
        ),
      /different files.*more\.html/,
    );
    const remote = {
      'index.html': '<img src="http://127.0.0.1:4312/images/embedded/production/abc-10x10.jpg?w=10">',
      'media/abc-10x10-1.webp': 'x',
    };
    assert.throws(() => compareSites(site('r1', remote), site('r2', remote)), /references the content service/);
    const missing = { 'index.html': '<img src="/media/nope-10x10-1.webp">', 'media/abc-10x10-1.webp': 'x' };
    assert.throws(() => compareSites(site('m1', missing), site('m2', missing)), /did not write/);
  });
});

describe('bench: export phase lines', () => {
  it('reads the durations the export prints for a terminal, warnings in between, the rest as other', () => {
    const stderr =
      '  fetch   …\r  fetch     1.25 s  1000 school documents\n  bundle  …\n' +
      'warning: schools/a/index.html: block: unknown block type "x"; nothing is shown for it\n' +
      '  bundle   312 ms  JS 83.4 KB gzip first load\n  render  …\r  render    2.00 s  1002 pages, 1001 unchanged\n' +
      '\tCommand being timed: "node"\n  Maximum resident set size (kbytes): 500000\n';
    assert.deepEqual(parsePhases(stderr, 4000), { fetch: 1250, bundle: 312, render: 2000, other: 438 });
    assert.deepEqual(parsePhases('nothing here\n', 4000), {});
  });
});
