// The landing page's behaviour (spec sections 2 and 4) in real Chromium on the exported sample at
// 375, 768 and 1280 wide: hash scrolling below the sticky menu, the section menu's active
// tracking, grid order and filtering, the hero video (not shown and not fetched on phones, fades
// in on wider screens), accordions by mouse and keyboard, the video facade, 'Return to Top', the
// footer, unknown paths showing the landing page with status 404, and opening '/#options' on a phone
// or a laptop in either edition without the grid jumping when its tools load (CLS ≤ 0.05).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, hydrated, openPage, scrollSettled, SKIP, WIDTHS, type Watched } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { expectedGrid, publishedSchools, HIDDEN_PARTS } from './helpers/sample-data.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;

async function load(width: (typeof WIDTHS)[number], urlPath = '/'): Promise<Watched> {
  const w = await openPage(session.browser, width);
  await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
  await hydrated(w.page);
  return w;
}

/** Bottom edge of the sticky section menu, where a section heading should land after a jump. */
const stickyBottom = (page: Page) =>
  page.evaluate(() => document.querySelector('.section-menu')!.getBoundingClientRect().bottom);
const topOf = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.getBoundingClientRect().top, selector);

async function assertClean(w: Watched, opts: { status404?: boolean } = {}): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems, opts), []);
  assert.deepEqual(w.external, []);
}

