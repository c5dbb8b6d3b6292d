// The navigation bar in real Chromium at 375, 768 and 1280 wide: the 'Middle School Options'
// dropdown (logo + name per school in the spec's order, by mouse and keyboard), the small-screen
// full-screen menu, and the 'No schools found' state.
//
// A zero-school export is refused (exit code 3), so the empty state cannot come from an export.
// Instead the test intercepts a request for the landing page and answers with the page the export
// WOULD produce for empty navigation: the real index.html with #root re-rendered by the project's
// own pure render() for `nav: []` and the embedded JSON changed to match. That keeps the server HTML
// and the data consistent, so the test also proves the empty state hydrates without a mismatch.
// (The 'Loading schools...' state only exists where data arrives after the first render, in the
// preview: test/browser/preview.test.ts covers it.)
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '../../render/render.tsx';
import { serializeForScript } from '../../src/lib/serialize.ts';
import type { PageData } from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { hydrated, openPage, SKIP, WIDTHS, type Watched } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { expectedNavOrder, publishedSchools } from './helpers/sample-data.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;

async function load(
  width: (typeof WIDTHS)[number] | { width: number; height: number },
  urlPath = '/',
): Promise<Watched> {
  const w = await openPage(session.browser, width);
  await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
  await hydrated(w.page);
  return w;
}

async function assertClean(w: Watched): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  assert.deepEqual(w.external, []);
}

const ELEMENTARY = 'Elementary School Options';
const HIGH = 'High School Options';
/** The shortlist's entry, last in the bar and the menu; the count is 0 in a fresh browser. */
const SHORTLIST = 'Shortlist (0)';

/** The exported landing page as it would be with no schools in the navigation. */
function emptyNavLanding(): string {
  const html = readFileSync(path.join(session.site.dir, 'index.html'), 'utf8');
  const json = (id: string) =>
    JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!) as unknown;
  const data = { ...(json('__DATA__') as PageData & { page: 'landing' }), nav: [] };
  const env = json('__ENV__') as SiteEnv;
  const app = render('/', data, env);
  const root = /<div id="root">[\s\S]*<\/div>\n<script type="application\/json" id="__DATA__">[^<]*<\/script>/;
  assert.match(html, root);
  return html.replace(
    root,
    () =>
      `<div id="root">${app}</div>\n<script type="application/json" id="__DATA__">${serializeForScript(data)}</script>`,
  );
}

