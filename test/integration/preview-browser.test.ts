// The preview in real Chromium (headless, loopback only): the secret link logs in and lands on
// the page without the secret, the same <App> renders client-side from the preview API under the
// strict CSP (no violations, images through /images), the banner reports draft and live, and an
// editor's draft edit appears after the debounce without a reload. Skips only without chromium.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import type { ContentService } from '../../content-service/index.ts';
import { launch, openPage, SKIP } from '../browser/helpers/browser.ts';
import { captureLog, editorClient, startFixtureService, writePreviewFixture } from './helpers/preview-fixture.ts';

const TOKEN = 'browser_token_' + 'r8'.repeat(16);
const SECRET = 'browser-secret-' + 'w2'.repeat(10);

let fixture: { dir: string; cleanup(): void };
let service: ContentService;
let app: FastifyInstance;
let origin = '';
let browser: Browser | null = null;

before(async () => {
  if (SKIP.skip) return;
  fixture = await writePreviewFixture();
  service = await startFixtureService(fixture.dir, TOKEN);
  app = await buildPreviewServer(
    { content: { config: embeddedConfig(service.url), token: TOKEN }, previewSecret: SECRET },
    { logStream: captureLog().stream },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await app?.close();
  await service?.close();
  fixture?.cleanup();
});

test(
  'live draft preview in Chromium: login link, client-side render, banner, debounced update, strict CSP',
  SKIP,
  async () => {
    const w = await openPage(browser!, 1280);
    const csp: string[] = [];
    w.page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) csp.push(m.text());
    });
    try {
      const unauth = await w.page.goto(`${origin}/schools/lincoln-middle`);
      assert.equal(unauth?.status(), 401);

      await w.page.goto(`${origin}/schools/lincoln-middle?livepreview=1&secret=${SECRET}`);
      assert.equal(new URL(w.page.url()).search, '?livepreview=1', 'the secret is gone from the address bar');
      const h1 = w.page.locator('h1');
      await h1.waitFor({ timeout: 15_000 });
      assert.match(await h1.innerText(), /Lincoln Middle School/);
      const banner = w.page.locator('.preview-banner [role="status"]');
      await w.page.waitForFunction(
        () => document.querySelector('.preview-banner [role="status"]')?.getAttribute('data-connection') === 'live',
        null,
        { timeout: 10_000 },
      );
      assert.match(await banner.innerText(), /draft/i);
      assert.match(await banner.innerText(), /live/i);
      assert.match(await w.page.content(), /Draft subtitle/, 'the draft, not the published school');

      await editorClient(service.url, TOKEN)
        .patch('drafts.school-lincoln')
        .set({ title: 'Lincoln Middle School (edited)' })
        .commit();
      await w.page.waitForFunction(() => /edited/.test(document.querySelector('h1')?.textContent ?? ''), null, {
        timeout: 6000,
      });

      // Landing page and navigation from the API; images come through the preview server.
      await w.page.goto(`${origin}/`);
      await w.page.waitForFunction(() => document.body.innerText.includes('Washington Middle School'), null, {
        timeout: 15_000,
      });
      const images = await w.page.$$eval('img', (imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
      const content = images.filter((s) => s.includes('/images/'));
      assert.ok(content.length > 0, 'the landing card shows a content image');
      for (const src of content) assert.ok(src.startsWith(`${origin}/images/`), src);
      await w.page.locator('img[src*="/images/"][src*="w=800"]').first().scrollIntoViewIfNeeded();
      await w.page.waitForFunction(
        () =>
          [...document.querySelectorAll('img')].some(
            (i) => i.src.includes('/images/') && i.complete && i.naturalWidth > 0,
          ),
        null,
        { timeout: 10_000 },
      );
      assert.match(await banner.innerText(), /published content/);
      assert.deepEqual(csp, [], 'no CSP violations');
      assert.deepEqual(
        w.problems.filter((p) => !/401/.test(p)),
        [],
        'no console errors',
      );
      assert.deepEqual(w.external, []);
    } finally {
      await w.close();
    }
  },
);
