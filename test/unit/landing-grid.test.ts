// The all-schools page of a district larger than the landing grid's first cards: every school the
// grid lists, then those it hides (spec: "Innovation Center", …) in a group of their own, and the
// count in its introduction covers both.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { landingGrid } from '../../scripts/lib/landing-grid.ts';
import { pageBuild } from '../../scripts/lib/page-builds.ts';
import { builtinCopy } from './helpers/landing-copy.ts';
import { GRID_FIRST_CARDS } from '../../src/lib/family-tools/grid-cards.ts';
import { gridCards, mapLandingCards } from '../../src/lib/content/mapping.ts';
import { builtinSettings } from '../../src/lib/content/builtin-settings.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import type { LandingSchoolRow } from '../../src/lib/content/types.ts';
import type { PageData } from '../../src/routes.ts';

const rows: LandingSchoolRow[] = Array.from({ length: GRID_FIRST_CARDS + 3 }, (_, i) => ({
  _id: `s${i}`,
  title: i === 0 ? 'Northfield Innovation Center' : `School ${String(i).padStart(3, '0')}`,
  slug: `s${i}`,
  logo: null,
  color: null,
  mainImage: null,
  seoDescription: null,
}));

test('the all-schools page lists and counts the schools the grid hides, after the others', () => {
  for (const lang of ['en', 'es'] as const) {
    const all = mapLandingCards(rows, lang);
    const shown = gridCards(all);
    const hidden = all.filter((c) => !shown.includes(c));
    assert.deepEqual(
      hidden.map((c) => c.title),
      ['Northfield Innovation Center'],
    );
    const grid = landingGrid(shown, lang, '/', (image) => image);
    const settings = builtinSettings(CATALOGUES[lang]);
    const [page, ...more] = pageBuild('schools').pages!({
      lang,
      nav: [],
      settings,
      copy: builtinCopy(lang),
      base: '/',
      factsSrc: '/school-facts.json',
      cards: all,
      listed: shown,
      hidden,
      zips: [],
      facts: [],
      grid,
      programGroups: [],
    });
    assert.equal(more.length, 0, 'one all-schools page per edition');
    assert.equal(page?.data.page, 'schools');
    const data = page!.data as Extract<PageData, { page: 'schools' }>;
    assert.equal(data.cards.length, rows.length - 1);
    assert.deepEqual(
      data.other?.map((c) => c.slug),
      ['s0'],
    );
    assert.match(data.words.intro, new RegExp(`\\b${rows.length}\\b`));
    assert.equal(grid.more?.total, rows.length - 1, "the grid's own count stays the grid's");
  }
});