describe('navigation', SKIP, () => {
  session = withSampleSite();

  test('1280px: the dropdown lists every school with its logo and name, non-charter first, each linking to its page', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      const bar = await page.$$eval('.nav__list > .nav__item', (lis) =>
        lis.map((li) => li.querySelector('a, button')!.textContent!.trim()),
      );
      assert.deepEqual(bar, [ELEMENTARY, 'Middle School Options', HIGH, SHORTLIST]);
      assert.equal(await page.getAttribute('.nav__logo', 'href'), '/');
      assert.equal(await page.isVisible('.mobile-menu__toggle'), false);
      const toggle = page.locator('.nav-dropdown__toggle');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.isVisible('.nav-dropdown__panel'), false);
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const items = await page.$$eval('.nav-dropdown__panel .school-link', (links) =>
        links.map((a) => {
          const img = a.querySelector('img');
          const r = img?.getBoundingClientRect();
          return {
            name: a.querySelector('.school-link__name')?.textContent ?? '',
            href: a.getAttribute('href'),
            logo: img
              ? { loaded: img.complete && img.naturalWidth > 0, w: Math.round(r!.width), h: Math.round(r!.height) }
              : null,
          };
        }),
      );
      assert.deepEqual(
        items.map((i) => i.name),
        expectedNavOrder(),
      );
      const byTitle = new Map(publishedSchools().map((s) => [s.title, s]));
      for (const item of items) {
        const school = byTitle.get(item.name)!;
        assert.equal(item.href, `/schools/${school.slug}`, item.name);
        // A school with only a staticLogo shows that one (content model: used when logo is absent).
        assert.equal(!!item.logo, school.hasLogo || school.hasStaticLogo, `${item.name}: logo shown ${!!item.logo}`);
      }
      assert.ok(items.filter((i) => i.logo).length >= 10, 'most schools show a logo');
      // Logos load (they are below the fold of nothing: wait for them) and show small and square.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.nav-dropdown__panel img')).every((i) => i.complete),
      );
      const logos = await page.$$eval('.nav-dropdown__panel img', (imgs) =>
        imgs.map((i) => ({
          ok: (i as HTMLImageElement).naturalWidth > 0,
          w: i.getBoundingClientRect().width,
          h: i.getBoundingClientRect().height,
        })),
      );
      for (const l of logos) {
        assert.ok(l.ok, 'logo failed to load');
        assert.ok(l.w >= 24 && l.w <= 64 && Math.abs(l.w - l.h) < 1, `logo ${l.w}x${l.h}`);
      }
      // Clicking elsewhere closes it; a school link navigates.
      await page.mouse.click(5, 600);
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await toggle.click();
      await page.click('.nav-dropdown__panel .school-link >> text=Riverside Middle School');
      await page.waitForURL('**/schools/riverside');
      assert.equal(await page.textContent('h1'), 'Riverside Middle School');
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('1280px: the dropdown works from the keyboard (ArrowDown opens and focuses, arrows move, Escape closes)', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      await page.focus('.nav-dropdown__toggle');
      await page.keyboard.press('ArrowDown');
      const focused = () =>
        page.evaluate(
          () =>
            document.activeElement?.querySelector('.school-link__name')?.textContent ??
            document.activeElement?.textContent,
        );
      const order = expectedNavOrder();
      assert.equal(await focused(), order[0]);
      await page.keyboard.press('ArrowDown');
      assert.equal(await focused(), order[1]);
      await page.keyboard.press('End');
      assert.equal(await focused(), order[order.length - 1]);
      await page.keyboard.press('Escape');
      assert.equal(await page.getAttribute('.nav-dropdown__toggle', 'aria-expanded'), 'false');
      assert.equal(await focused(), 'Middle School Options');
      // Enter on the button toggles too.
      await page.keyboard.press('Enter');
      assert.equal(await page.getAttribute('.nav-dropdown__toggle', 'aria-expanded'), 'true');
      await assertClean(w);
    } finally {
      await w.close();
    }
  });

  for (const width of [375, 768] as const) {
    test(`${width}px: the menu button opens a full-screen panel with the same entries; it closes by button and Escape`, async () => {
      const w = await load(width);
      try {
        const page = w.page;
        // Of the desktop entries only "Shortlist (N)" stays in the bar.
        const shown = await page.$$eval('.nav__list > .nav__item', (lis) =>
          lis.filter((li) => li.getClientRects().length > 0).map((li) => li.textContent!.trim()),
        );
        assert.deepEqual(shown, [SHORTLIST], 'desktop entries hidden but the shortlist');
        const open = page.getByRole('button', { name: 'Open menu' });
        assert.equal(await open.getAttribute('aria-expanded'), 'false');
        await open.click();
        assert.equal(await open.getAttribute('aria-expanded'), 'true');
        const panel = page.getByRole('dialog', { name: 'Menu' });
        await panel.waitFor({ state: 'visible' });
        const box = await panel.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.left, y: r.top, w: r.width, h: r.height, vw: innerWidth, vh: innerHeight };
        });
        assert.ok(
          box.x <= 0 && box.y <= 0 && box.w >= box.vw && box.h >= box.vh,
          `panel ${JSON.stringify(box)} is not full-screen`,
        );
        const links = await panel.locator('a').allTextContents();
        assert.deepEqual(
          links.map((t) => t.trim()),
          [ELEMENTARY, ...expectedNavOrder(), HIGH, SHORTLIST],
        );
        assert.match((await panel.textContent())!, /Middle School Options/);
        // Focus moves into the panel; the page behind does not scroll.
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Close menu');
        assert.equal(await page.evaluate(() => getComputedStyle(document.body).overflow), 'hidden');
        await page.getByRole('button', { name: 'Close menu' }).click();
        await panel.waitFor({ state: 'hidden' });
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Open menu');
        // Toggles again, and Escape closes it.
        await open.click();
        await panel.waitFor({ state: 'visible' });
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        // A school entry navigates.
        await open.click();
        await panel.locator('a', { hasText: 'Lincoln Middle School' }).click();
        await page.waitForURL('**/schools/lincoln-middle');
        await assertClean(w);
      } finally {
        await w.close();
      }
    });
  }
  test("empty navigation shows 'No schools found' in the dropdown and the menu, and hydrates cleanly", async () => {
    const html = emptyNavLanding();
    for (const width of WIDTHS) {
      const w = await openPage(session.browser, width);
      try {
        await w.page.route(`${session.site.origin}/empty-nav/`, (route) =>
          route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
        );
        await w.page.goto(`${session.site.origin}/empty-nav/`, { waitUntil: 'load' });
        await hydrated(w.page);
        if (width === 1280) {
          await w.page.click('.nav-dropdown__toggle');
          const panel = w.page.locator('.nav-dropdown__panel');
          assert.equal((await panel.textContent())?.trim(), 'No schools found');
          assert.equal(await panel.locator('a').count(), 0);
        } else {
          await w.page.getByRole('button', { name: 'Open menu' }).click();
          const panel = w.page.getByRole('dialog', { name: 'Menu' });
          assert.equal((await panel.locator('[role="status"]').textContent())?.trim(), 'No schools found');
          assert.deepEqual(
            (await panel.locator('a').allTextContents()).map((t) => t.trim()),
            [ELEMENTARY, HIGH, SHORTLIST],
          );
        }
        await assertClean(w);
      } finally {
        await w.close();
      }
    }
  });

  test('at 1024px and up the bar shows the entries; below, the menu button (no overlap at the switch)', async () => {
    for (const [vw, desktop] of [
      [1023, false],
      [1024, true],
    ] as const) {
      const w = await load({ width: vw, height: 800 });
      try {
        assert.equal(await w.page.isVisible('.nav-dropdown'), desktop, `${vw}px`);
        assert.equal(await w.page.isVisible('.mobile-menu__toggle'), !desktop, `${vw}px`);
        const overflow = await w.page.evaluate(() => document.scrollingElement!.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `${vw}px overflows by ${overflow}px`);
      } finally {
        await w.close();
      }
    }
  });

  test('phones: "Shortlist (N)" is in the bar, not only inside the menu, and the bar still fits', async () => {
    for (const viewport of [
      { width: 375, height: 740 },
      { width: 390, height: 844 },
    ]) {
      for (const urlPath of ['/', '/es/']) {
        const w = await openPage(session.browser, viewport);
        try {
          await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
          await hydrated(w.page);
          const name = urlPath === '/' ? SHORTLIST : 'Mi lista (0)';
          const link = w.page.locator('.nav__list').getByRole('link', { name });
          assert.equal(await link.isVisible(), true, `${urlPath} @${viewport.width}`);
          assert.equal(await w.page.isVisible('.mobile-menu__panel'), false, 'with the menu closed');
          const width = await w.page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= viewport.width, `${urlPath} @${viewport.width}: the page is ${width}px wide`);
          assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
        } finally {
          await w.close();
        }
      }
    }
  });
});
