// Pages laid out right to left, as an Arabic edition will be: the stylesheet uses logical properties
// (start and end, not left and right), so with dir="rtl" the layout mirrors and nothing overflows.
// Until an edition is right to left, the test turns the exported English pages of the sample and
// of Riverbend (a district not ours) right to left in Chromium, at 375 and 1280 px, and checks the
// mirrored places of the header's home link, the page's heading, a quote's rule and the compare table's
// sticky column, against the same checks left to right, with axe on every mirrored page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { DISTRICT, exportedSite, serve, type Served } from './helpers/site.ts';

const WIDTHS = [375, 1280] as const;

interface Sides {
  /** Page wider than the window (px). */
  overflow: number;
  /** Which half of the window each part sits in, or null where the page has none. */
  home: 'left' | 'right' | null;
  heading: 'left' | 'right' | null;
  quoteRule: 'left' | 'right' | null;
  rowHeaders: 'left' | 'right' | null;
}

/** Where the mirrored parts are, in the page's current direction. */
function sides(page: Page): Promise<Sides> {
  return page.evaluate(() => {
    const half = (el: Element | null): 'left' | 'right' | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return r.width === 0 ? null : r.left + r.width / 2 < window.innerWidth / 2 ? 'left' : 'right';
    };
    // The heading's words, not its block (which spans the column): a range around its text.
    const h1 = document.querySelector('main h1, h1');
    let heading: 'left' | 'right' | null = null;
    if (h1) {
      const range = document.createRange();
      range.selectNodeContents(h1);
      const r = range.getBoundingClientRect();
      const box = h1.getBoundingClientRect();
      // Text narrower than its box sits at the box's start edge.
      heading = r.width >= box.width - 2 ? null : r.left - box.left < box.right - r.right ? 'left' : 'right';
    }
    const quote = document.querySelector('.rich-text blockquote, .landing-hero__quote');
    let quoteRule: 'left' | 'right' | null = null;
    if (quote) {
      const s = getComputedStyle(quote);
      quoteRule =
        Number.parseFloat(s.borderLeftWidth) > 0 ? 'left' : Number.parseFloat(s.borderRightWidth) > 0 ? 'right' : null;
    }
    const table = document.querySelector('.compare table');
    const th = document.querySelector('.compare table th[scope="row"]');
    let rowHeaders: 'left' | 'right' | null = null;
    if (table && th) {
      const [t, h] = [table.getBoundingClientRect(), th.getBoundingClientRect()];
      rowHeaders = Math.abs(h.left - t.left) < Math.abs(t.right - h.right) ? 'left' : 'right';
    }
    return {
      overflow: document.scrollingElement!.scrollWidth - window.innerWidth,
      // The header's home link: the district's logo, or its name without one.
      home: half(document.querySelector('header a')),
      heading,
      quoteRule,
      rowHeaders,
    };
  });
}

const mirror = (s: Sides): Sides => {
  const flip = (v: 'left' | 'right' | null) => (v === 'left' ? 'right' : v === 'right' ? 'left' : null);
  return {
    overflow: s.overflow,
    home: flip(s.home),
    heading: flip(s.heading),
    quoteRule: flip(s.quoteRule),
    rowHeaders: flip(s.rowHeaders),
  };
};

for (const district of ['the sample', 'Riverbend'] as const) {
  describe(`right to left (${district})`, SKIP, () => {
    let site: Served;
    let browser: Browser;
    let pages: string[];
    before(async () => {
      const dir = district === 'the sample' ? await exportedSite() : await exportedSite(DISTRICT);
      [site, browser] = await Promise.all([serve(dir), launch()]);
      // The landing page, the school page with the most to lay out, and three schools compared.
      const w = await openPage(browser, 1280);
      try {
        await w.page.goto(`${site.origin}/`, { waitUntil: 'load' });
        const slugs = await w.page.$$eval('#options .school-card__link', (as) =>
          as.map((a) => a.getAttribute('href')!.split('/').filter(Boolean).pop()!),
        );
        assert.ok(slugs.length >= 3);
        pages = ['/', `/schools/${slugs[0]}/`, `/compare/?schools=${slugs.slice(0, 3).join(',')}`];
      } finally {
        await w.close();
      }
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });

    for (const width of WIDTHS) {
      test(`at ${width} px the layout mirrors, nothing overflows, and axe finds nothing`, async () => {
        const w = await openPage(browser, width, AXE_CONTEXT);
        try {
          for (const path of pages) {
            await w.page.goto(site.origin + path, { waitUntil: 'load' });
            await hydrated(w.page);
            if (path.startsWith('/compare/')) await w.page.waitForSelector('.compare table');
            const ltr = await sides(w.page);
            await w.page.evaluate(() => {
              document.documentElement.dir = 'rtl';
            });
            const rtl = await sides(w.page);
            assert.ok(ltr.home && ltr.heading, `${path}: the checks see the header and heading ${JSON.stringify(ltr)}`);
            assert.equal(rtl.overflow, 0, `${path}: nothing overflows right to left`);
            assert.deepEqual(rtl, { ...mirror(ltr), overflow: 0 }, `${path}: mirrored`);
            assert.deepEqual(await axe(w.page), [], `${path}: axe right to left`);
          }
        } finally {
          await w.close();
        }
      });
    }
  });
}
