// The exported site with JavaScript switched off (issue: "everything works with JavaScript switched
// off too"): every page shows its images and fits the screen, the schools dropdown, the phone menu
// and the accordions open natively (<details>), section links jump, and school links navigate.
// Nothing is shown that would do nothing: no shortlist, "Get Distance" or grid tools; 'Return to
// Top' is a link; a shared compare address lists the school pages instead of an empty shell; on a
// phone the section menu is one row, and the open menu covers the page below it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { inLanes, openPage, pagePerLane, SKIP, type Watched } from './helpers/browser.ts';
import { horizontalOverflow } from './helpers/checks.ts';
import { expectedNavOrder } from './helpers/sample-data.ts';
import { exportedPages, withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;

// With scripts off, in-page timers and animation frames never fire, so the shared helpers that wait
// inside the page would hang: this polls from the test process instead. No scrolling is needed to
// load the lazy images first: with scripting disabled the HTML standard does not defer them, so
// Chromium loads every one with the page. One still unloaded (or broken) is listed, so a page
// whose images wait for a scroll fails here.
async function brokenImages(page: Page, timeoutMs = 10_000): Promise<string[]> {
  const snapshot = () =>
    page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => img.getClientRects().length > 0)
        .map((img) => ({ src: img.currentSrc || img.src, complete: img.complete, ok: img.naturalWidth > 0 })),
    );
  const deadline = Date.now() + timeoutMs;
  let imgs = await snapshot();
  while (Date.now() < deadline && imgs.some((i) => !i.complete)) {
    await page.waitForTimeout(50);
    imgs = await snapshot();
  }
  return imgs.filter((i) => !i.complete || !i.ok).map((i) => i.src);
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function open(
  width: 375 | 1280 | { width: number; height: number },
  urlPath: string,
  browser: Browser = session.browser,
): Promise<Watched> {
  return visit(await openPage(browser, width, NO_JS), urlPath);
}

const NO_JS = { javaScriptEnabled: false };

/** Shows `urlPath` in the open page `w` (a new one or one reused from a lane): status 200. */
async function visit(w: Watched, urlPath: string): Promise<Watched> {
  const res = await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
  assert.equal(res?.status(), 200, urlPath);
  return w;
}

