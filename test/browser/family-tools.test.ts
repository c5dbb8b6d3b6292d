// The family tools built on the facts, in Chromium on the exported sample, at a phone's and a
// desktop's width and in both languages: "Sort by distance" offering a ZIP code when the location
// is refused (and keeping it for the visit) and each card saying where its distance is from, the
// "Support" filter group, "either" and filter words not used. The compare table's fact rows are
// family-walkthrough.test.ts's. Expectations come from the sample dataset, not the site's own
// mapping; axe at 0.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hydrated, openPage, SKIP, type Watched } from './helpers/browser.ts';
import { AXE_CONTEXT, axe } from './helpers/axe.ts';
import { unexpectedProblems } from './helpers/checks.ts';
import { expectedGrid, haversineMiles, offersSupport, sampleDocs } from './helpers/sample-data.ts';
import { withSampleSite, type SampleSession } from './helpers/site.ts';

let session: SampleSession;

const EDITIONS = [
  {
    prefix: '',
    sortByName: 'Sort by name',
    sortByDistance: 'Sort by distance',
    refused: /Your location is not available\. You can sort by distance from your ZIP code/,
    unknown: /ZIP code 99999 is not in the district, so the order is unchanged\./,
    sorted: /Sorted by distance from the center of ZIP code 80210, nearest first\./,
    support: 'Support',
    program: 'English learner support',
    count: (n: number) => `${n} ${n === 1 ? 'school' : 'schools'}`,
    fromZip: 'from the center of ZIP code 80210',
    noLocation: 'Distance not known: no location on file',
    otherProgram: 'Special education (IEP)',
    either: 'Schools with any one of these are shown.',
    ignored: 'Not in this list, so not used: underwater-basket',
  },
  {
    prefix: '/es',
    sortByName: 'Ordenar por nombre',
    sortByDistance: 'Ordenar por distancia',
    refused: /No pudimos saber su ubicación\. Puede ordenar por distancia desde su código postal/,
    unknown: /El código postal 99999 no está en el distrito, así que el orden no cambió\./,
    sorted: /Ordenadas por distancia desde el centro del código postal 80210/,
    support: 'Apoyo',
    // The district's vocabulary in the page's language.
    program: 'Apoyo para estudiantes de inglés',
    count: (n: number) => `${n} ${n === 1 ? 'escuela' : 'escuelas'}`,
    fromZip: 'del centro del código postal 80210',
    noLocation: 'Distancia desconocida: no hay ubicación registrada',
    otherProgram: 'Educación especial (IEP)',
    either: 'Se muestran las escuelas con cualquiera de estos.',
    ignored: 'No están en esta lista, así que no se usan: underwater-basket',
  },
] as const;

/** axe on the page as it stands, scrolled to the top: a link left a sliver under the sticky header is not a finding. */
async function axeAtTop(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return axe(page);
}

const cardTitles = (page: Page) => page.$$eval('.school-card__title', (hs) => hs.map((h) => h.textContent));

async function toolsReady(page: Page): Promise<void> {
  await page.evaluate(() => document.getElementById('options')!.scrollIntoView({ behavior: 'instant' }));
  await page.waitForSelector('.grid-tools:not(.grid-tools--pending)', { timeout: 15_000 });
}

async function messageMatches(page: Page, re: RegExp): Promise<void> {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('.grid-tools__message')?.textContent ?? ''),
    re.source,
  );
}

async function assertClean(w: Watched): Promise<void> {
  assert.deepEqual(await unexpectedProblems(w.page, w.problems), []);
  assert.deepEqual(w.external, []);
}

describe('family tools on the facts', SKIP, () => {
  session = withSampleSite();

  for (const width of [375, 1280] as const) {
    for (const e of EDITIONS) {
      const where = `${width} px${e.prefix ? ', Spanish' : ''}`;
      testZipSort(where, width, e);
    }
  }
});

type Edition = (typeof EDITIONS)[number];

