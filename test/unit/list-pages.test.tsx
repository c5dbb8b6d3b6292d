// The lists that grow with the district (every school, a ZIP code's schools) a page at a time: the
// groups keep their order across pages, each page has its own address and file, and the way between
// the pages is plain links.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { groupPages, LIST_PAGE_CARDS, listPager, listPageTitle } from '../../src/lib/family-tools/list-pages.ts';
import { Pager, pagerNumbers } from '../../src/components/Pager.tsx';
import { allSchoolsPath, matchRoute, routeFile, zipPath } from '../../src/routes.ts';
import { parseHtml } from './helpers/html.ts';

test('groups are cut into pages in their order, each page holding its share of each group', () => {
  const zoned = ['z1', 'z2'];
  const open = Array.from({ length: 5 }, (_, i) => `o${i}`);
  const other = ['x1'];
  const pages = groupPages({ zoned, open, other }, 3);
  assert.deepEqual(pages, [
    { zoned: ['z1', 'z2'], open: ['o0'], other: [] },
    { zoned: [], open: ['o1', 'o2', 'o3'], other: [] },
    { zoned: [], open: ['o4'], other: ['x1'] },
  ]);
  assert.deepEqual(groupPages({ cards: [] as string[] }), [{ cards: [] }], 'an empty list is one page');
  const many = Array.from({ length: LIST_PAGE_CARDS * 2 + 1 }, (_, i) => i);
  assert.deepEqual(
    groupPages({ cards: many }).map((p) => p.cards.length),
    [LIST_PAGE_CARDS, LIST_PAGE_CARDS, 1],
  );
});

test('each further page has its own address and file; page 1 is the list itself', () => {
  assert.equal(allSchoolsPath('en', 2), '/schools/page/2/');
  assert.equal(allSchoolsPath('es', 1), '/es/schools/');
  assert.equal(zipPath('80007', 'es', 3), '/es/zip/80007/page/3/');
  assert.deepEqual(matchRoute('/schools/page/2/'), { page: 'schools', lang: 'en', n: 2 });
  assert.deepEqual(matchRoute('/es/zip/80007/page/12'), { page: 'zip', zip: '80007', lang: 'es', n: 12 });
  assert.deepEqual(matchRoute('/schools/page/2/index.html'), { page: 'schools', lang: 'en', n: 2 });
  assert.equal(routeFile({ page: 'schools', lang: 'en', n: 2 }), 'schools/page/2/index.html');
  assert.equal(routeFile({ page: 'zip', zip: '80007', lang: 'es', n: 3 }), 'es/zip/80007/page/3/index.html');
  // No second address for page 1, and no page 0: those paths show the landing page, as any unknown one does.
  for (const p of ['/schools/page/1/', '/schools/page/0/', '/zip/80007/page/01/'])
    assert.equal(matchRoute(p).page, 'landing', p);
  assert.throws(() => routeFile({ page: 'schools', lang: 'en', n: 1 }), /no address of its own/);
  // A school whose slug is 'page' keeps its own page.
  assert.deepEqual(matchRoute('/schools/page'), { page: 'school', slug: 'page', lang: 'en' });
});

test('the pager says where the visitor is and links the first, last and nearby pages', () => {
  assert.equal(listPager(1, 1, 'en'), null, 'a list of one page has no pager');
  assert.deepEqual(pagerNumbers(1, 3), [1, 2, 3]);
  assert.deepEqual(pagerNumbers(10, 20), [1, 0, 8, 9, 10, 11, 12, 0, 20]);
  const pager = listPager(2, 5, 'es')!;
  assert.equal(listPageTitle('Todas las escuelas intermedias', pager), 'Todas las escuelas intermedias: Página 2 de 5');
  assert.equal(listPageTitle('All', listPager(1, 5, 'en')), 'All');
  const doc = parseHtml(renderToString(<Pager pager={pager} hrefOf={(k) => allSchoolsPath('es', k)} />));
  const links = [...doc.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
  assert.deepEqual(links, [
    ['Página anterior', '/es/schools/'],
    ['1', '/es/schools/'],
    ['2', '/es/schools/page/2/'],
    ['3', '/es/schools/page/3/'],
    ['4', '/es/schools/page/4/'],
    ['5', '/es/schools/page/5/'],
    ['Página siguiente', '/es/schools/page/3/'],
  ]);
  assert.equal(doc.querySelector('[aria-current="page"]')?.textContent, '2');
  assert.equal(doc.querySelector('nav')?.getAttribute('aria-label'), 'Páginas');
});