describe('landing page', SKIP, () => {
  session = withSampleSite();

  for (const width of WIDTHS) {
    test(`${width}px: /#options scrolls, once loaded, so the options section sits right under the sticky menu`, async () => {
      const w = await load(width, '/#options');
      try {
        await scrollSettled(w.page);
        const y = await w.page.evaluate(() => window.scrollY);
        assert.ok(y > 500, `page did not scroll (scrollY ${y})`);
        const menuBottom = await stickyBottom(w.page);
        const sectionTop = await topOf(w.page, '#options');
        assert.ok(
          Math.abs(sectionTop - menuBottom) <= 2,
          `#options top ${sectionTop} vs sticky menu bottom ${menuBottom}`,
        );
        // The heading is readable: not under the sticky bar.
        const headingTop = await topOf(w.page, '#options h2');
        assert.ok(headingTop >= menuBottom, `heading at ${headingTop} hidden under the menu ending at ${menuBottom}`);
        const heading = await w.page.textContent('#options h2');
        assert.equal(heading, 'Your School. Your Choice.');
        await assertClean(w);
      } finally {
        await w.close();
      }
    });

    test(`${width}px: the section menu links to the three anchors and tracks the section being read`, async () => {
      const w = await load(width);
      try {
        const page = w.page;
        const hrefs = await page.$$eval('.section-menu__link', (as) => as.map((a) => a.getAttribute('href')));
        assert.deepEqual(hrefs, ['#advantage', '#academics', '#options']);
        const titles = await page.$$eval('.section-menu__link', (as) => as.map((a) => a.textContent));
        assert.deepEqual(titles, ['The District Advantage', 'Academic Preparation', 'Middle School Options']);
        const current = () =>
          page.$$eval('.section-menu__link', (as) =>
            as.findIndex((a) => a.getAttribute('aria-current') === 'location'),
          );
        // Phones get the collapsible form; from 768 up it is a row of links with no toggle.
        assert.equal(await page.isVisible('.section-menu__toggle'), width < 768, 'toggle visibility');
        for (const [i, id] of ['advantage', 'academics', 'options'].entries()) {
          if (await page.isVisible('.section-menu__toggle')) {
            await page.click('.section-menu__toggle');
            assert.equal(await page.getAttribute('.section-menu__toggle', 'aria-expanded'), 'true');
          }
          await page.click(`.section-menu__link[href="#${id}"]`);
          await scrollSettled(page);
          assert.equal(await current(), i, `after clicking #${id}`);
          assert.ok(
            Math.abs((await topOf(page, `#${id}`)) - (await stickyBottom(page))) <= 2,
            `#${id} not under the menu`,
          );
          assert.equal(new URL(page.url()).hash, `#${id}`);
        }
        // Scrolling by hand moves the active entry back.
        await page.evaluate(() =>
          window.scrollTo({ top: document.getElementById('advantage')!.offsetTop + 40, behavior: 'instant' }),
        );
        await page.waitForFunction(
          () =>
            document.querySelector('.section-menu__link[aria-current="location"]')?.getAttribute('href') ===
            '#advantage',
        );
        await assertClean(w);
      } finally {
        await w.close();
      }
    });
  }
  test('the grid lists the published schools sorted by title, without the hidden ones, each linking to its page', async () => {
    const w = await load(1280);
    try {
      const cards = await w.page.$$eval('.school-grid__item', (items) =>
        items.map((li) => ({
          title: li.querySelector('h3, h2')?.textContent?.trim() ?? '',
          link: li.querySelector('a[href^="/schools/"]')?.getAttribute('href') ?? '',
          linkText: Array.from(li.querySelectorAll('a'))
            .map((a) => a.textContent?.trim())
            .join('|'),
          img: (li.querySelector('img') as HTMLImageElement | null)?.currentSrc ?? '',
        })),
      );
      const expected = expectedGrid();
      assert.deepEqual(
        cards.map((c) => c.title),
        expected.map((s) => s.title),
      );
      assert.deepEqual(
        cards.map((c) => c.link.replace(/\/$/, '')),
        expected.map((s) => `/schools/${s.slug}`),
      );
      assert.ok(
        cards.every((c) => /Learn more/.test(c.linkText)),
        'every card has a Learn more link',
      );
      // The sample has a school the grid must hide; it is still published (it has a page).
      const hidden = publishedSchools().filter((s) => HIDDEN_PARTS.some((p) => s.title.includes(p)));
      assert.ok(hidden.length >= 1, 'the sample should include a hidden-from-grid school');
      const text = await w.page.textContent('#options');
      for (const s of hidden) assert.ok(!text!.includes(s.title), `${s.title} shown in the grid`);
      // A card's link opens the school page.
      await w.page.click(`.school-grid__item a[href^="/schools/${expected[0]!.slug}"]`);
      await w.page.waitForURL(`**/schools/${expected[0]!.slug}`); // 200 at the link itself, no redirect
      assert.equal(await w.page.textContent('h1'), expected[0]!.title);
    } finally {
      await w.close();
    }
  });

  test('375px: the hero video is not displayed and never requested', async () => {
    const w = await load(375);
    try {
      await w.page.waitForTimeout(500);
      const display = await w.page.evaluate(() => {
        const v = document.querySelector('.landing-hero video')!;
        return { shown: v.getClientRects().length > 0, sources: v.querySelectorAll('source').length };
      });
      assert.deepEqual(display, { shown: false, sources: 0 });
      assert.deepEqual(
        w.requests.filter((u) => /\/media\/hero\.(webm|mp4)/.test(u)),
        [],
      );
      assert.equal(await w.page.isVisible('.landing-hero__video-toggle'), false);
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  for (const width of [768, 1280] as const) {
    test(`${width}px: the hero video loads, fades in over 1 s once it has data, and can be paused`, async () => {
      const w = await load(width);
      try {
        await w.page.waitForSelector('.landing-hero__video.is-ready', { timeout: 10_000 });
        assert.ok(
          // The district's own video, an uploaded file the export copies under files/.
          w.requests.some((u) => /\/files\/[0-9a-f]{40}\.(webm|mp4)$/.test(u)),
          'hero video requested',
        );
        const style = await w.page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>('.landing-hero__video')!;
          const cs = getComputedStyle(v);
          return {
            duration: cs.transitionDuration,
            property: cs.transitionProperty,
            shown: v.getClientRects().length > 0,
            loop: v.loop,
            muted: v.muted,
          };
        });
        assert.deepEqual(style, { duration: '1s', property: 'opacity', shown: true, loop: true, muted: true });
        await w.page.waitForFunction(
          () => getComputedStyle(document.querySelector('.landing-hero__video')!).opacity === '1',
          undefined,
          { timeout: 3000 },
        );
        const toggle = w.page.locator('.landing-hero__video-toggle');
        await toggle.waitFor({ state: 'visible' });
        if ((await toggle.textContent()) === 'Pause background video') {
          await toggle.click();
          await w.page.waitForFunction(() => document.querySelector<HTMLVideoElement>('.landing-hero__video')!.paused);
          // The label follows the video's pause event in a React render, which under load can come a frame later.
          await w.page.waitForFunction(
            () => document.querySelector('.landing-hero__video-toggle')?.textContent === 'Play background video',
            undefined,
            { timeout: 3000 },
          );
          assert.equal(await toggle.textContent(), 'Play background video');
        }
        await assertClean(w);
      } finally {
        await w.close();
      }
    });
  }

  test('accordions open and close by mouse and by keyboard, with the first panel open by default', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      const buttons = page.locator('.landing-advantage .accordion__button');
      assert.equal(await buttons.count(), 5);
      assert.deepEqual(await buttons.allTextContents(), [
        'Rigorous Academic Preparation',
        'Advancing Excellence',
        'Open Enrollment Information',
        'District Awards',
        'Safety and Well-Being',
      ]);
      assert.equal(await buttons.nth(0).getAttribute('aria-expanded'), 'true');
      const panelOf = async (i: number) => page.locator(`#${await buttons.nth(i).getAttribute('aria-controls')}`);

      // Mouse.
      const second = buttons.nth(1);
      assert.equal(await second.getAttribute('aria-expanded'), 'false');
      assert.equal(await (await panelOf(1)).isVisible(), false);
      await second.click();
      assert.equal(await second.getAttribute('aria-expanded'), 'true');
      assert.equal(await (await panelOf(1)).isVisible(), true);
      assert.match((await (await panelOf(1)).textContent())!, /strategic plan/);
      await second.click();
      assert.equal(await second.getAttribute('aria-expanded'), 'false');
      await (await panelOf(1)).waitFor({ state: 'hidden', timeout: 2000 });

      // Keyboard: focus, Enter opens, Space closes.
      const fourth = buttons.nth(3);
      await fourth.focus();
      await page.keyboard.press('Enter');
      assert.equal(await fourth.getAttribute('aria-expanded'), 'true');
      assert.equal(await (await panelOf(3)).isVisible(), true);
      await page.keyboard.press(' ');
      assert.equal(await fourth.getAttribute('aria-expanded'), 'false');
      await (await panelOf(3)).waitFor({ state: 'hidden', timeout: 2000 });
      // Tab reaches the next accordion.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Safety and Well-Being');
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('the testimonial video is a facade: no player and no request to the host until play is pressed', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      await page.locator('.landing-testimonial').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.landing-testimonial iframe').count(), 0);
      assert.deepEqual(w.external, []);
      await page.click('.landing-testimonial .video-facade__play');
      const frame = page.locator('.landing-testimonial iframe');
      await frame.waitFor({ state: 'attached' });
      const src = await frame.getAttribute('src');
      assert.match(src!, /^https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE(\?|$)/);
      // The one request that may leave loopback, and it was blocked by the test.
      await eventually(() => w.external.length >= 1);
      assert.ok(
        (w.external as string[]).length >= 1 &&
          (w.external as string[]).every((u) => u.startsWith('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE')),
        w.external.join(', '),
      );
      assert.ok(await frame.getAttribute('title'));
    } finally {
      await w.close();
    }
  });

  test("'Return to Top' scrolls smoothly back to the top; the footer has the copyright line and the PDF guide link", async () => {
    const w = await load(375);
    try {
      const page = w.page;
      await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
      await scrollSettled(page);
      // Record the positions the scroll passes through: smooth means several steps, not one jump.
      await page.evaluate(() => {
        (window as unknown as { __ys: number[] }).__ys = [];
        window.addEventListener('scroll', () => (window as unknown as { __ys: number[] }).__ys.push(window.scrollY));
      });
      await page.getByRole('link', { name: 'Return to Top' }).click();
      await scrollSettled(page);
      assert.equal(await page.evaluate(() => window.scrollY), 0);
      const ys = await page.evaluate(() => (window as unknown as { __ys: number[] }).__ys);
      assert.ok(ys.filter((y) => y > 0).length >= 3, `scrolled in ${ys.length} step(s): ${ys.slice(0, 5).join(', ')}`);

      const year = new Date().getFullYear();
      assert.equal(
        (await page.textContent('.site-footer__copyright'))?.replace(/\s+/g, ' ').trim(),
        `© ${year} Cedar Valley Public Schools. All rights reserved.`,
      );
      const pdf = page.getByRole('link', { name: /Download a PDF Guide to Middle School Options/ });
      assert.equal(await pdf.getAttribute('target'), '_blank');
      assert.match((await pdf.getAttribute('rel'))!, /noopener/);
      const res = await page.request.get(new URL((await pdf.getAttribute('href'))!, session.site.origin).href);
      assert.equal(res.status(), 200);
      assert.equal(res.headers()['content-type'], 'application/pdf');
      await assertClean(w);
    } finally {
      await w.close();
    }
  });

  test('an unknown path shows the landing page with status 404, and it hydrates', async () => {
    const w = await openPage(session.browser, 1280);
    try {
      const res = await w.page.goto(`${session.site.origin}/no/such/page?x=1`, { waitUntil: 'load' });
      assert.equal(res?.status(), 404);
      await hydrated(w.page);
      assert.equal(await w.page.textContent('h1'), 'Guide to Middle School Options');
      assert.equal(await w.page.getAttribute('meta[name="robots"]', 'content'), 'noindex');
      // Hydrated: the dropdown is a working button, accordions respond.
      await w.page.click('.nav-dropdown__toggle');
      assert.equal(await w.page.getAttribute('.nav-dropdown__toggle', 'aria-expanded'), 'true');
      assert.ok(await w.page.isVisible('.nav-dropdown__panel .school-link'));
      await assertClean(w, { status404: true });
    } finally {
      await w.close();
    }
  });
  for (const prefix of ['', '/es'])
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      test(`${viewport.width}px: opening ${prefix}/#options, the cards stay put while the grid's tools load (CLS ≤ 0.05)`, async () => {
        const w = await openPage(session.browser, viewport);
        try {
          // Every layout shift of the visit, from the first paint on (buffered), without input.
          await w.context.addInitScript(() => {
            const g = globalThis as unknown as { __cls: number };
            g.__cls = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
                if (!e.hadRecentInput) g.__cls += e.value;
            }).observe({ type: 'layout-shift', buffered: true });
          });
          await w.page.goto(`${session.site.origin}${prefix}/#options`, { waitUntil: 'load' });
          await hydrated(w.page);
          // The tools work: the pending panel has been replaced by the live one.
          await w.page.waitForSelector('.grid-tools:not(.grid-tools--pending) .grid-tools__sort-button');
          assert.equal(await w.page.locator('.grid-tools--pending').count(), 0);
          await scrollSettled(w.page);
          await w.page.waitForTimeout(300);
          const cls = await w.page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
          assert.ok(cls <= 0.05, `cumulative layout shift ${cls.toFixed(3)}`);
          await assertClean(w);
        } finally {
          await w.close();
        }
      });
    }
});
