// Live preview reads every document in the drafts perspective, in real Chromium against the
// embedded content service: a draft of the quote a school page features, and drafts of the landing
// page's words and of the site settings, show on the open page within the 1000 ms debounce plus
// 2 s, and go again when the draft is discarded (deleted). And a page rendered for a Studio session
// keeps its stega (click-to-edit) in visible text only: none in the title, the meta tags, or an
// aria-label, alt or title attribute, before and after pressing a video's play button.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { SanityClient } from '@sanity/client';
import {
  FEATURED_QUOTES,
  liveBanner,
  STREAM_WATCH,
  startSamplePreview,
  streamReady,
  type SamplePreview,
} from './helpers/preview.ts';
import { editorClient } from '../integration/helpers/preview-fixture.ts';
import { hydrated, launch, openPage, SKIP, type Watched } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';

const TOKEN = `tok_${'d4'.repeat(20)}`;
const SECRET = `preview-secret-${'p8'.repeat(10)}`;
const DEBOUNCE_MS = 1000;
/** The promise: on the page within the debounce plus this much. */
const SLACK_MS = 2000;

let preview: SamplePreview;
let browser: Browser;
let client: SanityClient;

async function openPreview(urlPath: string, studio = false): Promise<Watched> {
  const w = await openPage(browser, 1280);
  await w.context.addInitScript(STREAM_WATCH);
  const sep = urlPath.includes('?') ? '&' : '?';
  await w.page.goto(`${preview.origin}${urlPath}${sep}secret=${encodeURIComponent(SECRET)}`, { waitUntil: 'load' });
  if (studio) {
    // What the Studio's handshake adds beside the session (preview-studio.test.ts drives the real one).
    await w.context.addCookies([{ name: 'preview_studio', value: '1', url: preview.origin }]);
    await w.page.reload({ waitUntil: 'load' });
  }
  await hydrated(w.page);
  return w;
}

/** Milliseconds until the page's text does (or, with `gone`, no longer does) include `text`. */
async function timeUntil(w: Watched, text: string, gone = false): Promise<number> {
  const start = Date.now();
  await w.page.waitForFunction(
    ([t, g]) => document.body.textContent!.includes(t as string) !== g,
    [text, gone] as const,
    { timeout: DEBOUNCE_MS + SLACK_MS + 2000 },
  );
  return Date.now() - start;
}

/** A draft of a published document with `patch` applied, as the Studio writes one on the first edit. */
async function draftOf(id: string, patch: Record<string, unknown>): Promise<void> {
  const doc = await client.getDocument(id);
  assert.ok(doc, `${id} is in the sample`);
  await client.createOrReplace({ ...doc, ...patch, _id: `drafts.${id}` });
}

describe('preview: every read in the drafts perspective', SKIP, () => {
  before(async () => {
    preview = await startSamplePreview(TOKEN, SECRET, { studioUrl: 'http://127.0.0.1:3333' });
    client = editorClient(preview.service.url, TOKEN);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await preview?.close();
  });

  test('a draft of the featured quote shows on the open school page, and goes when discarded', async () => {
    for (const [url, quoteId] of FEATURED_QUOTES) {
      const w = await openPreview(url);
      try {
        await liveBanner(w.page);
        const published = (await client.getDocument(quoteId))!.quote as string;
        assert.ok(await w.page.evaluate((q) => document.body.textContent!.includes(q), published));
        const words = `Words from a draft of ${quoteId} ${Date.now()}`;
        await draftOf(quoteId, { quote: words });
        const shown = await timeUntil(w, words);
        assert.ok(shown <= DEBOUNCE_MS + SLACK_MS, `${url}: the draft quote showed after ${shown} ms`);

        await client.delete(`drafts.${quoteId}`);
        const gone = await timeUntil(w, words, true);
        assert.ok(gone <= DEBOUNCE_MS + SLACK_MS, `${url}: the discarded draft went after ${gone} ms`);
        assert.ok(await w.page.evaluate((q) => document.body.textContent!.includes(q), published));
        assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: preview.datasetText }), []);
      } finally {
        await w.close();
        await client.delete(`drafts.${quoteId}`).catch(() => undefined);
      }
    }
  });

  test('drafts of the landing page and the site settings show on the open landing page, and go when discarded', async () => {
    const w = await openPreview('/?livepreview=1');
    try {
      // The landing page has no banner state of its own: wait for the session's stream itself.
      await streamReady(w.page);
      const stamp = Date.now();
      const headline = `A headline from a draft ${stamp}`;
      const footer = `Footer words from a draft ${stamp}`;
      await draftOf('landingPage', { headline });
      await draftOf('siteSettings', { footerText: footer });
      const shown = Math.max(await timeUntil(w, headline), await timeUntil(w, footer));
      assert.ok(shown <= DEBOUNCE_MS + SLACK_MS, `the drafts showed after ${shown} ms`);

      await client.delete('drafts.landingPage');
      await client.delete('drafts.siteSettings');
      const gone = Math.max(await timeUntil(w, headline, true), await timeUntil(w, footer, true));
      assert.ok(gone <= DEBOUNCE_MS + SLACK_MS, `the discarded drafts went after ${gone} ms`);
      assert.match((await w.page.textContent('main'))!, /Guide to Middle School Options/);
      assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: preview.datasetText }), []);
    } finally {
      await w.close();
      await client.delete('drafts.landingPage').catch(() => undefined);
      await client.delete('drafts.siteSettings').catch(() => undefined);
    }
  });

  test('a Studio session: stega in visible text only, none in the title, meta tags or attributes', async () => {
    for (const url of ['/schools/lincoln-middle?livepreview=1', '/?livepreview=1', '/es/schools/riverside']) {
      const w = await openPreview(url, true);
      try {
        // Every place a reader never clicks; U+200B–U+200D, U+2060–U+2064, U+FEFF and the
        // musical-symbol range @vercel/stega also encodes with, one character is already too many.
        const leaks = () =>
          w.page.evaluate(() => {
            const stega = /[\u200b-\u200d\u2060-\u2064\ufeff]|\ud834[\udd73-\udd7a]/;
            const found: string[] = [];
            if (stega.test(document.title)) found.push(`<title> ${document.title}`);
            for (const el of document.querySelectorAll('meta[content]'))
              if (stega.test(el.getAttribute('content')!)) found.push(`<meta> ${el.outerHTML.slice(0, 120)}`);
            for (const name of ['aria-label', 'alt', 'title'])
              for (const el of document.querySelectorAll(`[${name}]`))
                if (stega.test(el.getAttribute(name)!)) found.push(`${name} on <${el.tagName.toLowerCase()}>`);
            return { found, inText: stega.test(document.body.textContent ?? '') };
          });
        const before = await leaks();
        assert.ok(before.inText, `${url}: the page's text carries stega (a Studio session)`);
        assert.deepEqual(before.found, [], url);
        // The player's frame takes the video's title when the play button is pressed.
        const play = w.page.locator('.video-facade__play').first();
        if (await play.count()) {
          await play.click();
          await w.page.waitForSelector('.video-facade__frame');
          assert.deepEqual((await leaks()).found, [], `${url}, playing`);
        }
      } finally {
        await w.close();
      }
    }
  });
});
