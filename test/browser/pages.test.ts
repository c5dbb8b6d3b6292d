// Every exported page in real Chromium at 375, 768 and 1280 wide, served like `npm start` serves
// it: loads with no console errors or warnings (beyond the one warning the spec asks for unknown
// content), no hydration complaints, no uncaught exceptions, no request leaving loopback, no broken
// image, no horizontal scrolling. Each page type is also saved as a full-page screenshot in
// test/screenshots/ (git-ignored) for a person to look at, in the same pass.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { hydrated, inLanes, pagePerLane, SKIP, WIDTHS } from './helpers/browser.ts';
import { horizontalOverflow, imageReport, scrollThrough, unexpectedProblems } from './helpers/checks.ts';
import { exportedPages, ROOT, schoolWithMostBlocks, withSampleSite, type SampleSession } from './helpers/site.ts';

const SHOTS = path.join(ROOT, 'test/screenshots');
/** Page types that get a screenshot (name → path); the school with the most blocks is added in before(). */
const SHOT_PAGES: Record<string, string> = {
  landing: '/',
  school: '/schools/lincoln-middle/',
  'school-static-images': '/schools/bluebell-hill/',
  'school-no-tour': '/schools/riverside/',
  'school-no-location': '/schools/cottonwood/',
  'not-found': '/no-such-page/here',
};

let session: SampleSession;
let pages: { file: string; path: string }[] = [];

describe('every exported page', SKIP, () => {
  session = withSampleSite({ lanes: 2 });
  before(() => {
    pages = exportedPages(session.site.dir);
    mkdirSync(SHOTS, { recursive: true });
    SHOT_PAGES['school-most-blocks'] = schoolWithMostBlocks(session.site.dir);
  });

  test('the export has the landing page, the 404 page and one page per published school', () => {
    const files = pages.map((p) => p.file);
    assert.ok(files.includes('index.html') && files.includes('404.html'), files.join(', '));
    // 12 schools in the sample; Westbrook is draft-only and must not be published.
    assert.equal(files.filter((f) => f.startsWith('schools/')).length, 11, files.join(', '));
    assert.ok(!files.includes('schools/westbrook.html'));
  });

  for (const width of WIDTHS) {
    test(`at ${width}px every page is clean, complete and fits the screen`, async () => {
      const targets = [
        ...pages.map((p) => ({ path: p.path === '/404.html' ? '/no-such-page/here' : p.path, label: p.file })),
        { path: '/schools/', label: 'unknown /schools/' },
      ];
      const failures: string[] = [];
      // One page per lane, navigated from address to address (a returning reader's cache).
      const lanePages = pagePerLane();
      await inLanes(targets, session.lanes, async (target, browser) => {
        const w = await lanePages.get(browser, width);
        const res = await w.page.goto(session.site.origin + target.path, { waitUntil: 'load' });
        const status = res?.status() ?? 0;
        const expect404 = target.label === '404.html' || target.label.startsWith('unknown');
        if (status !== (expect404 ? 404 : 200)) failures.push(`${target.label}: status ${status}`);
        await hydrated(w.page);
        await scrollThrough(w.page);
        const images = await imageReport(w.page);
        if (images.broken.length) failures.push(`${target.label}: broken images ${images.broken.join(', ')}`);
        if (images.pending.length) failures.push(`${target.label}: images never finished ${images.pending.join(', ')}`);
        const overflow = await horizontalOverflow(w.page);
        if (overflow.scrollWidth > overflow.innerWidth) {
          failures.push(
            `${target.label}: scrollWidth ${overflow.scrollWidth} > ${overflow.innerWidth}: ${overflow.culprits.join('; ')}`,
          );
        }
        for (const [name, shotPath] of Object.entries(SHOT_PAGES)) {
          if (shotPath !== target.path) continue;
          const png = await w.page.screenshot({
            path: path.join(SHOTS, `${name}-${width}.png`),
            fullPage: true,
            animations: 'disabled',
          });
          assert.ok(png.length > 10_000, `${name}-${width}.png looks empty`);
        }
        const problems = await unexpectedProblems(w.page, w.problems, { status404: expect404 });
        if (problems.length) failures.push(`${target.label}: ${problems.join(' | ')}`);
        if (w.external.length) failures.push(`${target.label}: requests left loopback: ${w.external.join(', ')}`);
      }).finally(() => lanePages.close());
      assert.deepEqual(failures.sort(), []);
    });
  }
});
