// The compare page and printing in real Chromium: the exported
// /compare/ reads ?schools= after hydration and shows a table with the schools as column headers;
// an unknown name is named, fewer than 2 says how to pick; a phone scrolls the table in its own
// region, never the page; the address is the state (reload, back button, the shortlist);
// keyboard and axe at 375 and 1280; and print emulation of a school page and the compare page: the
// school's first section starts on the first sheet, tags print black, the footer is one column,
// and a Spanish 3-school comparison fits two sheets (A4 and Letter) with its copyright line; a
// school prints on about half the sheets it took (pictures for the screen left out).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { openPage, SKIP, type Watched } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { horizontalOverflow, unexpectedProblems } from './helpers/checks.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;
let slugs: string[] = [];

/** The compare page for `names`, hydrated and settled (the table or a message is shown). */
async function openCompare(w: Watched, query: string): Promise<void> {
  await w.page.goto(`${session.site.origin}/compare/${query}`, { waitUntil: 'load' });
  await settled(w.page);
}

/** Waits until the page has left its server-rendered shell and the loading state: a table, or a message. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const status = document.querySelector('.compare__status')?.textContent ?? '';
    return !!document.querySelector('.compare table') || (status !== '' && !status.startsWith('Loading'));
  });
}

const columnHeaders = (page: Page) =>
  page.$$eval('.compare table thead th[scope="col"]', (ths) => ths.map((th) => th.textContent?.trim() ?? ''));

/** The school pages the table's column headers link to. */
const headerLinks = (page: Page) =>
  page.$$eval('.compare table thead th[scope="col"] a', (as) => as.map((a) => a.getAttribute('href') ?? ''));

async function checkClean(w: Watched): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  assert.deepEqual(w.external, []);
}

