// The editors' preview in real Chromium: the preview server (server/app.ts) in front of the
// embedded content service over a private copy of the sample dataset. An editor's change to a
// draft, made through the content service's mutate API as the Studio would, shows up in the open
// page after the 1000 ms debounce (not before, and not much later); a school without a draft follows
// its published document live. Pages arrive server-rendered (readable with JavaScript off) and
// hydrate in place without a console error or warning (a hydration mismatch is one).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { buildPreviewServer } from '../../server/app.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import {
  FEATURED_QUOTES,
  liveBanner,
  STREAM_WATCH,
  startSamplePreview,
  streamReady,
  type SamplePreview,
} from './helpers/preview.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { editorClient } from '../integration/helpers/preview-fixture.ts';
import { hydrated, launch, openPage, SKIP, type Watched } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';

const TOKEN = `tok_${'b7'.repeat(20)}`;
const SECRET = `preview-secret-${'k3'.repeat(10)}`;
const DEBOUNCE_MS = 1000;

let preview: SamplePreview;
let dir: string;
let service: ContentService;
let origin: string;
let browser: Browser;
/** The dataset the preview shows: unknown-content warnings must name types that really occur in it. */
let datasetText = '';

async function openPreview(urlPath: string): Promise<Watched> {
  const w = await openPage(browser, 1280);
  await w.context.addInitScript(STREAM_WATCH);
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
    preview = await startSamplePreview(TOKEN, SECRET);
    ({ dir, service, origin, datasetText } = preview);
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await preview?.close();
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
      // Let the change stream connect, and the read it makes once live, before editing.
      await liveBanner(w.page);
      await w.page.waitForTimeout(500);

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
      await liveBanner(w.page);
      const subtitle = `Published edit ${Date.now()}`;
      await editorClient(service.url, TOKEN).patch('school-aspen-ridge').set({ subtitle }).commit();
      await w.page.waitForFunction((s) => document.body.textContent!.includes(s), subtitle, { timeout: 5000 });
      assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), []);
    } finally {
      await w.close();
    }
  });

  test('pages are server-rendered: with JavaScript off a draft school and the landing grid are there', async () => {
    const w = await openPage(browser, 1280, { javaScriptEnabled: false });
    try {
      await w.page.goto(`${origin}/schools/lincoln-middle?livepreview=1&secret=${encodeURIComponent(SECRET)}`);
      assert.equal(await w.page.textContent('h1'), 'Lincoln Middle School');
      assert.equal(await w.page.getAttribute('.preview-banner__status', 'data-mode'), 'draft');
      assert.match((await w.page.textContent('.preview-banner__status'))!, /^Preview · draft/);
      await w.page.goto(`${origin}/`);
      const cards = await w.page.locator('.school-card').count();
      assert.ok(cards > 0, 'the landing grid');
      const srcs = await w.page
        .locator('.school-card img')
        .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
      assert.ok(srcs.length > 0 && srcs.every((s) => s!.startsWith('/images/')), srcs.join(' '));
    } finally {
      await w.close();
    }
  });
  test('the preview hydrates the server render without any console error or warning', async () => {
    for (const url of ['/schools/lincoln-middle?livepreview=1', '/schools/aspen-ridge', '/?livepreview=1']) {
      const w = await openPage(browser, 1280);
      try {
        // The server's nodes, taken before any script runs: hydration keeps them, a client render replaces them.
        await w.context.addInitScript(() => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState !== 'interactive') return;
            const g = globalThis as unknown as { __server: unknown };
            g.__server = { h1: document.querySelector('h1'), banner: document.querySelector('.preview-banner') };
          });
        });
        const sep = url.includes('?') ? '&' : '?';
        await w.page.goto(`${origin}${url}${sep}secret=${encodeURIComponent(SECRET)}`, { waitUntil: 'load' });
        await hydrated(w.page);
        // Let the live flow's first reload and the change stream settle: no update may go blank or warn.
        await w.page.waitForTimeout(1500);
        const kept = await w.page.evaluate(() => {
          const g = globalThis as unknown as { __server: { h1: Element | null; banner: Element | null } };
          return {
            h1: !!g.__server.h1 && g.__server.h1 === document.querySelector('h1'),
            banner: !!g.__server.banner && g.__server.banner === document.querySelector('.preview-banner'),
          };
        });
        assert.deepEqual(kept, { h1: true, banner: true }, `${url}: server nodes hydrated in place`);
        assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), [], url);
        assert.ok(
          !w.requests.some((r) => r.includes('/api/navigation') || r.includes('/api/landing')),
          `${url}: server data used`,
        );
        if (url.includes('livepreview') && url.startsWith('/schools')) {
          await w.page.waitForFunction(() =>
            /· live/.test(document.querySelector('.preview-banner__status')?.textContent ?? ''),
          );
        }
      } finally {
        await w.close();
      }
    }
  });

  test('an edit to a document the page shows through a reference (the featured quote) reaches the open page', async () => {
    for (const [url, quoteId] of FEATURED_QUOTES) {
      const w = await openPreview(url);
      try {
        await hydrated(w.page);
        await liveBanner(w.page);
        const quote = `A quote edited while the page is open ${Date.now()}`;
        const saved = Date.now();
        await editorClient(service.url, TOKEN).patch(quoteId).set({ quote }).commit();
        await w.page.waitForFunction((q) => document.body.textContent!.includes(q), quote, { timeout: 5000 });
        // A draft school refreshes after the 1000 ms debounce; a published one at once.
        assert.ok(Date.now() - saved < 3000, `${url}: the quote appeared ${Date.now() - saved} ms after the save`);
        assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), []);
      } finally {
        await w.close();
      }
    }
  });

  test('live preview of the landing page: a school renamed in a draft shows in the grid', async () => {
    const w = await openPreview('/?livepreview=1');
    try {
      await hydrated(w.page);
      await streamReady(w.page);
      const title = `Riverside Renamed ${Date.now()}`;
      const saved = Date.now();
      await editorClient(service.url, TOKEN)
        .createOrReplace({
          ...(await editorClient(service.url, TOKEN).getDocument('school-riverside'))!,
          _id: 'drafts.school-riverside',
          title,
        })
        .then(() => undefined);
      await w.page.waitForFunction((t) => document.querySelector('main')?.textContent?.includes(t), title, {
        timeout: 5000,
      });
      assert.ok(Date.now() - saved < 3000, `the grid showed the new title ${Date.now() - saved} ms after the save`);
      assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), []);
    } finally {
      await w.close();
      await editorClient(service.url, TOKEN).delete('drafts.school-riverside');
    }
  });
  test('the banner covers nothing of the page, at every width, at the top and at the bottom', async () => {
    for (const width of [375, 768, 1280] as const) {
      const w = await openPage(browser, width);
      try {
        await w.page.goto(`${origin}/schools/lincoln-middle?livepreview=1&secret=${encodeURIComponent(SECRET)}`);
        await hydrated(w.page);
        for (const at of ['top', 'bottom'] as const) {
          const covered = await w.page.evaluate((where) => {
            window.scrollTo({ top: where === 'top' ? 0 : document.documentElement.scrollHeight, behavior: 'instant' });
            const banner = document.querySelector('.preview-banner')!;
            const b = banner.getBoundingClientRect();
            const hit: string[] = [];
            for (const el of Array.from(document.querySelectorAll('body *'))) {
              if (banner.contains(el) || el.contains(banner) || el.children.length > 0) continue;
              const r = el.getBoundingClientRect();
              if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
              if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
                hit.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`);
            }
            return hit;
          }, at);
          assert.deepEqual(covered, [], `${width}px, ${at}: the banner overlaps these`);
        }
      } finally {
        await w.close();
      }
    }
  });

  test('a page opened while the content service is down shows the school within 5 s of its return', async () => {
    // A port that was free a moment ago: the preview starts pointed at a service that is not there.
    const probe = await startContentService({
      contentDir: dir,
      token: TOKEN,
      port: 0,
      host: '127.0.0.1',
      watch: false,
      log: () => {},
    });
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const downApp = await buildPreviewServer(
      { content: { config: embeddedConfig(`http://127.0.0.1:${port}`), token: TOKEN }, previewSecret: SECRET },
      { logLevel: 'silent' },
    );
    await downApp.listen({ host: '127.0.0.1', port: 0 });
    const downOrigin = `http://127.0.0.1:${(downApp.server.address() as AddressInfo).port}`;
    const w = await openPage(browser, 1280);
    let back: ContentService | null = null;
    try {
      // The page's own request for what it lacks, failed too: each failure comes after the content
      // client's own retries (about 3 s), so from then on only the page's next attempts can recover.
      const pageTriedItself = w.page.waitForResponse(
        (r) => r.url().startsWith(`${downOrigin}/api/`) && r.status() >= 500,
        { timeout: 30_000 },
      );
      await w.page.goto(`${downOrigin}/schools/aspen-ridge?secret=${encodeURIComponent(SECRET)}`, {
        waitUntil: 'load',
      });
      assert.match(
        (await w.page.textContent('.preview-banner__status'))!,
        /could not load the school: the content service is not answering: this page fills in by itself/,
      );
      await pageTriedItself;
      back = await startContentService({
        contentDir: dir,
        token: TOKEN,
        port,
        host: '127.0.0.1',
        watch: false,
        log: () => {},
      });
      const returned = Date.now();
      await w.page.waitForFunction(
        () => document.querySelector('h1')?.textContent === 'Aspen Ridge Middle School',
        undefined,
        {
          timeout: 10_000,
        },
      );
      const took = Date.now() - returned;
      assert.ok(took <= 5000, `the school appeared ${took} ms after the service returned`);
      assert.doesNotMatch((await w.page.textContent('.preview-banner__status'))!, /could not load/);
    } finally {
      await w.close();
      await downApp.close();
      await back?.close();
    }
  });
});
