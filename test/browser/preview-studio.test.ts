// Click-to-edit from the Studio's side of the channel, in real Chromium with a stand-in Studio
// (the real Studio's own clicks are tested in test/browser/studio-offline.test.ts): a page on another loopback port frames the preview exactly as the
// Presentation tool does (a one-time secret written into the dataset with
// @sanity/preview-url-secret, then /api/draft-mode/enable in the frame) and opens Presentation's
// comlink channel. In the frame the page's strings carry stega; @sanity/visual-editing's overlays
// turn a click on the school's title into a message naming the school and `title`, and a click on
// the featured quote into one naming the quote document. The Studio's navigation moves the
// preview without a reload, and the preview's moves reach the Studio.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Frame } from 'playwright-core';
import { stegaClean } from '@sanity/client/stega';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import { editorClient } from '../integration/helpers/preview-fixture.ts';
import { launch, openPage, SKIP, type Watched } from './helpers/browser.ts';
import { startSamplePreview, type SamplePreview } from './helpers/preview.ts';

const TOKEN = `tok_${'e5'.repeat(20)}`;
const SECRET = `preview-secret-${'s6'.repeat(10)}`;

let preview: SamplePreview;
let studio: Server;
let studioOrigin: string;
let browser: Browser;
let problems: string[] = [];

type Logged = { type: string; data: { id?: string; path?: string; url?: string } | string };

/** The stand-in Studio: one HTML page and its bundled script, on 127.0.0.1. */
async function startStandInStudio(): Promise<Server> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'stand-in-studio/client.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Studio</title></head>' +
    '<body><script type="module" src="/studio.js"></script></body></html>';
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/studio.js')) res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const studioLog = (w: { page: import('playwright-core').Page }) =>
  w.page.evaluate(() => (globalThis as unknown as { __studio: { log: Logged[] } }).__studio.log);

