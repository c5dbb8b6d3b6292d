// The preview as one app, in real Chromium: moving landing → school → landing (and back
// through the browser's history) keeps the document (a marker set on window survives), keeps
// ?livepreview on, loads each page's data through the preview API and keeps the session's one
// every-school event stream open the whole time; a school's own stream opens and closes with its page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { startSamplePreview, type SamplePreview } from './helpers/preview.ts';

const TOKEN = `tok_${'c4'.repeat(20)}`;
const SECRET = `preview-secret-${'r8'.repeat(10)}`;

let preview: SamplePreview;
let origin: string;
let browser: Browser;
let datasetText = '';

/** Counts the page's EventSources by URL: opened and closed. */
const TRACK_STREAMS = `(() => {
  const Real = window.EventSource;
  const log = (globalThis.__streams = []);
  window.EventSource = class extends Real {
    constructor(url, init) {
      super(url, init);
      this.__entry = { url: String(url), closed: false };
      log.push(this.__entry);
    }
    close() {
      this.__entry.closed = true;
      super.close();
    }
  };
})();`;

type Stream = { url: string; closed: boolean };

describe('preview router', SKIP, () => {
  before(async () => {
    preview = await startSamplePreview(TOKEN, SECRET);
    ({ origin, datasetText } = preview);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await preview?.close();
  });

  test('landing → school → landing and back: no reload, live preview kept, one session stream', async () => {
    const w = await openPage(browser, 1280);
    try {
      await w.context.addInitScript(TRACK_STREAMS);
      await w.page.goto(`${origin}/?livepreview=1&secret=${encodeURIComponent(SECRET)}`, { waitUntil: 'load' });
      await hydrated(w.page);
      assert.ok(await w.page.locator('.editor-home').count(), 'the editor home on the first landing page');
      await w.page.evaluate(() => {
        (window as unknown as { __marker: number }).__marker = 1;
      });
      const streams = () => w.page.evaluate(() => (globalThis as unknown as { __streams: Stream[] }).__streams);
      const documents = () =>
        w.requests.filter((r) => {
          const p = new URL(r).pathname;
          return p === '/' || p.startsWith('/schools/');
        }).length;
      const pagesBefore = documents();

      // A landing card's link: the school arrives through the API, in the same document.
      await w.page.click('.school-card a[href="/schools/lincoln-middle"]');
      await w.page.waitForFunction(
        () => document.querySelector('h1')?.textContent === 'Lincoln Middle School',
        undefined,
        {
          timeout: 10_000,
        },
      );
      assert.equal(new URL(w.page.url()).pathname, '/schools/lincoln-middle');
      assert.match(await w.page.title(), /^Preview · Lincoln Middle School/, 'the page names itself');
      assert.equal(new URL(w.page.url()).searchParams.get('livepreview'), '1', 'live preview stays on');
      assert.equal(await w.page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no reload');
      // The draft is shown (live mode's lookup ran), and the school follows its own stream.
      await w.page.waitForFunction(
        () => document.querySelector('.preview-banner__status')?.getAttribute('data-mode') === 'draft',
      );
      await w.page.waitForFunction(() =>
        /· live/.test(document.querySelector('.preview-banner__status')?.textContent ?? ''),
      );
      assert.ok(
        w.requests.some((r) => r.includes('/api/schools/lincoln-middle/lookup')),
        'the page data came through the preview API',
      );

      // The logo goes home: the landing grid and the editor home come back, still the same document.
      await w.page.click('a.nav__logo');
      await w.page.waitForFunction(
        () =>
          document.querySelectorAll('.school-card').length > 0 && !document.querySelector('h1.school-header__title'),
      );
      await w.page.waitForSelector('.editor-home');
      assert.equal(new URL(w.page.url()).pathname, '/');
      assert.equal(new URL(w.page.url()).searchParams.get('livepreview'), '1');
      assert.equal(await w.page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1, 'no reload');

      // The browser's back button returns to the school, still without a reload.
      await w.page.goBack();
      await w.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Lincoln Middle School');
      assert.equal(await w.page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 1);
      assert.equal(documents(), pagesBefore, 'no page was requested from the server again');

      const all = await streams();
      const session = all.filter((s) => s.url.includes('scope=schools'));
      assert.equal(session.length, 1, `one every-school stream for the session: ${JSON.stringify(all)}`);
      assert.equal(session[0]!.closed, false, 'still open');
      const school = all.filter((s) => s.url.includes('id='));
      assert.equal(school.length, 2, 'the school page opened its stream on each visit');
      assert.deepEqual(
        school.map((s) => s.closed),
        [true, false],
        'leaving the school closed its stream; the current visit holds one',
      );
      assert.deepEqual(await unexpectedProblems(w.page, w.problems, { data: datasetText }), []);
      assert.deepEqual(w.external, []);
    } finally {
      await w.close();
    }
  });
});
