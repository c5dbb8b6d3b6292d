// A school page's behaviour (spec sections 2 and 4) in real Chromium on the exported sample: the
// sticky numbered section menu (a row on wider screens, the 'Toggle navigation menu' collapsible
// on phones) with active tracking and the bottom-of-page rule, the distance chip with emulated
// geolocation (granted and denied), the tour section and its button, accordions by mouse and
// keyboard, the video facade, and the page's layout details that screenshots showed going wrong.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hydrated, openPage, scrollSettled, SKIP, WIDTHS, type Watched } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { haversineMiles, publishedSchools, schoolBySlug } from './helpers/sample-data.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;

const LINCOLN = '/schools/lincoln-middle/';
/** Lincoln's sections in the sample, then the tour entry (always numbered 06). */
const LINCOLN_MENU = [
  '01 Academics',
  '02 Visual & Performing Arts',
  '03 Athletics',
  '04 Student Life',
  '05 About Us',
  '06 Tours',
];
const LINCOLN_IDS = ['academics', 'arts', 'athletics', 'student-life', 'about', 'tours'];

async function load(
  width: (typeof WIDTHS)[number] | { width: number; height: number },
  urlPath = LINCOLN,
  options = {},
): Promise<Watched> {
  const w = await openPage(session.browser, width, options);
  await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
  await hydrated(w.page);
  return w;
}

async function assertClean(w: Watched): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  assert.deepEqual(w.external, []);
}

const menuTexts = (page: Page) =>
  page.$$eval('.section-menu__link', (as) => as.map((a) => a.textContent!.replace(/\s+/g, ' ').trim()));
const activeIndex = (page: Page) =>
  page.$$eval('.section-menu__link', (as) => as.findIndex((a) => a.getAttribute('aria-current') === 'location'));
const menuBottom = (page: Page) =>
  page.evaluate(() => document.querySelector('.section-menu')!.getBoundingClientRect().bottom);
const topOf = (page: Page, id: string) =>
  page.evaluate((i) => document.getElementById(i)!.getBoundingClientRect().top, id);