function testZipSort(where: string, width: 375 | 1280, e: Edition): void {
  const docs = sampleDocs();
  const settings = docs.find((d) => d._id === 'siteSettings') as {
    zipCodes: { zip: string; lat: number; lng: number }[];
  };
  const centre = settings.zipCodes.find((z) => z.zip === '80210')!;
  test(`${where}: location refused, sort from a ZIP code kept for the visit; the Support filter`, async () => {
    const grid = expectedGrid();
    const fromZip = [
      ...grid
        .filter((s) => s.location)
        .sort((a, b) => haversineMiles(centre, a.location!) - haversineMiles(centre, b.location!)),
      ...grid.filter((s) => !s.location),
    ].map((s) => s.title);
    const w = await openPage(session.browser, width, { ...AXE_CONTEXT, permissions: [] });
    try {
      const page = w.page;
      await page.goto(`${session.site.origin}${e.prefix}/`, { waitUntil: 'load' });
      await hydrated(page);
      await toolsReady(page);
      await page.getByRole('button', { name: e.sortByDistance, exact: true }).click();
      await messageMatches(page, e.refused);
      assert.deepEqual(await axeAtTop(page), []);

      await page.fill('.zip-sort input', '99999');
      await page.click('.zip-sort button');
      await page.waitForFunction(
        (source) => new RegExp(source).test(document.querySelector('.zip-sort__status')?.textContent ?? ''),
        e.unknown.source,
      );
      assert.deepEqual(
        await cardTitles(page),
        grid.map((s) => s.title),
        'an unknown code leaves the order',
      );

      await page.fill('.zip-sort input', '80210');
      await page.click('.zip-sort button');
      await messageMatches(page, e.sorted);
      await page.waitForSelector('.school-card__distance');
      assert.deepEqual(await cardTitles(page), fromZip, 'nearest the ZIP code’s centre first');
      // Each card says where its distance is from (read aloud too), or why it has none.
      const distances = await page.$$eval('.school-card__distance', (ps) => ps.map((p) => p.textContent ?? ''));
      assert.equal(distances.length, grid.length);
      assert.deepEqual(
        distances.map((t) => (t.includes(e.noLocation) ? 'none' : t.includes(e.fromZip) ? 'zip' : t)),
        [...grid.filter((s) => s.location).map(() => 'zip'), ...grid.filter((s) => !s.location).map(() => 'none')],
      );

      // The same visit: the next "Sort by distance" uses the ZIP code without asking for it.
      await page.reload({ waitUntil: 'load' });
      await hydrated(page);
      await toolsReady(page);
      await page.getByRole('button', { name: e.sortByDistance, exact: true }).click();
      await messageMatches(page, e.sorted);
      await page.waitForSelector('.school-card__distance');
      assert.deepEqual(await cardTitles(page), fromZip);
      assert.equal(await page.inputValue('.zip-sort input'), '80210');

      // Support: a program group like the others, from each school's support programs.
      await page.getByRole('button', { name: e.sortByName, exact: true }).click();
      await page.getByRole('button', { name: e.support, exact: true }).click();
      await page.getByRole('button', { name: e.program, exact: true }).click();
      const offering = grid.filter((s) =>
        offersSupport(docs.find((d) => d._id === s._id)!, 'term-english-learners', docs),
      );
      assert.ok(offering.length > 0 && offering.length < grid.length, 'the filter narrows the list');
      await page.waitForFunction(
        (text) => document.querySelector('.grid-filters__count')?.textContent === text,
        e.count(offering.length),
      );
      assert.deepEqual(
        await cardTitles(page),
        offering.map((s) => s.title),
      );
      assert.equal(await page.isVisible('.grid-filters__either'), false, 'one program: nothing to say');
      await page.getByRole('button', { name: e.otherProgram, exact: true }).click();
      await page.waitForSelector('.grid-filters__either');
      assert.equal(await page.textContent('.grid-filters__either'), e.either, 'two programs widen the list');
      assert.deepEqual(await axeAtTop(page), []);

      // A filter word of the address that no button shows is named, not ignored silently.
      await page.goto(`${session.site.origin}${e.prefix}/?program=iep,underwater-basket`, { waitUntil: 'load' });
      await hydrated(page);
      await toolsReady(page);
      await page.waitForSelector('.grid-filters__ignored');
      assert.match((await page.textContent('.grid-filters__ignored')) ?? '', new RegExp(`^${e.ignored}`));
      await assertClean(w);
    } finally {
      await w.close();
    }
  });
}
