// A district-sized export (150 schools): the navigation list is too big to repeat in every page,
// so it ships once as navigation.json, which the page loads after hydrating. This checks that path
// end to end in Chromium: the page hydrates without a warning, fetches the list exactly once, its
// dropdown and phone menu hold every school with its icon, and without JavaScript the menus link
// to the landing grid. The landing grid carries its first cards and links to the all-schools page;
// its tools load every card from the grid's cards file to filter over the whole district. The
// icons and photos of those files are drawn from the variants the export wrote into them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { generateDataset } from '../../bench/gen-dataset.ts';
import { GRID_FIRST_CARDS } from '../../src/lib/family-tools/grid-cards.ts';
import { LIST_PAGE_CARDS } from '../../src/lib/family-tools/list-pages.ts';
import { hydrated, launch, openPage, SKIP } from './helpers/browser.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { ROOT, serve, type Served } from './helpers/site.ts';

const SCHOOLS = 150;
let work: string;
let site: Served;
let browser: Browser;
let slugs: string[];

/** The cards of a list a page at a time, following its pager's "next" link from the first page to the last. */
async function cardsOverEveryPage(page: Page, first: string): Promise<number> {
  let cards = 0;
  for (let n = 1; ; n++) {
    const count = await page.locator('.all-schools .school-card').count();
    assert.ok(count > 0 && count <= LIST_PAGE_CARDS, `page ${n}: ${count} cards`);
    cards += count;
    assert.equal(await page.locator('.pager [aria-current="page"]').textContent(), String(n));
    const next = page.locator('.pager a[rel="next"]');
    if ((await next.count()) === 0) break;
    await next.click();
    await page.waitForURL(`${site.origin}${first}page/${n + 1}/`);
  }
  return cards;
}

/** Without JavaScript: a school page's menu, the landing grid's first cards, its link to every school, in both editions. */
async function menusLeadToEverySchool(): Promise<void> {
  const w = await openPage(browser, 1280, { javaScriptEnabled: false });
  try {
    await w.page.goto(`${site.origin}/schools/${slugs[3]}/`, { waitUntil: 'load' });
    await w.page.click('.nav-dropdown summary');
    await w.page.click('.nav-dropdown a[href="/#options"]');
    await w.page.waitForURL(`${site.origin}/#options`);
    // The landing page carries the first cards (a light page), and a link to every school.
    assert.equal(await w.page.locator('#options .school-card').count(), GRID_FIRST_CARDS);
    const more = w.page.locator('#options .school-grid__more a');
    assert.match((await more.textContent()) ?? '', /See all \d+ schools/);
    await more.click();
    await w.page.waitForURL(`${site.origin}/schools/`);
    assert.ok((await cardsOverEveryPage(w.page, '/schools/')) >= SCHOOLS - 10, 'every school listed');
    // The Spanish edition links to its own list.
    await w.page.goto(`${site.origin}/es/`, { waitUntil: 'load' });
    await w.page.click('#options .school-grid__more a');
    await w.page.waitForURL(`${site.origin}/es/schools/`);
    assert.ok((await cardsOverEveryPage(w.page, '/es/schools/')) >= SCHOOLS - 10);
  } finally {
    await w.close();
  }
}

/** The grid's tools filter over every school of the edition once its cards file has loaded; axe on both pages. */
async function filtersOverEverySchool(width: 375 | 1280, edition: '' | '/es'): Promise<void> {
  const w = await openPage(browser, width, AXE_CONTEXT);
  try {
    // Every charter school of the edition's grid, from the export's own files.
    const facts = JSON.parse(readFileSync(path.join(site.dir, 'school-facts.json'), 'utf8')) as {
      slug: string;
      type: string;
    }[];
    const charter = new Set(facts.filter((f) => f.type === 'charter').map((f) => f.slug));
    await w.page.goto(`${site.origin}${edition}/?type=charter#options`, { waitUntil: 'load' });
    await hydrated(w.page);
    const data = JSON.parse((await w.page.locator('#__DATA__').textContent())!) as {
      cards: { slug: string }[];
      more: { total: number; cardsSrc: string };
    };
    const all = JSON.parse(readFileSync(path.join(site.dir, data.more.cardsSrc), 'utf8')) as { slug: string }[];
    const expected = all.filter((c) => charter.has(c.slug)).map((c) => c.slug);
    assert.ok(expected.length > data.cards.filter((c) => charter.has(c.slug)).length, 'more than the first cards hold');
    const links = w.page.locator('#options .school-card__link');
    await w.page.waitForFunction(
      (n) => document.querySelectorAll('#options .school-card').length === n,
      expected.length,
      {
        timeout: 10_000,
      },
    );
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!.split('/').pop()));
    assert.deepEqual(hrefs, expected);
    // The cards the tools added draw their photos from the variants in the cards file, each one written.
    const photos = await w.page.$$eval('#options .school-card img', (imgs) =>
      imgs.map((i) => (i as HTMLImageElement).getAttribute('src')!),
    );
    assert.equal(photos.length, expected.length, 'every card has its photo');
    for (const src of new Set(photos.slice(-5)))
      assert.equal((await w.page.request.get(new URL(src, site.origin).href)).status(), 200, src);
    assert.equal(w.requests.filter((u) => u.includes('/data/grid-')).length, 1, 'the cards file, once');
    // Unfiltered again, the grid shows the page's first cards and the link to every school.
    await w.page.click('.grid-tools__toggle[aria-pressed="true"]');
    await w.page.waitForFunction(
      (n) => document.querySelectorAll('#options .school-card').length === n,
      GRID_FIRST_CARDS,
    );
    assert.equal(await w.page.locator('#options .school-grid__more a').count(), 1);
    assert.deepEqual(await axe(w.page), [], 'the landing page with its link passes axe');
    await w.page.goto(`${site.origin}${edition}/schools/`, { waitUntil: 'load' });
    await hydrated(w.page);
    assert.deepEqual(await axe(w.page), [], 'the all-schools page passes axe');
    await w.page.goto(`${site.origin}${edition}/schools/page/2/`, { waitUntil: 'load' });
    await hydrated(w.page);
    assert.deepEqual(await axe(w.page), [], "the all-schools page's second page passes axe");
    assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  } finally {
    await w.close();
  }
}