describe('school page', SKIP, () => {
  session = withSampleSite();

  test('header and numbered sections: title, subtitle, quote, zero-padded numbers in menu and headings', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      assert.equal(await page.textContent('h1'), 'Lincoln Middle School');
      assert.match(
        (await page.textContent('.school-header, header.school-header, .school'))!,
        /Home of the Lions since 1962/,
      );
      assert.deepEqual(await menuTexts(page), LINCOLN_MENU);
      assert.deepEqual(
        await page.$$eval('.section-menu__link', (as) => as.map((a) => a.getAttribute('href'))),
        LINCOLN_IDS.map((id) => `#${id}`),
      );
      const headings = await page.$$eval('.school-section__heading', (hs) =>
        hs.map((h) => h.textContent!.replace(/\s+/g, ' ').trim()),
      );
      assert.deepEqual(headings, LINCOLN_MENU);
      assert.equal(await page.textContent('#tours h3'), 'Schedule A Tour at Lincoln Middle School');
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('1280px: the section menu is one sticky row of numbered links; it tracks scrolling and marks the last entry at the bottom', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      assert.equal(await page.isVisible('.section-menu__toggle'), false);
      const boxes = await page.$$eval('.section-menu__link', (as) =>
        as.map((a) => {
          const r = a.getBoundingClientRect();
          return { top: Math.round(r.top), left: r.left };
        }),
      );
      assert.ok(
        boxes.every((b) => b.top === boxes[0]!.top),
        `links not in one row: ${JSON.stringify(boxes)}`,
      );
      assert.ok(
        boxes.every((b, i) => i === 0 || b.left > boxes[i - 1]!.left),
        'links not left to right',
      );

      // Before the first section nothing is active.
      assert.equal(await activeIndex(page), -1);
      // Clicking an entry scrolls its section to just under the (stuck) menu and marks it.
      await page.click('.section-menu__link[href="#athletics"]');
      await scrollSettled(page);
      assert.equal(
        Math.round(await page.evaluate(() => document.querySelector('.section-menu')!.getBoundingClientRect().top)),
        0,
        'menu stuck at the top',
      );
      assert.ok(Math.abs((await topOf(page, 'athletics')) - (await menuBottom(page))) <= 2);
      assert.equal(await activeIndex(page), 2);
      assert.equal(new URL(page.url()).hash, '#athletics');

      // Scrolling by hand: the active entry follows the section under the menu.
      for (const [i, id] of LINCOLN_IDS.slice(0, 4).entries()) {
        await page.evaluate((sid) => {
          const el = document.getElementById(sid)!;
          const bar = document.querySelector('.section-menu')!.getBoundingClientRect().height;
          window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - bar + 20, behavior: 'instant' });
        }, id);
        await page.waitForFunction(
          (n) =>
            Array.from(document.querySelectorAll('.section-menu__link')).findIndex(
              (a) => a.getAttribute('aria-current') === 'location',
            ) === n,
          i,
          { timeout: 2000 },
        );
      }
      await assertClean(w);
    } finally {
      await w.close();
    }
    // At the very bottom the last entry is active even though its section never reaches the menu
    // (a tall laptop window, so the tour section and footer fit below the menu).
    const tall = await load({ width: 1280, height: 1300 });
    try {
      await tall.page.evaluate(() =>
        window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }),
      );
      await scrollSettled(tall.page);
      const gap = (await topOf(tall.page, 'tours')) - (await menuBottom(tall.page));
      assert.ok(gap > 20, `the tour section reached the menu (gap ${gap}px): this check needs a taller window`);
      await tall.page.waitForFunction(
        () => document.querySelector('.section-menu__link[aria-current="location"]')?.getAttribute('href') === '#tours',
        undefined,
        { timeout: 2000 },
      );
      await assertClean(tall);
    } finally {
      await tall.close();
    }
  });
  test("375px: the section menu is a collapsible bar showing the current number and title, toggled by 'Toggle navigation menu'", async () => {
    const w = await load(375);
    try {
      const page = w.page;
      const toggle = page.getByRole('button', { name: 'Toggle navigation menu' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.isVisible('.section-menu__list'), false);
      const current = async () => (await page.textContent('.section-menu__current'))!.replace(/\s+/g, ' ').trim();
      assert.equal(await current(), '01 Academics');
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      assert.equal(await page.isVisible('.section-menu__list'), true);
      assert.deepEqual(await menuTexts(page), LINCOLN_MENU);
      await page.click('.section-menu__link[href="#student-life"]');
      await scrollSettled(page);
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.isVisible('.section-menu__list'), false);
      assert.equal(await current(), '04 Student Life');
      assert.ok(Math.abs((await topOf(page, 'student-life')) - (await menuBottom(page))) <= 2);
      // Escape closes an open menu and returns focus to the toggle.
      await toggle.click();
      await page.keyboard.press('Escape');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
        'Toggle navigation menu',
      );
      // Scrolling to the bottom shows the last entry in the bar.
      await page.evaluate(() => window.scrollTo({ top: document.scrollingElement!.scrollHeight, behavior: 'instant' }));
      await page.waitForFunction(
        () => document.querySelector('.section-menu__current')?.textContent?.replace(/\s+/g, ' ').trim() === '06 Tours',
        undefined,
        { timeout: 2000 },
      );
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('distance chip: with permission it shows the haversine distance in miles; denied, it stays at the prompt', async () => {
    const school = schoolBySlug('lincoln-middle');
    const here = { latitude: 39.7817, longitude: -104.8901 };
    const expected = (
      Math.round(haversineMiles({ lat: here.latitude, lng: here.longitude }, school.location!) * 10) / 10
    ).toFixed(1);
    assert.notEqual(expected, '0.0');

    const granted = await load(375, LINCOLN, { permissions: ['geolocation'], geolocation: here });
    try {
      const chip = granted.page.locator('.distance-chip');
      assert.equal((await chip.textContent())?.trim(), 'Get Distance');
      await chip.click();
      await granted.page.waitForFunction(() => !!document.querySelector('.distance-chip__value'), undefined, {
        timeout: 5000,
      });
      assert.equal(await chip.locator('.distance-chip__value').textContent(), `${expected} mi`);
      // Its name starts with what it shows (WCAG 2.5.3).
      assert.equal((await chip.textContent())?.trim(), `${expected} mi from your location`);
      assert.equal(await chip.locator('svg').count(), 1, 'pin icon');
      // A new position gives a new distance on the next press.
      await granted.context.setGeolocation({ latitude: school.location!.lat, longitude: school.location!.lng + 0.1 });
      await chip.click();
      const again = (
        Math.round(
          haversineMiles(school.location!, { lat: school.location!.lat, lng: school.location!.lng + 0.1 }) * 10,
        ) / 10
      ).toFixed(1);
      await granted.page.waitForFunction(
        (t) => document.querySelector('.distance-chip__value')?.textContent === t,
        `${again} mi`,
        { timeout: 5000 },
      );
      await assertClean(granted);
    } finally {
      await granted.close();
    }

    const denied = await load(375, LINCOLN, { permissions: [] });
    try {
      const chip = denied.page.locator('.distance-chip');
      await chip.click();
      await denied.page.waitForFunction(
        () => !document.querySelector('.distance-chip')!.hasAttribute('aria-busy'),
        undefined,
        { timeout: 5000 },
      );
      await denied.page.waitForTimeout(300);
      assert.equal((await chip.textContent())?.trim(), 'Get Distance');
      await assertClean(denied);
    } finally {
      await denied.close();
    }

    // A school without a location has no chip.
    const noLocation = publishedSchools().find((s) => !s.location)!;
    const none = await load(1280, `/schools/${noLocation.slug}/`);
    try {
      assert.equal(await none.page.locator('.distance-chip').count(), 0);
    } finally {
      await none.close();
    }
  });

  test("the tour button opens the school's tour link in a new tab; a school with the tour hidden has no tour section or entry", async () => {
    const w = await load(768);
    try {
      const button = w.page.getByRole('link', { name: /Schedule a Tour/ });
      assert.equal(await button.getAttribute('href'), schoolBySlug('lincoln-middle').tourLink);
      assert.equal(await button.getAttribute('target'), '_blank');
      assert.deepEqual((await button.getAttribute('rel'))!.split(/\s+/).sort(), ['noopener', 'noreferrer']);
      assert.ok(await button.isVisible());
    } finally {
      await w.close();
    }
    const hidden = publishedSchools().find((s) => s.showTourSection === false)!;
    const r = await load(768, `/schools/${hidden.slug}/`);
    try {
      assert.equal(await r.page.locator('#tours').count(), 0);
      assert.ok(!(await menuTexts(r.page)).some((t) => /Tours/.test(t)));
      await assertClean(r);
    } finally {
      await r.close();
    }
  });
  test('accordions toggle by mouse and keyboard; default-open ones start open', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      const buttons = page.locator('.school .accordion__button');
      assert.ok((await buttons.count()) >= 2);
      const states = await buttons.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-expanded')));
      const closed = states.indexOf('false');
      assert.ok(
        states.includes('true') && closed >= 0,
        `expected one default-open and one closed accordion: ${states}`,
      );
      const button = buttons.nth(closed);
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
      assert.equal(await panel.isVisible(), false);
      await button.click();
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      assert.equal(await panel.isVisible(), true);
      // The panels' rich text is the export's, kept through hydration, not re-rendered by the
      // browser: it must still be there once the panels became buttons and panels.
      const texts = await page
        .locator('.school .accordion__panel .rich-text')
        .evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''));
      assert.ok(
        texts.length >= 2 && texts.every((t) => t.length > 0),
        `empty accordion text: ${JSON.stringify(texts)}`,
      );
      // The opening animation is a short fade and scale.
      assert.match(await panel.evaluate((el) => getComputedStyle(el).animationName), /accordion/);
      await button.click();
      await panel.waitFor({ state: 'hidden', timeout: 2000 });
      await button.focus();
      await page.keyboard.press('Enter');
      assert.equal(await panel.isVisible(), true);
      await page.keyboard.press('Space');
      await panel.waitFor({ state: 'hidden', timeout: 2000 });
      await assertClean(w);
    } finally {
      await w.close();
    }
  });

  test('the video testimonial loads no player until play; then the privacy-enhanced embed for its id (blocked here)', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      const videoId = await page.evaluate(() => {
        const text = document.getElementById('__DATA__')!.textContent!;
        return /"videoId":"([^"]+)"/.exec(text)![1]!;
      });
      const facade = page.locator('.school .video-facade');
      await facade.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.school iframe').count(), 0);
      assert.deepEqual(w.external, []);
      await facade.locator('.video-facade__play').click();
      const frame = page.locator('.school iframe');
      await frame.waitFor({ state: 'attached' });
      assert.match(
        (await frame.getAttribute('src'))!,
        new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${videoId}(\\?|$)`),
      );
      await page.waitForTimeout(300);
      assert.ok(
        (w.external as string[]).length >= 1 &&
          (w.external as string[]).every((u) => u.startsWith(`https://www.youtube-nocookie.com/embed/${videoId}`)),
        w.external.join(', '),
      );
    } finally {
      await w.close();
    }
  });

  for (const width of WIDTHS) {
    test(`${width}px: section numbers stay on one line beside their titles, and blocks are spaced apart`, async () => {
      const w = await load(width, '/schools/aspen-ridge/');
      try {
        const nums = await w.page.$$eval('.school-section__num', (els) =>
          els.map((el) => ({
            text: el.textContent,
            lines: el.getClientRects().length,
            h: el.getBoundingClientRect().height,
            lh: parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.3,
          })),
        );
        for (const n of nums)
          assert.ok(n.lines === 1 && n.h < n.lh * 1.5, `number ${n.text} wraps (${n.h}px tall, line ${n.lh}px)`);
        const gaps = await w.page.$$eval('.school-section__blocks', (lists) =>
          lists.flatMap((list) => {
            const kids = Array.from(list.children).filter((k) => k.getClientRects().length > 0);
            return kids.slice(1).map((k, i) => ({
              gap: k.getBoundingClientRect().top - kids[i]!.getBoundingClientRect().bottom,
              what: `${kids[i]!.className} → ${k.className}`,
            }));
          }),
        );
        const tight = gaps.filter((g) => g.gap < 16);
        assert.deepEqual(tight, [], 'blocks touching each other');
      } finally {
        await w.close();
      }
    });
  }
});
