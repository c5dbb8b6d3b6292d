// The compare page: which schools the address picks (2 to 4, unknown names
// named and skipped, repeats, hostile input), the facts file's parsing, the server shell, and the
// table a family reads, rendered from fixture facts in happy-dom.
import { strict as assert } from 'node:assert';
import { afterEach, describe, test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { setupDom, type Dom } from './helpers/dom.ts';
import { factsOf, restoreFetch, serveFacts } from './helpers/facts-fixture.ts';
import { parseHtml, text } from './helpers/html.ts';
import { App } from '../../src/App.tsx';
import { ComparePage } from '../../src/pages/ComparePage.tsx';
import { en } from '../../src/i18n/en.ts';
import { es } from '../../src/i18n/es.ts';
import { parseCompareQuery, selectSchools, shownName } from '../../src/lib/family-tools/compare.ts';
import { SHORTLIST_KEY } from '../../src/lib/family-tools/shortlist.ts';
import { POSITION_KEY } from '../../src/lib/family-tools/position.ts';
import type { SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import { canonicalPath, matchPreviewRoute, matchRoute, routeAliases, routeFile } from '../../src/routes.ts';
import { defaultSiteEnv } from '../../src/SiteEnv.tsx';
import type { ComparePageData } from '../../src/pages/ComparePage.tsx';
// The page loads its facts reader as a chunk (src/lib/family-tools/compare-facts.ts); loaded here once, the
// page's import of it settles at once, as a cached chunk does in a browser.
import '../../src/lib/family-tools/compare-facts.ts';

const COMPARE_TEXT = en.compare;
const ROW_LABELS = en.compare.rows;

/** A fixture school titled from its slug ('aspen-ridge' → 'Aspen Ridge'). */
const facts = (slug: string, over: Partial<SchoolFacts> = {}): SchoolFacts =>
  factsOf(slug, {
    title: slug
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
    ...over,
  });

const FACTS: SchoolFacts[] = [
  facts('aspen-ridge', {
    type: 'charter',
    location: { lat: 0, lng: 1 },
    programs: { arts: ['Band', 'Choir'], athletics: ['Soccer'], clubs: ['Robotics'] },
    quote: { text: 'I found my people here.', student: 'Maya R.', year: '8th grade' },
    sections: ['Academics', 'Arts', 'Tours'],
    tour: { title: 'Visit Aspen Ridge', url: 'https://tours.example.org/aspen' },
  }),
  facts('birch-hill', {
    location: { lat: 0, lng: 2 },
    programs: { arts: ['Theatre'], athletics: [], clubs: ['Chess', 'Debate'] },
    sections: ['Academics'],
    tour: { title: 'Tours', url: null },
  }),
  facts('cedar-park'),
  facts('dogwood'),
  facts('elm-street'),
];

describe('choosing the schools from the address', () => {
  test('names in order, trimmed, without empties and repeats (case-insensitive)', () => {
    assert.deepEqual(parseCompareQuery('?schools=a, b,,a,B ,c'), ['a', 'b', 'c']);
    assert.deepEqual(parseCompareQuery('?schools='), []);
    assert.deepEqual(parseCompareQuery(''), []);
    assert.deepEqual(parseCompareQuery('?other=1'), []);
    assert.deepEqual(parseCompareQuery('?schools=aspen-ridge%2Cbirch-hill'), ['aspen-ridge', 'birch-hill']);
  });

  test('hostile input stays bounded: 1000 commas, a very long name, many names', () => {
    assert.deepEqual(parseCompareQuery(`?schools=${','.repeat(1000)}`), []);
    assert.deepEqual(parseCompareQuery(`?schools=${',,,'.repeat(1000)}a,b`), [], 'past the length cut');
    const long = parseCompareQuery(`?schools=${'x'.repeat(100_000)}`);
    assert.equal(long.length, 1);
    assert.ok(long[0]!.length <= 2000);
    const many = parseCompareQuery(`?schools=${Array.from({ length: 500 }, (_, i) => `s${i}`).join(',')}`);
    assert.equal(many.length, 20);
    assert.equal(parseCompareQuery('?schools=%E0%A4%A').length, 1, 'a broken escape is one (unknown) name, no error');
  });

  test('2 to 4 schools: unknown names kept to be named, more than 4 cut and counted', () => {
    const sel = selectSchools(['birch-hill', 'nope', 'ASPEN-RIDGE', 'cedar-park', 'dogwood', 'elm-street'], FACTS);
    assert.deepEqual(
      sel.schools.map((s) => s.slug),
      ['birch-hill', 'aspen-ridge', 'cedar-park', 'dogwood'],
    );
    assert.deepEqual(sel.unknown, ['nope']);
    assert.equal(sel.dropped, 1);
    assert.deepEqual(selectSchools([], FACTS), { schools: [], unknown: [], dropped: 0 });
  });

  test('an unknown name is shown without invisible characters, and shortened', () => {
    assert.equal(shownName('ab\u202Ecd\u0000'), 'abcd');
    assert.equal(shownName('y'.repeat(500)), `${'y'.repeat(60)}…`);
  });
});

describe('the compare route', () => {
  test('/compare/ is one exported page in the sitemap, not a school', () => {
    assert.deepEqual(matchRoute('/compare/'), { page: 'compare', lang: 'en' });
    assert.deepEqual(matchRoute('/compare'), { page: 'compare', lang: 'en' });
    assert.equal(routeFile({ page: 'compare', lang: 'en' }), 'compare/index.html');
    assert.equal(canonicalPath({ page: 'compare', lang: 'en' }), '/compare/');
    assert.deepEqual(routeAliases({ page: 'compare', lang: 'en' }), []);
    assert.deepEqual(matchRoute('/compare/x'), { page: 'landing', lang: 'en' });
  });

  test('/es/compare/ is the Spanish edition of the compare page', () => {
    assert.deepEqual(matchRoute('/es/compare/'), { page: 'compare', lang: 'es' });
    assert.deepEqual(matchRoute('/es/compare'), { page: 'compare', lang: 'es' });
    assert.equal(routeFile({ page: 'compare', lang: 'es' }), 'es/compare/index.html');
    assert.equal(canonicalPath({ page: 'compare', lang: 'es' }), '/es/compare/');
  });

  test("the editors' preview has no compare page: the landing page there", () => {
    assert.deepEqual(matchPreviewRoute('/compare/'), { page: 'landing', lang: 'en' });
    assert.deepEqual(matchPreviewRoute('/es/compare/'), { page: 'landing', lang: 'es' });
    assert.deepEqual(matchPreviewRoute('/schools/a'), { page: 'school', slug: 'a', lang: 'en' });
  });
});

const DATA: ComparePageData = { page: 'compare', nav: [], factsSrc: '/school-facts.abc123.json' };

describe('the server render', () => {
  test('a neutral shell: the heading and how to pick schools, with a link to the school list', () => {
    const html = renderToString(<App data={DATA} env={defaultSiteEnv} page={ComparePage} />);
    const doc = parseHtml(html);
    assert.equal(text(doc.querySelector('h1')), COMPARE_TEXT.heading);
    assert.match(text(doc.querySelector('.compare__howto')), /Add 2 to 4 schools to your shortlist/);
    assert.equal(doc.querySelector('.compare__howto a')?.getAttribute('href'), '/#options');
    assert.equal(doc.querySelector('table'), null);
  });

  test('the Spanish edition: its words, and its link stays in the Spanish school list', () => {
    const env = { ...defaultSiteEnv, messages: es };
    const html = renderToString(<App data={DATA} env={env} page={ComparePage} />);
    const doc = parseHtml(html);
    assert.equal(text(doc.querySelector('h1')), 'Comparar escuelas');
    assert.match(text(doc.querySelector('.compare__howto')), /agregue de 2 a 4 escuelas a su lista/);
    assert.equal(doc.querySelector('.compare__howto a')?.getAttribute('href'), '/es/#options');
    assert.ok(!html.includes('Compare schools'), 'no English heading');
  });

  test("the language switcher keeps the place: each edition's compare page links to the other's", () => {
    const switcher = (env: typeof defaultSiteEnv) =>
      parseHtml(renderToString(<App data={DATA} env={env} page={ComparePage} />))
        .querySelector('a.nav__lang')
        ?.getAttribute('href');
    assert.equal(switcher(defaultSiteEnv), '/es/compare/');
    assert.equal(switcher({ ...defaultSiteEnv, messages: es }), '/compare/');
  });
});

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
  restoreFetch();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The addresses the last opened page fetched. */
let fetched: string[] = [];

/** The compare page hydrated at `search`, with the facts file served from `list`. */
async function openCompare(
  search: string,
  opts: { list?: unknown; position?: unknown; shortlist?: string[]; data?: ComparePageData } = {},
): Promise<Dom> {
  const d = await setupDom({ url: `http://localhost/compare/${search}` });
  if (opts.position !== undefined) d.window.sessionStorage.setItem(POSITION_KEY, JSON.stringify(opts.position));
  if (opts.shortlist !== undefined) d.window.localStorage.setItem(SHORTLIST_KEY, JSON.stringify(opts.shortlist));
  fetched = serveFacts(opts.list ?? FACTS);
  const ui = <App data={opts.data ?? DATA} env={defaultSiteEnv} page={ComparePage} />;
  const errors = await d.hydrate(ui, renderToString(ui));
  assert.deepEqual(errors, [], 'hydrates without mismatches');
  await settled(d);
  return d;
}

/**
 * Waits until the page has read its address and, when it needs them, loaded the facts (or failed
 * to): neither the shell nor 'Loading…' is shown. A fixed 5 ms was too short on a loaded machine.
 */
async function settled(d: Dom): Promise<void> {
  const loading = [en.compare.loading, es.compare.loading];
  const busy = () =>
    d.container.querySelector('.compare__noscript') !== null ||
    loading.includes(text(d.container.querySelector('.compare__status')));
  const deadline = Date.now() + 10_000;
  do {
    await d.act(async () => {
      await sleep(5);
    });
  } while (busy() && Date.now() < deadline);
}

const headers = (d: Dom) => [...d.container.querySelectorAll('thead th[scope="col"]')].map((th) => text(th));
const rowOf = (d: Dom, label: string) =>
  [...d.container.querySelectorAll('tbody tr')].find((tr) => text(tr.querySelector('th[scope="row"]')) === label);
/** Each school's cell as read aloud: list items joined with commas. */
const cells = (d: Dom, label: string) =>
  [...(rowOf(d, label)?.querySelectorAll('td') ?? [])].map((td) => {
    const items = [...td.querySelectorAll('li')];
    return items.length ? items.map((li) => text(li)).join(', ') : text(td);
  });

describe('the table', () => {
  test('the schools are the column headers, each fact a row', async () => {
    dom = await openCompare('?schools=aspen-ridge,birch-hill');
    assert.deepEqual(headers(dom), ['Aspen Ridge', 'Birch Hill']);
    assert.equal(dom.container.querySelector('thead th a')?.getAttribute('href'), '/schools/aspen-ridge');
    assert.deepEqual(cells(dom, ROW_LABELS.type), ['Charter school', 'District school']);
    assert.deepEqual(cells(dom, ROW_LABELS.arts), ['Band, Choir', 'Theatre']);
    assert.deepEqual(cells(dom, ROW_LABELS.athletics), ['Soccer', COMPARE_TEXT.none]);
    assert.deepEqual(cells(dom, ROW_LABELS.clubs), ['Robotics', 'Chess, Debate']);
    const quote = rowOf(dom, ROW_LABELS.quote)!.querySelectorAll('td');
    assert.equal(text(quote[0]!.querySelector('blockquote')), 'I found my people here.');
    assert.equal(text(quote[0]!.querySelector('figcaption')), 'Maya R., 8th grade');
    assert.equal(text(quote[1]), COMPARE_TEXT.none);
    assert.deepEqual(cells(dom, ROW_LABELS.sections), ['Academics, Arts, Tours', 'Academics']);
    // Named as on the school page, not by the tour's own title ('Visit Aspen Ridge').
    assert.deepEqual(cells(dom, ROW_LABELS.tour), [
      'Schedule A Tour at Aspen Ridge Schedule a Tour (opens in a new tab)',
      'Schedule A Tour at Birch Hill',
    ]);
    const tour = rowOf(dom, ROW_LABELS.tour)!.querySelector('a')!;
    assert.equal(tour.getAttribute('href'), 'https://tours.example.org/aspen');
    assert.deepEqual(
      [...rowOf(dom, ROW_LABELS.page)!.querySelectorAll('a')].map((a) => a.getAttribute('href')),
      ['/schools/aspen-ridge', '/schools/birch-hill'],
    );
    assert.equal(rowOf(dom, ROW_LABELS.distance), undefined, 'no distance row without a known position');
    const region = dom.container.querySelector('.compare__scroller')!;
    assert.equal(region.getAttribute('tabindex'), '0', 'the scrolling region is reachable by keyboard');
    assert.equal(region.getAttribute('role'), 'region');
  });

  test('with a position granted earlier in the visit: the distance row', async () => {
    dom = await openCompare('?schools=aspen-ridge,birch-hill,cedar-park', { position: { lat: 0, lng: 0, at: 1 } });
    assert.deepEqual(cells(dom, ROW_LABELS.distance), ['69.1 miles', '138.2 miles', COMPARE_TEXT.distanceUnknown]);
  });

  test('an unknown name is named and skipped', async () => {
    dom = await openCompare('?schools=aspen-ridge,xyz,birch-hill');
    assert.match(text(dom.container.querySelector('.compare__status')), /No school called “xyz”\./);
    assert.deepEqual(headers(dom), ['Aspen Ridge', 'Birch Hill']);
  });

  test('fewer than 2 known schools: says how to pick them, no table', async () => {
    dom = await openCompare('?schools=aspen-ridge,<script>alert(1)</script>');
    const status = text(dom.container.querySelector('.compare__status'));
    assert.match(status, /No school called “<script>alert\(1\)<\/script>”\./, 'shown as text');
    assert.match(status, new RegExp(COMPARE_TEXT.tooFew(2)));
    assert.equal(dom.container.querySelector('script, table'), null);
    assert.match(text(dom.container.querySelector('.compare__howto')), /Add 2 to 4 schools to your shortlist/);
  });

  test('more than 4: the first 4 and a note', async () => {
    dom = await openCompare('?schools=elm-street,dogwood,cedar-park,birch-hill,aspen-ridge');
    assert.deepEqual(headers(dom), ['Elm Street', 'Dogwood', 'Cedar Park', 'Birch Hill']);
    assert.match(text(dom.container.querySelector('.compare__status')), /the first 4 are shown/);
  });

  test('no schools in the address: how to pick, without loading the facts', async () => {
    dom = await openCompare('');
    assert.deepEqual(fetched, []);
    assert.equal(dom.container.querySelector('table'), null);
    assert.match(text(dom.container.querySelector('.compare__status')), new RegExp(COMPARE_TEXT.tooFew(2)));
  });

  test('opened without schools: the shortlist is compared, and written into the address', async () => {
    dom = await openCompare('', { shortlist: ['cedar-park', 'aspen-ridge'] });
    assert.deepEqual(headers(dom), ['Cedar Park', 'Aspen Ridge']);
    assert.equal(dom.window.location.search, '?schools=cedar-park,aspen-ridge');
  });

  test('addresses from the facts file become links only when safe', async () => {
    const list = [
      { ...FACTS[0], path: 'javascript:alert(1)', tour: { title: 'T', url: 'javascript:alert(2)' } },
      FACTS[1],
    ];
    const data = { ...DATA, factsSrc: '/school-facts.hostile.json' };
    dom = await openCompare('?schools=aspen-ridge,birch-hill', { list, data });
    assert.deepEqual(fetched, ['/school-facts.hostile.json'], 'the page data names the facts file');
    const hrefs = [...dom.container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    assert.ok(hrefs.includes('/schools/aspen-ridge'), 'the school link is built from its slug');
    assert.deepEqual(
      hrefs.filter((h) => /script/i.test(h)),
      [],
    );
    assert.deepEqual(cells(dom, ROW_LABELS.tour)[0], 'Schedule A Tour at Aspen Ridge');
  });

  test('a facts file that cannot be read: says so', async () => {
    // Its own address: the page keeps one successful load per address.
    const data = { ...DATA, factsSrc: '/school-facts.broken.json' };
    dom = await openCompare('?schools=a,b', { list: { not: 'a list' }, data });
    assert.match(text(dom.container.querySelector('.compare__status')), /could not be loaded/);
  });
});
