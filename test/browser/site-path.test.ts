// A district-sized export for a GitHub project site (https://x.github.io/repo/), served under
// /repo/ as Pages serves it: in Chromium the pages hydrate without a warning, load navigation.json
// from under /repo/, request nothing outside /repo/, and every internal link (also those React
// renders after hydration: the menus from the shared list) stays under /repo/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { generateDataset } from '../../bench/gen-dataset.ts';
import { createStaticServer } from '../../scripts/lib/static-server.ts';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { ROOT } from './helpers/site.ts';

let work: string;
let app: FastifyInstance;
let origin: string;
let browser: Browser;
let slugs: string[];

describe('a project-site export served under /repo/', SKIP, () => {
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'msg-site-path-'));
    const dataset = generateDataset({ n: 150, outDir: path.join(work, 'content') });
    slugs = dataset.slugs;
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SANITY_')));
    const out = path.join(work, 'out');
    const args = ['bin/run.mjs', 'export', '--content', dataset.dir, '--out', out];
    const run = spawnSync(process.execPath, [...args, '--site-url', 'https://x.github.io/repo/'], {
      cwd: ROOT,
      env: { ...env, EXPORT_MANIFEST_DIR: path.join(work, 'manifests') },
      encoding: 'utf8',
      timeout: 240_000,
    });
    assert.equal(run.status, 0, `export failed:\n${run.stderr}`);
    app = await createStaticServer(out, '/repo/');
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  for (const which of ['landing', 'school', '404', 'compare'] as const) {
    test(`${which} page: hydrates, requests and links stay under /repo/`, async () => {
      const w = await openPage(browser, 1280);
      try {
        const paths = {
          landing: '/repo/',
          school: `/repo/schools/${slugs[0]}`,
          '404': '/repo/nothing-here',
          compare: `/repo/compare/?schools=${slugs[0]},${slugs[1]}`,
        };
        await w.page.goto(origin + paths[which]);
        await hydrated(w.page);
        // The comparison's facts file comes from under /repo/ too, and its links stay there.
        if (which === 'compare') await w.page.waitForSelector('.compare table');
        await w.page.waitForFunction(() => document.querySelectorAll('.school-link').length > 100, null, {
          timeout: 15_000,
        });
        const local = w.requests.filter((u) => u.startsWith(origin));
        assert.deepEqual(
          local.filter((u) => !u.startsWith(`${origin}/repo/`)),
          [],
          'requests outside /repo/',
        );
        assert.ok(local.includes(`${origin}/repo/navigation.json`), 'navigation.json fetched under /repo/');
        assert.deepEqual(w.external, [], 'external requests');
        const problems = await unexpectedProblems(w.page, w.problems, { status404: which === '404' });
        assert.deepEqual(problems, [], 'console problems');
        const hrefs = await w.page.$$eval('a[href]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
        const internal = hrefs.filter((h) => h.startsWith('/') && !h.startsWith('//'));
        assert.ok(internal.length > 150, `internal links: ${internal.length}`);
        assert.deepEqual(
          internal.filter((h) => !h.startsWith('/repo/')),
          [],
          'internal links outside /repo/',
        );
        const canonical = await w.page.$eval('link[rel=canonical]', (l) => l.getAttribute('href')).catch(() => null);
        if (which === 'school') assert.equal(canonical, `https://x.github.io/repo/schools/${slugs[0]}`);
        if (which === 'compare') assert.equal(canonical, 'https://x.github.io/repo/compare/');
      } finally {
        await w.close();
      }
    });
  }
});