describe('without JavaScript', SKIP, () => {
  session = withSampleSite({ lanes: 2 });

  test('every page at 375 and 1280: images load, nothing overflows, no script ran', async () => {
    const visits = exportedPages(session.site.dir)
      .filter((p) => p.file !== '404.html')
      .flatMap(({ path }) => ([375, 1280] as const).map((width) => ({ path, width })));
    const failures: string[] = [];
    // One page per lane, sized for each visit and navigated from address to address (a returning reader's cache).
    const lanePages = pagePerLane(NO_JS);
    await inLanes(visits, session.lanes, async ({ path, width }, browser) => {
      const w = await visit(await lanePages.get(browser, width), path);
      // The enhanced controls only exist after hydration: with scripts off they must not appear.
      if (await w.page.locator('.section-menu--enhanced, .nav-dropdown > button').count())
        failures.push(`${path}: hydrated without JS?`);
      const broken = await brokenImages(w.page);
      if (broken.length) failures.push(`${path} @${width}: broken or unloaded images ${broken.join(', ')}`);
      const overflow = await horizontalOverflow(w.page);
      if (overflow.scrollWidth > overflow.innerWidth)
        failures.push(`${path} @${width}: overflow ${JSON.stringify(overflow)}`);
      if (w.external.length) failures.push(`${path}: requests off loopback ${w.external.join(', ')}`);
    }).finally(() => lanePages.close());
    assert.deepEqual(failures.sort(), []);
  });

  test('1280: the Middle School Options dropdown opens and its links lead to the school pages', async () => {
    const w = await open(1280, '/');
    try {
      const links = w.page.locator('.nav-dropdown .school-list a');
      assert.equal(await links.first().isVisible(), false, 'closed at first');
      await w.page.click('.nav-dropdown summary');
      assert.equal(await links.first().isVisible(), true);
      assert.deepEqual(
        (await links.allTextContents()).map((t) => t.trim()),
        expectedNavOrder(),
      );
      const href = await links.first().getAttribute('href');
      await links.first().click();
      await w.page.waitForURL((u) => u.pathname.startsWith(href!));
      assert.equal((await w.page.textContent('h1'))?.trim(), expectedNavOrder()[0]);
    } finally {
      await w.close();
    }
  });

  test('375: the menu button opens the full-screen panel with the same entries', async () => {
    const w = await open(375, '/');
    try {
      await w.page.click('.mobile-menu summary');
      const links = w.page.locator('.mobile-menu .school-list a');
      assert.equal(await links.first().isVisible(), true);
      assert.deepEqual(
        (await links.allTextContents()).map((t) => t.trim()),
        expectedNavOrder(),
      );
      for (const label of ['Elementary School Options', 'High School Options']) {
        assert.equal(await w.page.locator('.mobile-menu').getByRole('link', { name: label }).isVisible(), true, label);
      }
    } finally {
      await w.close();
    }
  });

  test('accordions open natively, and section links jump to their sections', async () => {
    const w = await open(1280, '/schools/lincoln-middle/');
    try {
      // Locators are lazy: pin the accordion by position, or opening it would move ':not([open])' on.
      const index = await w.page.evaluate(() =>
        Array.from(document.querySelectorAll('details.accordion')).findIndex((d) => !(d as HTMLDetailsElement).open),
      );
      assert.ok(index >= 0, 'the page has a closed accordion');
      const closed = w.page.locator('details.accordion').nth(index);
      const panel = closed.locator('.accordion__panel');
      assert.equal(await panel.isVisible(), false);
      await closed.locator('summary').click();
      assert.equal(await panel.isVisible(), true);
      assert.ok(((await panel.textContent()) ?? '').trim().length > 20, 'panel text is there');

      const link = w.page.locator('.section-menu__link').nth(2);
      const hash = await link.getAttribute('href');
      await link.click();
      await w.page.waitForURL((u) => u.hash === hash);
      const top = await w.page.evaluate(
        (id) => document.getElementById(id)!.getBoundingClientRect().top,
        hash!.slice(1),
      );
      assert.ok(top >= -2 && top < 200, `section ${hash} top at ${top}px after the jump`);
    } finally {
      await w.close();
    }
  });
  for (const viewport of [PHONE, DESKTOP]) {
    test(`${viewport.width}px: no control is shown that needs JavaScript, in either edition`, async () => {
      const pages = ['/', '/schools/lincoln-middle', '/compare/?schools=lincoln-middle,riverside'];
      // One page for the six addresses, navigated from one to the next.
      const lanePage = pagePerLane(NO_JS);
      try {
        for (const urlPath of [...pages, ...pages.map((p) => `/es${p}`)]) {
          const w = await visit(await lanePage.get(session.browser, viewport), urlPath);
          const shown = await w.page.evaluate(() =>
            Array.from(document.querySelectorAll('button, a[href], summary'))
              .filter((el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0)
              .map((el) => el.textContent!.replace(/\s+/g, ' ').trim()),
          );
          const inert = shown.filter((t) =>
            /shortlist|mi lista|Get Distance|distancia está|Sort by|Ordenar|Filter|Filtrar/i.test(t),
          );
          assert.deepEqual(inert, [], `${urlPath} @${viewport.width}`);
          // 'Return to Top' works without a script: a link to the top.
          assert.equal(await w.page.getAttribute('.site-footer__top', 'href'), '#top', urlPath);
          assert.equal(await w.page.evaluate(() => document.querySelector('.site-footer__top')!.tagName), 'A');
        }
      } finally {
        await lanePage.close();
      }
    });
  }

  test('390: Return to Top takes the visitor to the top; a shared comparison lists the school pages', async () => {
    const w = await open(PHONE, '/compare/?schools=lincoln-middle,riverside');
    try {
      const links = w.page.locator('.compare__noscript .school-list a');
      assert.deepEqual(
        (await links.allTextContents()).map((t) => t.trim()),
        expectedNavOrder(),
      );
      assert.match((await w.page.textContent('.compare__noscript')) ?? '', /needs JavaScript/);
      assert.equal(
        await w.page.locator('.compare__howto').isVisible(),
        false,
        'no instructions that need the shortlist',
      );
      await w.page.goto(`${session.site.origin}/schools/lincoln-middle`, { waitUntil: 'load' });
      await w.page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await w.page.click('.site-footer__top');
      await w.page.waitForFunction(() => window.scrollY === 0);
    } finally {
      await w.close();
    }
  });

  test('390: the section menu is one row, and the open menu covers what is below the header', async () => {
    for (const urlPath of ['/', '/schools/lincoln-middle']) {
      const w = await open(PHONE, urlPath);
      try {
        const height = await w.page.evaluate(
          () => document.querySelector('.section-menu')!.getBoundingClientRect().height,
        );
        assert.ok(height <= 64, `${urlPath}: section menu ${height}px tall`);
        // Every entry is still reachable: the row scrolls sideways inside itself, not the page.
        const row = await w.page.evaluate(() => {
          const list = document.querySelector('.section-menu__list')!;
          return { row: list.scrollWidth >= list.clientWidth, page: document.documentElement.scrollWidth };
        });
        assert.ok(row.page <= PHONE.width, `${urlPath}: the page scrolls sideways`);
        await w.page.click('.mobile-menu summary');
        // At the bottom of the window, the menu's panel is what shows (not the sticky section menu).
        const atBottom = await w.page.evaluate(() => {
          const el = document.elementFromPoint(innerWidth / 2, innerHeight - 10);
          return !!el?.closest('.mobile-menu__panel');
        });
        assert.ok(atBottom, `${urlPath}: the page shows under the open menu`);
      } finally {
        await w.close();
      }
    }
  });
});
