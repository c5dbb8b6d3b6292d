// The families' decision tools on the exported sample in real Chromium:
// "Sort by distance" with the position granted (nearest first, "2.4 mi" on each card, schools
// without a location last) and denied (a message, the order unchanged), the visit's position
// reused by a school page's "Get Distance" chip without asking; the filters (aria-pressed, the
// count announced, the address state surviving a reload and stepped through by the back button);
// the shortlist (toggle, reload, another tab, the navigation's "Shortlist (N)" link); keyboard
// operation; and axe-core finding nothing in these states at 375 and 1280.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { hydrated, openPage, SKIP, type Watched } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { expectedGrid, haversineMiles, schoolBySlug } from './helpers/sample-data.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;

async function load(width: 375 | 1280, urlPath = '/', options: BrowserContextOptions = {}): Promise<Watched> {
  const w = await openPage(session.browser, width, { ...AXE_CONTEXT, ...options });
  await w.page.goto(session.site.origin + urlPath, { waitUntil: 'load' });
  await hydrated(w.page);
  return w;
}

/** The tools load as the grid nears the window (a reader scrolls there) and replace their pending panel once the facts have arrived. */
async function toolsReady(page: Page): Promise<void> {
  await page.evaluate(() => document.getElementById('options')!.scrollIntoView({ behavior: 'instant' }));
  await page.waitForSelector('.grid-tools:not(.grid-tools--pending)', { timeout: 15_000 });
}

const cardTitles = (page: Page) => page.$$eval('.school-card__title', (hs) => hs.map((h) => h.textContent));
const pressed = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
const countText = (page: Page) => page.locator('.grid-filters__count').textContent();

async function assertClean(w: Watched): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  assert.deepEqual(w.external, []);
}

const HERE = { latitude: 39.7, longitude: -105.0 };
const miles = (loc: { lat: number; lng: number }) =>
  `${(Math.round(haversineMiles({ lat: HERE.latitude, lng: HERE.longitude }, loc) * 10) / 10).toFixed(1)} mi`;