describe('compare page', SKIP, () => {
  session = withSampleSite();

  before(() => {
    slugs = readdirSync(`${session.site.dir}/schools`)
      .filter((f) => f.endsWith('.html'))
      .map((f) => f.slice(0, -'.html'.length))
      .sort();
    assert.ok(slugs.length >= 4);
  });

  test('1280: a table with the schools as column headers, an unknown name named and skipped', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      const [a, b, c] = slugs as [string, string, string];
      await openCompare(w, `?schools=${a},no-such-school,${b},${c}`);
      assert.deepEqual(await headerLinks(w.page), [`/schools/${a}`, `/schools/${b}`, `/schools/${c}`]);
      const headers = await columnHeaders(w.page);
      assert.equal(headers.length, 3);
      assert.ok(headers.every((h) => h.length > 0));
      const rows = await w.page.$$eval('.compare tbody th[scope="row"]', (ths) => ths.map((th) => th.textContent));
      assert.deepEqual(rows, [
        'Type',
        // The facts families decide by, each row only when a compared school has the fact: every
        // fact the school pages show, and a row per result measure.
        'Address',
        'Phone',
        'Grades',
        'Enrollment',
        'Bell times',
        'Transportation',
        'Before and after care',
        'Support programs',
        'Math proficiency',
        'Reading proficiency',
        'Attendance',
        'Last year',
        'How seats were given',
        'Next tour or open house',
        'Arts',
        'Athletics',
        'Clubs',
        'Featured quote',
        'Sections',
        'Tour',
        'School page',
      ]);
      assert.match((await w.page.textContent('.compare__status')) ?? '', /No school called “no-such-school”\./);
      // The page's own title and canonical address, whatever the query.
      assert.equal(await w.page.title(), 'Compare schools | Cedar Valley Public Schools');
      await checkClean(w);
    } finally {
      await w.close();
    }
  });

  test('fewer than 2 known schools: says how to pick them, with a link to the school list', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      await openCompare(w, `?schools=${slugs[0]},,,${'<b>x</b>'.repeat(200)}`);
      const status = (await w.page.textContent('.compare__status')) ?? '';
      assert.match(status, /Pick at least 2 schools to compare\./);
      assert.match(status, /No school called “<b>x<\/b>.{40,60}…”\./, 'shown as text, shortened');
      assert.equal(await w.page.$('.compare table, .compare b'), null);
      assert.equal(await w.page.getAttribute('.compare__howto a', 'href'), '/#options');
      await openCompare(w, `?schools=${','.repeat(1000)}`);
      assert.match((await w.page.textContent('.compare__status')) ?? '', /Pick at least 2 schools/);
      await checkClean(w);
    } finally {
      await w.close();
    }
  });

  test('375: readable on a phone; the table scrolls in its own region, the page does not', async () => {
    const w = await openPage(session.browser, 375);
    try {
      await openCompare(w, `?schools=${slugs.slice(0, 4).join(',')}`);
      assert.equal((await columnHeaders(w.page)).length, 4);
      const overflow = await horizontalOverflow(w.page);
      assert.ok(overflow.scrollWidth <= overflow.innerWidth, JSON.stringify(overflow));
      const region = await w.page.$eval('.compare__scroller', (el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      assert.ok(region.scrollWidth > region.clientWidth, 'four schools are wider than a phone: the region scrolls');
      // Scrolled to its end, the fact names stay in view (sticky first column).
      await w.page.$eval('.compare__scroller', (el) => el.scrollTo({ left: el.scrollWidth }));
      const label = await w.page.$eval('.compare tbody th[scope="row"]', (th) => {
        const r = th.getBoundingClientRect();
        const box = th.closest('.compare__scroller')!.getBoundingClientRect();
        return { left: Math.round(r.left - box.left), width: r.width };
      });
      assert.ok(label.left <= 1 && label.width > 50, JSON.stringify(label));
      // A column is wide enough to read a program name (not one word per line).
      const col = await w.page.$eval('.compare thead th[scope="col"]', (th) => th.getBoundingClientRect().width);
      assert.ok(col >= 150, `column ${col}px`);
    } finally {
      await w.close();
    }
  });
  test('keyboard: the region and every link are reached by Tab; arrow keys scroll the table', async () => {
    const w = await openPage(session.browser, 375);
    try {
      await openCompare(w, `?schools=${slugs.slice(0, 3).join(',')}`);
      const seen: string[] = [];
      for (let i = 0; i < 60; i++) {
        await w.page.keyboard.press('Tab');
        const where = await w.page.evaluate(() => {
          const el = document.activeElement;
          if (!el?.closest('.compare')) return '';
          return el.classList.contains('compare__scroller') ? 'region' : (el.getAttribute('href') ?? el.tagName);
        });
        if (where) seen.push(where);
        if (where === 'region') break;
      }
      assert.ok(seen.includes('region'), `reached: ${seen.join(', ')}`);
      await w.page.keyboard.press('ArrowRight');
      await w.page.keyboard.press('ArrowRight');
      await w.page.waitForFunction(() => document.querySelector('.compare__scroller')!.scrollLeft > 0);
      const links: string[] = [];
      for (let i = 0; i < 20; i++) {
        await w.page.keyboard.press('Tab');
        const href = await w.page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
        if (href.startsWith('/schools/')) links.push(href);
      }
      assert.ok(links.includes(`/schools/${slugs[0]}`), links.join(', '));
      // Enter follows a school link.
      await w.page.focus(`.compare thead a[href="/schools/${slugs[1]}"]`);
      await Promise.all([w.page.waitForURL(`**/schools/${slugs[1]}`), w.page.keyboard.press('Enter')]);
    } finally {
      await w.close();
    }
  });

  test('the address is the state: reload keeps the table, back returns, the shortlist fills an empty address', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      const [a, b, c] = slugs as [string, string, string];
      await w.page.goto(`${session.site.origin}/`, { waitUntil: 'load' });
      await openCompare(w, `?schools=${a},${b}`);
      await w.page.reload({ waitUntil: 'load' });
      await settled(w.page);
      assert.deepEqual(await headerLinks(w.page), [`/schools/${a}`, `/schools/${b}`]);
      await w.page.goBack({ waitUntil: 'load' });
      assert.equal(new URL(w.page.url()).pathname, '/');
      await w.page.goForward({ waitUntil: 'load' });
      await settled(w.page);
      assert.deepEqual(await headerLinks(w.page), [`/schools/${a}`, `/schools/${b}`]);
      // Opened with no choice: the shortlist's schools, written into the address.
      await w.page.evaluate((list) => localStorage.setItem('msg:shortlist', JSON.stringify(list)), [c, a]);
      await openCompare(w, '');
      assert.deepEqual(await headerLinks(w.page), [`/schools/${c}`, `/schools/${a}`]);
      assert.equal(new URL(w.page.url()).search, `?schools=${c},${a}`);
      await checkClean(w);
    } finally {
      await w.close();
    }
  });

  test('a distance row when a position was granted earlier in the visit', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      await w.page.goto(`${session.site.origin}/`, { waitUntil: 'load' });
      await w.page.evaluate(() => sessionStorage.setItem('msg:position', JSON.stringify({ lat: 39.7, lng: -105 })));
      await openCompare(w, `?schools=${slugs.slice(0, 2).join(',')}`);
      const cells = await w.page.$$eval('.compare tbody tr', (trs) => {
        const row = trs.find((tr) => tr.querySelector('th')?.textContent === 'Distance');
        return row ? [...row.querySelectorAll('td')].map((td) => td.textContent) : null;
      });
      assert.ok(cells, 'a Distance row');
      assert.ok(
        cells.every((t) => /^(\d+\.\d miles|Under 0\.1 miles|Not known)$/.test(t ?? '')),
        cells.join(' | '),
      );
    } finally {
      await w.close();
    }
  });
  for (const width of [375, 1280] as const) {
    test(`${width}px: no axe violations in the table, unknown-name and too-few states`, async () => {
      const w = await openPage(session.browser, width, AXE_CONTEXT);
      const failures: string[] = [];
      try {
        for (const query of [
          `?schools=${slugs.slice(0, 3).join(',')},nope`,
          `?schools=${slugs.slice(0, 4).join(',')}`,
          `?schools=${slugs[0]}`,
          '',
        ]) {
          await openCompare(w, query);
          for (const v of await axe(w.page)) failures.push(`${query}: ${v}`);
        }
      } finally {
        await w.close();
      }
      assert.deepEqual(failures, []);
    });
  }
});
/** What print emulation shows: hidden parts, link addresses, the table's fit. */
async function printed(page: Page) {
  return page.evaluate(() => {
    const shown = (sel: string) =>
      [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => el.getClientRects().length > 0).length;
    const after = (a: Element) => getComputedStyle(a, '::after').content;
    // A street address's map search prints as the address itself (its words are the place); a
    // result's source in the compare table is named there, its address printed on the school's page.
    const ext = [
      ...document.querySelectorAll('main a[href^="http"]:not(.school-glance__row--address a):not(.compare__meta a)'),
    ].filter((a) => a.getClientRects().length > 0);
    return {
      nav: shown('.site-header, nav, .section-menu, .mobile-menu, .skip-link'),
      buttons: shown('button:not(.accordion__button)'),
      video: shown('.video-facade, video, iframe'),
      closedPanels: shown('.accordion__panel') - document.querySelectorAll('.accordion__panel').length,
      linksWithoutAddress: ext
        .filter((a) => !after(a).includes(a.getAttribute('href')!))
        .map((a) => a.getAttribute('href')),
      externalLinks: ext.length,
      // A section's parts (school page) and table rows (compare page) stay whole where they fit on a
      // sheet; a section itself may run over a break (kept whole, a long one left a sheet empty).
      unbreakable: [...document.querySelectorAll('.accordion, .highlight, .compare tbody tr')].every(
        (el) => getComputedStyle(el).breakInside === 'avoid',
      ),
      sectionsFlow: [...document.querySelectorAll('.school-section')].every(
        (el) => getComputedStyle(el).breakInside !== 'avoid',
      ),
      // The school's content after its header: at a glance when it has facts, else its first section.
      firstSectionTop:
        (document.querySelector('.school-glance, .school-section')?.getBoundingClientRect().top ?? 0) + window.scrollY,
      // Tags print as black words (their coloured pill does not print, and white text vanished).
      tagColours: [...new Set([...document.querySelectorAll('.tag-pill')].map((el) => getComputedStyle(el).color))],
      // The footer's lines one under the other, at one left edge.
      footerLefts: [
        ...new Set(
          [...document.querySelectorAll('.site-footer__inner > *')]
            .filter((el) => el.getClientRects().length > 0)
            .map((el) => Math.round(el.getBoundingClientRect().left)),
        ),
      ].length,
      docWidth: document.scrollingElement!.scrollWidth,
      width: window.innerWidth,
      table: (() => {
        const t = document.querySelector('.compare table');
        return t ? { right: t.getBoundingClientRect().right, scrollWidth: t.scrollWidth } : null;
      })(),
    };
  });
}