async function waitForLog(w: { page: import('playwright-core').Page }, match: (l: Logged) => boolean, what: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const log = await studioLog(w);
    const hit = log.find(match);
    if (hit) return hit;
    if (Date.now() > deadline)
      assert.fail(`${what}: not in ${stegaClean(JSON.stringify(log)).slice(0, 2000)} ${JSON.stringify(problems)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The stand-in Studio with the preview of `pathname` in its frame, through the real handshake. */
async function openInStudio(pathname: string): Promise<{ w: Watched; frame: Frame }> {
  // What the Presentation tool does before it loads the preview in its iframe.
  const { secret } = await createPreviewSecret(
    editorClient(preview.service.url, TOKEN),
    'stand-in-studio',
    studioOrigin,
    'editor-1',
  );
  const enable = `${preview.origin}/api/draft-mode/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent(pathname)}`;
  const w = await openPage(browser, { width: 1280, height: 1000 });
  problems = w.problems;
  await w.page.goto(`${studioOrigin}/?frame=${encodeURIComponent(enable)}`, { waitUntil: 'load' });
  let frame: Frame | undefined;
  for (let i = 0; i < 100 && !frame; i++) {
    frame = w.page.frames().find((f) => f.url().startsWith(`${preview.origin}/schools/`));
    if (!frame) await w.page.waitForTimeout(100);
  }
  assert.ok(frame, 'the preview loaded in the frame after the handshake');
  return { w, frame };
}

describe('preview inside a stand-in Studio', SKIP, () => {
  before(async () => {
    studio = await startStandInStudio();
    studioOrigin = `http://127.0.0.1:${(studio.address() as AddressInfo).port}`;
    preview = await startSamplePreview(TOKEN, SECRET, { studioUrl: studioOrigin });
    browser = await launch();
  });

  after(async () => {
    await browser?.close();
    await preview?.close();
    await new Promise((resolve) => studio?.close(resolve));
  });

  test('handshake, stega in the frame, overlay clicks name the document and field, navigation both ways', async () => {
    const { w, frame } = await openInStudio('/schools/lincoln-middle');
    try {
      assert.equal(new URL(frame.url()).searchParams.get('livepreview'), '1', 'drafts, as the Studio shows them');
      await frame.waitForFunction(
        () => document.querySelector('.preview-banner__status')?.getAttribute('data-mode') === 'draft',
        undefined,
        { timeout: 15_000 },
      );
      const title = (await frame.textContent('h1'))!;
      assert.equal(stegaClean(title), 'Lincoln Middle School');
      assert.notEqual(title, 'Lincoln Middle School', 'the title carries stega in a Studio session');
      await waitForLog(w, (l) => l.type === 'status' && l.data === 'connected', 'the channel connects');

      await frame.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 1;
      });
      await frame.click('h1');
      const focus = await waitForLog(
        w,
        (l) => l.type === 'visual-editing/focus' && typeof l.data === 'object' && l.data.path === 'title',
        'a click on the title',
      );
      assert.equal((focus.data as { id: string }).id, 'school-lincoln');

      await frame.click('.featured-quote__text p');
      const quoteFocus = await waitForLog(
        w,
        (l) => l.type === 'visual-editing/focus' && typeof l.data === 'object' && l.data.id === 'quote-lincoln-1',
        'a click on the featured quote',
      );
      assert.equal((quoteFocus.data as { path: string }).path, 'quote');

      // The Studio moves the preview (its URL bar): the router follows without a reload.
      await w.page.evaluate(() =>
        (globalThis as unknown as { __studio: { navigate(u: string): void } }).__studio.navigate('/?livepreview=1'),
      );
      await frame.waitForFunction(() => document.querySelectorAll('.school-card').length > 0, undefined, {
        timeout: 10_000,
      });
      assert.equal(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no reload');
      // The preview's own moves reach the Studio, so its URL bar follows.
      await frame.click('.school-card a[href="/schools/aspen-ridge"]');
      await waitForLog(
        w,
        (l) =>
          l.type === 'visual-editing/navigate' &&
          typeof l.data === 'object' &&
          String(l.data.url).startsWith('/schools/aspen-ridge'),
        'the preview reports its move',
      );
      assert.equal(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no reload');
      assert.deepEqual(w.external, []);
    } finally {
      await w.close();
    }
  });
  test("the Studio's perspective switch: published and drafts, without a reload; its moves keep it", async () => {
    const { w, frame } = await openInStudio('/schools/lincoln-middle');
    try {
      // The school's header: its subtitle is where the draft and the published words differ.
      const header = () => frame.evaluate(() => document.querySelector('h1')?.parentElement?.textContent ?? '');
      const shows = (text: string) =>
        frame.waitForFunction(
          (t) => (document.querySelector('h1')?.parentElement?.textContent ?? '').includes(t),
          text,
          { timeout: 10_000 },
        );
      // Lincoln's pending draft, and its published words.
      const draft = 'now offering Mandarin in all grades';
      const published = 'Home of the Lions since 1962';
      await shows(draft);
      await waitForLog(w, (l) => l.type === 'visual-editing/fetch-perspective', 'the preview asks for the perspective');
      await frame.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 1;
      });
      const studio = (p: 'published' | 'drafts') =>
        w.page.evaluate(
          (q) => (globalThis as unknown as { __studio: { perspective(p: string): void } }).__studio.perspective(q),
          p,
        );
      const address = () => new URL(frame.url());

      await studio('published');
      await shows(published);
      assert.equal(address().searchParams.get('livepreview'), null, 'published: no live preview');
      assert.ok(!(await header()).includes(draft));
      // A move the Studio makes (a location it resolved: a bare path) stays published.
      await w.page.evaluate(() =>
        (globalThis as unknown as { __studio: { navigate(u: string): void } }).__studio.navigate(
          '/schools/lincoln-middle#tour',
        ),
      );
      await studio('drafts');
      await shows(draft);
      assert.equal(address().searchParams.get('livepreview'), '1', 'drafts: live preview');
      await w.page.evaluate(() =>
        (globalThis as unknown as { __studio: { navigate(u: string): void } }).__studio.navigate('/schools/riverside'),
      );
      await frame.waitForFunction(() => location.pathname === '/schools/riverside', undefined, { timeout: 10_000 });
      assert.equal(address().searchParams.get('livepreview'), '1', "a Studio move keeps the Studio's drafts");
      assert.equal(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no reload');
    } finally {
      await w.close();
    }
  });
});