describe('grid tools and shortlist', SKIP, () => {
  session = withSampleSite();

  test('sort by distance: nearest first with "x.x mi" on each card, no location last; the chip then knows the position', async () => {
    const grid = expectedGrid();
    const located = grid
      .filter((s) => s.location)
      .sort((a, b) => {
        const here = { lat: HERE.latitude, lng: HERE.longitude };
        return haversineMiles(here, a.location!) - haversineMiles(here, b.location!);
      });
    const unlocated = grid.filter((s) => !s.location);
    assert.ok(unlocated.length > 0, 'the sample has a school without a location');

    const w = await load(1280, '/', { permissions: ['geolocation'], geolocation: HERE });
    try {
      const page = w.page;
      // Loaded lazily: neither the tools' chunk nor the facts file before the grid nears the window.
      await page.waitForTimeout(500);
      assert.deepEqual(
        w.requests.filter((u) => /GridTools|school-facts/.test(u)),
        [],
      );
      await toolsReady(page);
      assert.equal(w.requests.filter((u) => /\/school-facts\.json$/.test(u)).length, 1);
      assert.deepEqual(
        await cardTitles(page),
        grid.map((s) => s.title),
        'title order by default',
      );
      assert.equal(await pressed(page, 'Sort by name'), 'true');
      await page.getByRole('button', { name: 'Sort by distance' }).click();
      await page.waitForSelector('.school-card__distance');
      assert.equal(await pressed(page, 'Sort by distance'), 'true');
      assert.deepEqual(
        await cardTitles(page),
        [...located, ...unlocated].map((s) => s.title),
      );
      const shown = await page.$$eval('.school-card', (cards) =>
        cards.map((c) => c.querySelector('.school-card__distance-value')?.textContent ?? null),
      );
      assert.deepEqual(shown, [...located.map((s) => miles(s.location!)), ...unlocated.map(() => null)]);
      assert.ok(
        shown.every((m) => m === null || /^\d+\.\d mi$/.test(m)),
        shown.join(),
      );

      await page.getByRole('button', { name: 'Sort by name' }).click();
      // The re-order is a React render after the click: under load it can land a frame later.
      await page.waitForFunction(() => document.querySelectorAll('.school-card__distance').length === 0);
      assert.deepEqual(
        await cardTitles(page),
        grid.map((s) => s.title),
      );
      assert.equal(await page.locator('.school-card__distance').count(), 0);

      // The same visit: a school page's chip shows the distance without being pressed, and
      // without asking (the permission is gone, so asking would fail).
      await w.context.clearPermissions();
      const lincoln = schoolBySlug('lincoln-middle');
      await page.goto(`${session.site.origin}/schools/lincoln-middle`, { waitUntil: 'load' });
      await hydrated(page);
      await page.waitForSelector('.distance-chip__value');
      assert.equal(await page.locator('.distance-chip__value').textContent(), miles(lincoln.location!));
      await assertClean(w);
    } finally {
      await w.close();
    }
  });

  test('sort by distance denied: a short message under the button, the order unchanged', async () => {
    const w = await load(375, '/', { permissions: [] });
    try {
      const page = w.page;
      await toolsReady(page);
      await page.getByRole('button', { name: 'Sort by distance' }).click();
      await page.waitForFunction(() =>
        /not available/.test(document.querySelector('.grid-tools__message')!.textContent!),
      );
      assert.equal(await page.locator('.grid-tools__message').getAttribute('role'), 'status');
      assert.deepEqual(
        await cardTitles(page),
        expectedGrid().map((s) => s.title),
      );
      assert.equal(await pressed(page, 'Sort by name'), 'true');
      assert.equal(await page.locator('.school-card__distance').count(), 0);
      // The message sits right under the sort buttons.
      const [buttons, message] = await Promise.all([
        page.locator('.grid-tools__sort').boundingBox(),
        page.locator('.grid-tools__message').boundingBox(),
      ]);
      assert.ok(message!.y >= buttons!.y + buttons!.height - 1 && message!.y - (buttons!.y + buttons!.height) < 40);
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('filters: aria-pressed, the count announced, the address, reload and the back button', async () => {
    const grid = expectedGrid();
    const charter = grid.filter((s) => s.isCharter).map((s) => s.title);
    assert.ok(charter.length >= 2 && charter.length < grid.length);
    const w = await load(1280);
    try {
      const page = w.page;
      await toolsReady(page);
      assert.equal(await page.getByRole('group', { name: 'Filter schools' }).count(), 1);
      assert.deepEqual(await page.$$eval('.grid-filters__group-title', (ls) => ls.map((l) => l.textContent)), [
        'School type',
        'Arts',
        'Athletics',
        'Clubs',
        'Support',
      ]);
      const count = page.locator('.grid-filters__count');
      assert.equal(await count.getAttribute('aria-live'), 'polite');
      assert.equal(await countText(page), `${grid.length} schools`);

      await page.getByRole('button', { name: 'Charter schools', exact: true }).click();
      assert.equal(await pressed(page, 'Charter schools'), 'true');
      assert.equal(await pressed(page, 'District schools'), 'false');
      assert.deepEqual(await cardTitles(page), charter);
      assert.equal(await countText(page), `${charter.length} schools`);
      assert.equal(new URL(page.url()).search, '?type=charter');

      // The program groups are closed until opened.
      const clubs = page.getByRole('button', { name: 'Clubs', exact: true });
      assert.equal(await clubs.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.getByRole('button', { name: 'Robotics', exact: true }).isVisible(), false);
      await clubs.click();
      assert.equal(await clubs.getAttribute('aria-expanded'), 'true');
      await page.getByRole('button', { name: 'Robotics', exact: true }).click();
      assert.equal(new URL(page.url()).search, '?type=charter&program=robotics');
      assert.deepEqual(await cardTitles(page), ['Meridian STEM Charter Academy']);
      assert.equal(await countText(page), '1 school');

      await page.reload({ waitUntil: 'load' });
      await toolsReady(page);
      await page.waitForFunction(() => document.querySelectorAll('.school-card').length === 1);
      assert.equal(await pressed(page, 'Charter schools'), 'true');
      assert.equal(await pressed(page, 'Robotics'), 'true');
      assert.ok(await page.getByRole('button', { name: 'Robotics', exact: true }).isVisible(), 'its group opens');
      assert.equal(await countText(page), '1 school');

      await page.goBack({ waitUntil: 'commit' });
      await page.waitForFunction((n) => document.querySelectorAll('.school-card').length === n, charter.length);
      assert.equal(new URL(page.url()).search, '?type=charter');
      assert.equal(await pressed(page, 'Robotics'), 'false');
      assert.deepEqual(await cardTitles(page), charter);
      await page.goBack({ waitUntil: 'commit' });
      await page.waitForFunction((n) => document.querySelectorAll('.school-card').length === n, grid.length);
      assert.equal(new URL(page.url()).search, '');

      await page.goForward({ waitUntil: 'commit' });
      await page.waitForFunction((n) => document.querySelectorAll('.school-card').length === n, charter.length);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      assert.equal(new URL(page.url()).search, '');
      assert.equal(await countText(page), `${grid.length} schools`);
      assert.deepEqual(
        await cardTitles(page),
        grid.map((s) => s.title),
        'hidden titles stay hidden',
      );
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('shortlist: toggle, reload, another tab, and the navigation link to the comparison', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      const add = page.getByRole('button', { name: 'Add Aspen Ridge Middle School to shortlist' });
      assert.equal(await add.getAttribute('aria-pressed'), 'false');
      const navLink = page.locator('.nav__link--shortlist');
      assert.equal(await navLink.textContent(), 'Shortlist (0)');
      await add.click();
      const remove = page.getByRole('button', { name: 'Remove Aspen Ridge Middle School from shortlist' });
      assert.equal(await remove.getAttribute('aria-pressed'), 'true');
      assert.equal(await navLink.textContent(), 'Shortlist (1)');
      assert.equal(await navLink.getAttribute('href'), '/compare/?schools=aspen-ridge');

      await page.reload({ waitUntil: 'load' });
      await hydrated(page);
      await page.waitForFunction(
        () => document.querySelector('.nav__link--shortlist')!.textContent === 'Shortlist (1)',
      );
      assert.equal(await remove.getAttribute('aria-pressed'), 'true');

      // Another tab: the school page's header button, and this tab hears of it.
      const other = await w.context.newPage();
      await other.goto(`${session.site.origin}/schools/lincoln-middle`, { waitUntil: 'load' });
      await hydrated(other);
      const header = other.locator('.school-header').getByRole('button', {
        name: 'Add Lincoln Middle School to shortlist',
      });
      assert.equal(await header.getAttribute('aria-pressed'), 'false');
      await header.click();
      assert.equal(await other.locator('.school-header .shortlist-button').getAttribute('aria-pressed'), 'true');
      await page.waitForFunction(
        () => document.querySelector('.nav__link--shortlist')!.textContent === 'Shortlist (2)',
      );
      assert.equal(await navLink.getAttribute('href'), '/compare/?schools=aspen-ridge,lincoln-middle');
      // Removing here reaches the other tab too.
      await remove.click();
      await other.waitForFunction(
        () => document.querySelector('.nav__link--shortlist')!.textContent === 'Shortlist (1)',
      );
      assert.equal(
        await other.locator('.nav__link--shortlist').getAttribute('href'),
        '/compare/?schools=lincoln-middle',
      );
      await other.close();

      // Nothing about the shortlist leaves the browser: no request names a shortlisted school but its page.
      assert.deepEqual(
        w.requests.filter((u) => /aspen-ridge|lincoln-middle/.test(u) && !/\/schools\/lincoln-middle$/.test(u)),
        [],
      );
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
  test('keyboard: Tab reaches the tools in order, Enter and Space press them, the focus shows', async () => {
    const w = await load(375, '/', { permissions: ['geolocation'], geolocation: HERE });
    try {
      const page = w.page;
      await toolsReady(page);
      await page.getByRole('button', { name: 'Sort by name' }).focus();
      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return { text: el.textContent, outline: getComputedStyle(el).outlineStyle };
        });
      await page.keyboard.press('Tab');
      assert.deepEqual(await focused(), { text: 'Sort by distance', outline: 'solid' });
      await page.keyboard.press('Enter');
      await page.waitForSelector('.school-card__distance');
      await page.keyboard.press('Tab');
      assert.equal((await focused()).text, 'District schools');
      await page.keyboard.press('Tab');
      assert.equal((await focused()).text, 'Charter schools');
      await page.keyboard.press('Space');
      assert.equal(await pressed(page, 'Charter schools'), 'true');
      assert.equal(new URL(page.url()).search, '?type=charter');
      await page.keyboard.press('Space');
      assert.equal(await pressed(page, 'Charter schools'), 'false');
      await page.keyboard.press('Tab');
      assert.equal((await focused()).text, 'Arts');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const first = (await focused()).text!;
      await page.keyboard.press('Enter');
      assert.equal(await pressed(page, first), 'true');
      // A card's shortlist button by keyboard.
      const button = page.getByRole('button', { name: /^Add .* to shortlist$/ }).first();
      await button.focus();
      await page.keyboard.press('Enter');
      assert.equal(await page.locator('.shortlist-button[aria-pressed="true"]').count(), 1);
      await assertClean(w);
    } finally {
      await w.close();
    }
  });

  test('print: the tools and the shortlist buttons are left out, the cards stay', async () => {
    const w = await load(1280);
    try {
      const page = w.page;
      await toolsReady(page);
      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.locator('.grid-tools').isVisible(), false);
      assert.equal(await page.locator('.shortlist-button').first().isVisible(), false);
      assert.equal(await page.locator('.school-card__title').first().isVisible(), true);
      await page.emulateMedia({ media: 'screen' });
      assert.equal(await page.locator('.grid-tools').isVisible(), true);
    } finally {
      await w.close();
    }
  });
  for (const width of [375, 1280] as const) {
    test(`${width}px: axe finds nothing with the tools in use`, async () => {
      const failures: string[] = [];
      const w = await load(width, '/?program=robotics', { permissions: ['geolocation'], geolocation: HERE });
      try {
        const page = w.page;
        await toolsReady(page);
        await page.getByRole('button', { name: 'Sort by distance' }).click();
        await page.waitForSelector('.school-card__distance');
        await page
          .getByRole('button', { name: /^Add .* to shortlist$/ })
          .first()
          .click();
        for (const v of await axe(page)) failures.push(`landing, sorted, filtered, shortlisted: ${v}`);
        // The "full" note and an empty result.
        await page.getByRole('button', { name: 'Clear filters' }).click();
        for (let i = 0; i < 4; i++)
          await page.locator('.school-card .shortlist-button[aria-pressed="false"]').first().click();
        await page.waitForSelector('.shortlist-toggle__note:not(:empty)');
        await page.getByRole('button', { name: 'Charter schools', exact: true }).click();
        await page.getByRole('button', { name: 'Arts', exact: true }).click();
        await page.getByRole('button', { name: 'Choir', exact: true }).click();
        for (const v of await axe(page)) failures.push(`landing, full shortlist, no match: ${v}`);
        if (width < 1024) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          for (const v of await axe(page)) failures.push(`landing, menu open: ${v}`);
        }
        await page.goto(`${session.site.origin}/schools/aspen-ridge`, { waitUntil: 'load' });
        await hydrated(page);
        await page.waitForSelector('.distance-chip__value');
        for (const v of await axe(page)) failures.push(`school, shortlisted, distance shown: ${v}`);
        await assertClean(w);
      } finally {
        await w.close();
      }
      assert.deepEqual(failures, []);
    });
  }
});