/** Chromium's A4 portrait printable width at the stylesheet's 15 mm margins: (210 - 30) mm at 96 dpi. */
const A4_PRINTABLE_PX = Math.floor(((210 - 30) / 25.4) * 96);
/** And its printable height: (297 - 30) mm. */
const A4_PRINTABLE_HEIGHT_PX = Math.floor(((297 - 30) / 25.4) * 96);

const pdfPages = (pdf: Buffer): number => pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;

describe('print', SKIP, () => {
  const print = withSampleSite();

  test('a school page: no navigation, menus, video or buttons; links show their address', async () => {
    const w = await openPage(print.browser, { width: A4_PRINTABLE_PX, height: 1000 });
    try {
      // The school with a video testimonial and accordions: the most blocks.
      const { schoolWithMostBlocks } = await import('./helpers/site.ts');
      const url = schoolWithMostBlocks(print.site.dir);
      await w.page.goto(print.site.origin + url, { waitUntil: 'load' });
      await w.page.waitForSelector('.nav-dropdown > button', { state: 'attached' });
      const screen = await printed(w.page);
      assert.ok(screen.nav > 0 && screen.buttons > 0, 'on screen they are there');
      await w.page.emulateMedia({ media: 'print' });
      const p = await printed(w.page);
      assert.equal(p.nav, 0, 'navigation and menus hidden');
      assert.equal(p.buttons, 0, 'buttons hidden');
      assert.equal(p.video, 0, 'video hidden');
      assert.equal(p.closedPanels, 0, 'every accordion printed open');
      assert.ok(p.unbreakable, 'accordions and highlights are kept whole where they fit');
      assert.ok(p.sectionsFlow, 'a section may continue on the next sheet');
      assert.ok(
        p.firstSectionTop < A4_PRINTABLE_HEIGHT_PX - 96,
        `the school's content starts ${p.firstSectionTop}px down a ${A4_PRINTABLE_HEIGHT_PX}px sheet`,
      );
      assert.deepEqual(p.tagColours, ['rgb(0, 0, 0)']);
      assert.equal(p.footerLefts, 1, 'the footer prints as one column');
      assert.ok(p.externalLinks > 0);
      assert.deepEqual(p.linksWithoutAddress, []);
      assert.ok(p.docWidth <= p.width, `page ${p.docWidth}px wide on a ${p.width}px sheet`);
      // The phone, the address and the footer's links print as words, not "(tel:…)", a map search's
      // six lines or root-relative paths.
      const addresses = await w.page.evaluate(() =>
        [...document.querySelectorAll('a[href^="tel:"], .school-glance__row--address a, .site-footer a')].map(
          (a) => getComputedStyle(a, '::after').content,
        ),
      );
      assert.ok(addresses.length >= 3);
      assert.deepEqual([...new Set(addresses)], ['none']);
      // Pictures for the screen left out: the school with most blocks took 13 sheets of A4 before.
      const pdf = await w.page.pdf({ format: 'A4', printBackground: false });
      assert.ok(pdfPages(pdf) <= 8, `${pdfPages(pdf)} sheets`);
    } finally {
      await w.close();
    }
  });

  test('the compare page: 3 schools fit a portrait A4 page, links show their address', async () => {
    const w = await openPage(print.browser, { width: A4_PRINTABLE_PX, height: 1000 });
    try {
      const list = readdirSync(`${print.site.dir}/schools`)
        .filter((f) => f.endsWith('.html'))
        .map((f) => f.slice(0, -'.html'.length))
        .sort()
        .slice(0, 3);
      await w.page.goto(`${print.site.origin}/compare/?schools=${list.join(',')}`, { waitUntil: 'load' });
      await w.page.waitForSelector('.compare table');
      await w.page.emulateMedia({ media: 'print' });
      const p = await printed(w.page);
      assert.equal(p.nav + p.buttons, 0);
      assert.deepEqual(p.linksWithoutAddress, []);
      assert.ok(p.table, 'the table is printed');
      assert.ok(p.unbreakable, 'rows are kept whole');
      assert.ok(
        p.table.right <= p.width + 0.5 && p.table.scrollWidth <= p.width,
        `table ${JSON.stringify(p.table)} on a ${p.width}px sheet`,
      );
      // The school pages' addresses print in the table's last row.
      const addresses = await w.page.$$eval('.compare tbody tr:last-child a', (as) =>
        as.map((a) => getComputedStyle(a, '::after').content),
      );
      assert.deepEqual(
        addresses,
        list.map((s) => `" (/schools/${s})"`),
      );
      // Chromium's own PDF: portrait A4, and the table does not push the page count up by width.
      const pdf = await w.page.pdf({ format: 'A4', printBackground: false });
      const pages = pdfPages(pdf);
      assert.ok(pages >= 1 && pages <= 3, `${pages} pages`);
    } finally {
      await w.close();
    }
  });

  // With every fact the school pages show (address, phone, results, how seats were given) a 3-school
  // comparison runs to a second sheet; its rows stay whole, and it does not run to a third.
  test('the Spanish compare page with 3 schools prints on two sheets at most, A4 and Letter, copyright included', async () => {
    const w = await openPage(print.browser, { width: A4_PRINTABLE_PX, height: 1000 });
    try {
      const list = ['lincoln-middle', 'riverside', 'cottonwood'];
      await w.page.goto(`${print.site.origin}/es/compare/?schools=${list.join(',')}`, { waitUntil: 'load' });
      await w.page.waitForSelector('.compare table');
      await w.page.emulateMedia({ media: 'print' });
      assert.equal((await printed(w.page)).footerLefts, 1, 'the footer prints as one column');
      for (const format of ['A4', 'Letter'] as const) {
        const pages = pdfPages(await w.page.pdf({ format, printBackground: false }));
        assert.ok(pages >= 1 && pages <= 2, `${format}: ${pages} sheets`);
      }
    } finally {
      await w.close();
    }
  });
});
