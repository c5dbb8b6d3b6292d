// The editors' preview in real Chromium: the preview server (server/app.ts) in front of the
// embedded content service over a private copy of the sample dataset. An editor's change to a
// draft, made through the content service's mutate API as the Studio would, shows up in the open
// page after the 1000 ms debounce (not before, and not much later); a school without a draft follows
// its published document live; and the navigation's 'Loading schools...' state, which the static
// site never shows, is seen while the navigation request is held back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser } from 'playwright-core';
import { buildPreviewServer } from '../../server/app.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { editorClient } from '../integration/helpers/preview-fixture.ts';
import { launch, openPage, SKIP, type Watched } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { expectedNavOrder, publishedSchools } from './helpers/sample-data.ts';
import { SAMPLE } from './helpers/site.ts';

const TOKEN = 'tok_' + 'b7'.repeat(20);
const SECRET = 'preview-secret-' + 'k3'.repeat(10);
const DEBOUNCE_MS = 1000;

let dir: string;
let service: ContentService;
let app: FastifyInstance;
let origin: string;
let browser: Browser;
/** The dataset the preview shows: unknown-content warnings must name types that really occur in it. */
let datasetText = '';

async function openPreview(urlPath: string): Promise<Watched> {
  const w = await openPage(browser, 1280);
  // The secret link starts a session (cookie) and redirects to the same address without it.
  const sep = urlPath.includes('?') ? '&' : '?';
  await w.page.goto(`${origin}${urlPath}${sep}secret=${encodeURIComponent(SECRET)}`, { waitUntil: 'load' });
  assert.ok(!w.page.url().includes('secret='), 'the secret stays in the address bar');
  return w;
}

const subtitleText = (w: Watched) =>
  w.page.evaluate(() => document.querySelector('h1')?.parentElement?.textContent ?? '');

describe('preview', SKIP, () => {
  before(async () => {
    // A private copy: the edits below must never touch content/sample.
    dir = mkdtempSync(path.join(tmpdir(), 'preview-browser-'));
    cpSync(SAMPLE, dir, { recursive: true });
    datasetText = readFileSync(path.join(dir, 'dataset.ndjson'), 'utf8');
    service = await startContentService({
      contentDir: dir,
      token: TOKEN,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      keepAliveMs: 1000,
      log: () => {},
    });
    app = await buildPreviewServer(
      { content: { config: embeddedConfig(service.url), token: TOKEN }, previewSecret: SECRET },
      { logLevel: 'silent' },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await app?.close();
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('a draft edit shows up in the open page after the 1000 ms debounce', async () => {
    const w = await openPreview('/schools/lincoln-middle?livepreview=1');
    try {
      // The pending draft is what an editor sees, not the published subtitle.
      await w.page.waitForFunction(
        () => document.querySelector('h1')?.textContent === 'Lincoln Middle School',
        undefined,
        { timeout: 15_000 },
      );
      await w.page.waitForFunction(
        () => document.body.textContent!.includes('now offering Mandarin in all grades'),
        undefined,
        { timeout: 10_000 },
      );
      assert.ok(!(await subtitleText(w)).includes('Home of the Lions since 1962'));
      assert.match((await w.page.textContent('.section-menu'))!, /Academics & World Languages/);
      // Let the change stream connect before editing.
      await w.page.waitForTimeout(700);

      const client = editorClient(service.url, TOKEN);
      const subtitle = `Edited in the Studio at ${Date.now()}`;
      const start = Date.now();
      await client.patch('drafts.school-lincoln').set({ subtitle }).commit();
      const committed = Date.now();
      // Before the debounce has run out the page still shows the old draft.
      await w.page.waitForTimeout(Math.max(0, DEBOUNCE_MS - 400 - (committed - start)));
      assert.ok(!(await subtitleText(w)).includes(subtitle), 'the draft was re-fetched before the debounce ran out');
      await w.page.waitForFunction((s) => document.body.textContent!.includes(s), subtitle, {
        timeout: DEBOUNCE_MS + 3000,
      });
      const elapsed = Date.now() - committed;
      assert.ok(elapsed >= DEBOUNCE_MS - 150, `updated after ${elapsed} ms, sooner than the debounce`);

      // A burst of edits gives one refresh with the last value, a debounce after the last edit.
      await client.patch('drafts.school-lincoln').set({ subtitle: 'burst 1' }).commit();
      await w.page.waitForTimeout(400);
      await client.patch('drafts.school-lincoln').set({ subtitle: 'burst 2' }).commit();
      const last = Date.now();
      await w.page.waitForFunction(() => document.body.textContent!.includes('burst 2'), undefined, {
        timeout: DEBOUNCE_MS + 3000,
      });
      assert.ok(Date.now() - last >= DEBOUNCE_MS - 150, 'refreshed before the debounce after the last edit');
      assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), []);
      assert.deepEqual(w.external, []);
    } finally {
      await w.close();
    }
  });

  test('a school with no draft shows its published document and follows published changes', async () => {
    const w = await openPreview('/schools/aspen-ridge?livepreview=1');
    try {
      await w.page.waitForFunction(
        () => document.querySelector('h1')?.textContent === 'Aspen Ridge Middle School',
        undefined,
        { timeout: 15_000 },
      );
      await w.page.waitForTimeout(700);
      const subtitle = `Published edit ${Date.now()}`;
      await editorClient(service.url, TOKEN).patch('school-aspen-ridge').set({ subtitle }).commit();
      await w.page.waitForFunction((s) => document.body.textContent!.includes(s), subtitle, { timeout: 5000 });
      assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), []);
    } finally {
      await w.close();
    }
  });

  test("the dropdown shows 'Loading schools...' until the navigation arrives, then the schools", async () => {
    const w = await openPage(browser, 1280);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      await w.page.route('**/api/navigation*', async (route) => {
        await held;
        await route.continue();
      });
      await w.page.goto(`${origin}/?secret=${encodeURIComponent(SECRET)}`, { waitUntil: 'load' });
      await w.page.waitForSelector('.nav-dropdown > button', { timeout: 15_000 });
      await w.page.click('.nav-dropdown__toggle');
      const panel = w.page.locator('.nav-dropdown__panel');
      assert.equal((await panel.textContent())?.trim(), 'Loading schools...');
      release();
      await w.page.waitForSelector('.nav-dropdown__panel .school-link', { timeout: 10_000 });
      const names = await panel.locator('.school-link__name').allTextContents();
      assert.deepEqual(names, expectedNavOrder(publishedSchools()));
    } finally {
      await w.close();
    }
  });
});
