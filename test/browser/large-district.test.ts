// A district-sized export (150 schools): the navigation list is too big to embed in every page,
// so it ships once as assets/nav-<hash>.json, preloaded by each page and read by the browser entry
// before hydrating. This checks that path end to end in Chromium: the page hydrates without a
// warning, fetches the list exactly once, and its dropdown holds every school.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { generateDataset } from '../../bench/gen-dataset.ts';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { ROOT, serve, type Served } from './helpers/site.ts';

const SCHOOLS = 150;
let work: string;
let site: Served;
let browser: Browser;
let slugs: string[];

describe('large district (shared navigation file)', SKIP, () => {
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'msg-large-district-'));
    const dataset = generateDataset({ n: SCHOOLS, outDir: path.join(work, 'content') });
    slugs = dataset.slugs;
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SANITY_')));
    const out = path.join(work, 'out');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/export.ts', '--content', dataset.dir, '--out', out], {
      cwd: ROOT, env: { ...env, EXPORT_MANIFEST_DIR: path.join(work, 'manifests') }, encoding: 'utf8', timeout: 240_000,
    });
    assert.equal(run.status, 0, `export failed:\n${run.stderr}`);
    site = await serve(out);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('pages reference one shared navigation file instead of embedding the list', () => {
    const navFiles = readdirSync(path.join(site.dir, 'assets')).filter((f) => /^nav-[0-9a-f]+\.json$/.test(f));
    assert.equal(navFiles.length, 1, `one navigation file: ${navFiles.join(', ')}`);
    const list = JSON.parse(readFileSync(path.join(site.dir, 'assets', navFiles[0]!), 'utf8')) as { link: string }[];
    assert.ok(list.length >= SCHOOLS, `${list.length} schools in the file`);
    const html = readFileSync(path.join(site.dir, 'schools', slugs[0]!, 'index.html'), 'utf8');
    assert.match(html, new RegExp(`<link rel="preload" href="[^"]*assets/${navFiles[0]}" as="fetch" crossorigin="anonymous" id="__NAV__">`));
    const data = JSON.parse(/<script type="application\/json" id="__DATA__">([^<]*)<\/script>/.exec(html)![1]!) as { nav: unknown };
    assert.ok(!Array.isArray(data.nav) || data.nav.length === 0, 'the list is not repeated inside the page data');
  });

  for (const urlPath of ['/', () => `/schools/${slugs[7]}/`] as const) {
    test(`${typeof urlPath === 'string' ? urlPath : 'a school page'} hydrates with the shared list, fetched once`, async () => {
      const w = await openPage(browser, 1280);
      try {
        const target = typeof urlPath === 'string' ? urlPath : urlPath();
        await w.page.goto(site.origin + target, { waitUntil: 'load' });
        await hydrated(w.page);
        const navRequests = w.requests.filter((u) => /\/assets\/nav-[0-9a-f]+\.json$/.test(u));
        assert.equal(navRequests.length, 1, `fetched once: ${navRequests.join(', ')}`);
        await w.page.click('.nav-dropdown > button');
        const links = w.page.locator('.nav-dropdown .school-list a');
        assert.ok((await links.count()) >= SCHOOLS);
        assert.equal(await links.first().isVisible(), true);
        assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
        assert.deepEqual(w.external, []);
      } finally {
        await w.close();
      }
    });
  }
});
