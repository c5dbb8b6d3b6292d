// Accessibility of every page type in real Chromium with axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA):
// zero violations on the landing page, a school page, the school page with the most blocks and the
// 404 page, at 375 and 1280 wide, after hydration, and again with the interactive parts open
// (dropdown or full-screen menu, every accordion, the phone section menu), so states a visitor
// reaches are checked too, not only the first paint.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hydrated, inLanes, openPage, SKIP } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { scrollThrough } from './helpers/checks.ts';
import { schoolWithMostBlocks, withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;
const PAGES: Record<string, string> = {
  landing: '/',
  school: '/schools/lincoln-middle/',
  'not-found': '/no-such-page',
};

/** Opens what a visitor can open, so axe sees those states as well. */
async function openEverything(page: Page, width: number): Promise<void> {
  for (const b of await page.$$('.accordion__button[aria-expanded="false"]')) await b.click();
  if (width >= 1024) {
    await page.click('.nav-dropdown__toggle');
  } else if (await page.isVisible('.section-menu__toggle')) {
    await page.click('.section-menu__toggle');
  }
}

describe('accessibility (axe-core)', SKIP, () => {
  session = withSampleSite({ lanes: 2 });
  before(() => {
    PAGES['school-most-blocks'] = schoolWithMostBlocks(session.site.dir);
  });

  for (const width of [375, 1280] as const) {
    test(`${width}px: no WCAG A/AA violations on any page type, closed and opened`, async () => {
      const failures: string[] = [];
      await inLanes(Object.entries(PAGES), session.lanes, async ([name, urlPath], browser) => {
        const w = await openPage(browser, width, AXE_CONTEXT);
        try {
          await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
          await hydrated(w.page);
          await scrollThrough(w.page);
          for (const v of await axe(w.page)) failures.push(`${name} ${urlPath}: ${v}`);
          await openEverything(w.page, width);
          for (const v of await axe(w.page)) failures.push(`${name} ${urlPath} (opened): ${v}`);
          if (width < 1024) {
            await w.page.getByRole('button', { name: 'Open menu' }).click();
            for (const v of await axe(w.page)) failures.push(`${name} ${urlPath} (menu open): ${v}`);
          }
        } finally {
          await w.close();
        }
      });
      assert.deepEqual(failures.sort(), []);
    });
  }

  test('axe itself finds planted violations, the two extra rules too (the check is live)', async () => {
    const w = await openPage(session.browser, 1280, AXE_CONTEXT);
    try {
      await w.page.goto(`${session.site.origin}/`, { waitUntil: 'load' });
      await hydrated(w.page);
      await w.page.evaluate(() => {
        document.querySelector('.nav__logo img')!.removeAttribute('alt');
        // A name that does not contain the visible words (WCAG 2.5.3), and a second landmark named alike.
        document.querySelector('.site-footer__top')!.setAttribute('aria-label', 'Go up');
        const twin = document.createElement('nav');
        twin.setAttribute('aria-label', document.querySelector('nav.nav')!.getAttribute('aria-label')!);
        twin.append('x');
        document.body.append(twin);
      });
      const found = await axe(w.page);
      for (const rule of ['image-alt', 'label-content-name-mismatch', 'landmark-unique'])
        assert.ok(
          found.some((v) => v.startsWith(rule)),
          `${rule} not found in:\n${found.join('\n')}`,
        );
    } finally {
      await w.close();
    }
  });
});