describe('large district (shared navigation file)', SKIP, () => {
  before(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'msg-large-district-'));
    const dataset = generateDataset({ n: SCHOOLS, outDir: path.join(work, 'content') });
    slugs = dataset.slugs;
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SANITY_')));
    const out = path.join(work, 'out');
    const run = spawnSync(process.execPath, ['bin/run.mjs', 'export', '--content', dataset.dir, '--out', out], {
      cwd: ROOT,
      env: { ...env, EXPORT_MANIFEST_DIR: path.join(work, 'manifests') },
      encoding: 'utf8',
      timeout: 240_000,
    });
    assert.equal(run.status, 0, `export failed:\n${run.stderr}`);
    site = await serve(out);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('pages carry no school list: the list is one shared file, named in the page environment', () => {
    const list = JSON.parse(readFileSync(path.join(site.dir, 'navigation.json'), 'utf8')) as { link: string }[];
    assert.ok(list.length >= SCHOOLS, `${list.length} schools in the file`);
    const html = readFileSync(path.join(site.dir, 'schools', slugs[0]!, 'index.html'), 'utf8');
    assert.ok(!html.includes(`href="/schools/${slugs[1]}"`), 'no other school linked from the page');
    assert.ok(html.includes('href="/#options">See all middle schools</a>'), 'the no-JS link to the landing grid');
    const json = (id: string) =>
      JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!) as Record<
        string,
        unknown
      >;
    assert.equal(json('__DATA__').nav, null, 'the list is not repeated inside the page data');
    assert.equal(json('__ENV__').navSrc, '/navigation.json');
  });

  for (const urlPath of ['/', () => `/schools/${slugs[7]}/`] as const) {
    test(`${typeof urlPath === 'string' ? urlPath : 'a school page'} hydrates with the shared list, fetched once`, async () => {
      const w = await openPage(browser, 1280);
      try {
        const target = typeof urlPath === 'string' ? urlPath : urlPath();
        await w.page.goto(site.origin + target, { waitUntil: 'load' });
        await hydrated(w.page);
        const navRequests = w.requests.filter((u) => u.endsWith('/navigation.json'));
        assert.equal(navRequests.length, 1, `fetched once: ${navRequests.join(', ')}`);
        await w.page.click('.nav-dropdown > button');
        const links = w.page.locator('.nav-dropdown .school-list a');
        await links.first().waitFor({ state: 'visible', timeout: 10_000 });
        assert.ok((await links.count()) >= SCHOOLS);
        // Every icon is self-hosted by the export, though no page's HTML asked for it.
        const icons = await w.page.$$eval('.nav-dropdown .school-list img', (imgs) =>
          imgs.slice(0, 40).map((i) => (i as HTMLImageElement).src),
        );
        assert.ok(icons.length > 0);
        for (const src of new Set(icons)) assert.equal((await w.page.request.get(src)).status(), 200, src);
        assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
        assert.deepEqual(w.external, []);
      } finally {
        await w.close();
      }
    });
  }
  test('without JavaScript the menus lead to the landing grid, whose link lists every school', async () => {
    await menusLeadToEverySchool();
  });

  for (const [width, edition] of [
    [375, ''],
    [1280, '/es'],
  ] as const) {
    test(`filters answer over every school once the grid's cards file loads (${width}px, ${edition || '/'})`, async () => {
      await filtersOverEverySchool(width, edition);
    });
  }

  test('the phone menu lists every school once the shared file has loaded', async () => {
    const w = await openPage(browser, 375);
    try {
      await w.page.goto(`${site.origin}/schools/${slugs[5]}/`, { waitUntil: 'load' });
      await hydrated(w.page);
      await w.page.click('.mobile-menu__toggle');
      const links = w.page.locator('.mobile-menu__panel .school-list a');
      await links.first().waitFor({ state: 'visible', timeout: 10_000 });
      assert.ok((await links.count()) >= SCHOOLS);
      assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
    } finally {
      await w.close();
    }
  });
});
