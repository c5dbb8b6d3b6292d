// The server render splices the navigation's school list (rendered once per export) into every
// page. That is only safe if the page is byte-identical to rendering the list inline, since the
// browser hydrates the inline tree: these tests compare the two for landing and school pages,
// hostile names, the embedded JSON, and the image variants each page reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { render } from '../../src/render.tsx';
import { App } from '../../src/App.tsx';
import { SchoolPage } from '../../src/pages/SchoolPage.tsx';
import { serializePageData } from '../../src/document.ts';
import { serializeForScript } from '../../src/lib/serialize.ts';
import type { ImageVariant } from '../../src/lib/image.ts';
import type { NavSchool, PageData } from '../../src/lib/types.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { sampleSchool } from './helpers/school-fixture.ts';

const nav: NavSchool[] = Array.from({ length: 40 }, (_, i) => ({
  id: `school-${i}`,
  name: i === 3 ? '</ul><script>alert(1)</script> & "Quotes" \u2028' : `School ${String(i).padStart(2, '0')}`,
  description: `Description ${i}`,
  link: `/schools/school-${i}`,
  icon: i % 5 === 0 ? null : { asset: { _ref: `image-${'abc123'.repeat(2)}${i % 3}-512x512-png` }, ...(i % 4 === 0 ? { hotspot: { x: 0.3, y: 0.6, width: 0.5, height: 0.5 } } : {}) },
}));

const envWith = (collect: ImageVariant[], selfHostBase: string | null): SiteEnv => ({
  images: { projectId: 'p', dataset: 'production', imageHost: 'https://img.test', selfHostBase, onVariant: (v) => collect.push(v) },
  base: '/theme/',
  preview: null,
});

const inline = (data: PageData, env: SiteEnv) => renderToString(<App data={data} env={env} schoolPage={SchoolPage} />);

for (const selfHostBase of [null, '/theme/']) {
  test(`spliced render equals the inline render, with the same image variants (selfHostBase ${selfHostBase})`, () => {
    const school = sampleSchool();
    const pages: [string, PageData][] = [
      ['/', { page: 'landing', nav, cards: [] }],
      [`/schools/${school.slug}`, { page: 'school', nav, school }],
    ];
    for (const [url, data] of pages) {
      for (let round = 0; round < 2; round++) { // the second round is served from the memo
        const a: ImageVariant[] = [];
        const b: ImageVariant[] = [];
        const spliced = render(url, data, envWith(a, selfHostBase));
        const plain = inline(data, envWith(b, selfHostBase));
        assert.equal(spliced, plain, `${url} round ${round}`);
        assert.deepEqual(a, b, `${url}: variants reported`);
        assert.ok(!spliced.includes('data-list-splice'), 'no placeholder left');
        assert.equal(spliced.split('<ul class="school-list">').length - 1, 2, 'dropdown and mobile menu lists');
      }
    }
  });
}

test('a different navigation array or environment is never served from another one\'s memo', () => {
  const other = nav.map((n) => ({ ...n, name: `${n.name} (renamed)` }));
  const data = (list: NavSchool[]): PageData => ({ page: 'landing', nav: list, cards: [] });
  const one = render('/', data(nav), envWith([], null));
  const two = render('/', data(other), envWith([], null));
  assert.ok(two.includes('School 01 (renamed)') && !one.includes('(renamed)'));
  const hosted = render('/', data(nav), envWith([], '/elsewhere/'));
  assert.ok(hosted.includes('src="/elsewhere/media/') && !one.includes('/elsewhere/'));
});

test('short lists render inline and still equal the plain render', () => {
  const data: PageData = { page: 'landing', nav: nav.slice(0, 3), cards: [] };
  assert.equal(render('/', data, envWith([], null)), inline(data, envWith([], null)));
});

test('embedded page data with the memoised navigation JSON equals serialising it whole', () => {
  const school = sampleSchool();
  const evil = { ...school, title: '\u0000nav', subtitle: '"\\u0000nav"' };
  for (const data of [
    { page: 'landing', nav, cards: [] },
    { page: 'school', nav, school },
    { page: 'school', nav, school: evil },
    { page: 'school', nav: nav.slice(0, 2), school },
    { page: 'school', nav: null, school },
  ] as PageData[]) {
    assert.equal(serializePageData(data), serializeForScript(data));
    assert.equal(serializePageData(data), serializeForScript(data), 'memoised second call');
  }
});

test('a shared navigation file: the page embeds nav null, preloads the file under the id the browser entry reads, and keeps every link', async () => {
  const { renderDocument } = await import('../../src/document.ts');
  const { landingSeo } = await import('../../src/lib/seo.ts');
  const { NAV_ID, DATA_ID } = await import('../../src/lib/serialize.ts');
  const data: PageData = { page: 'landing', nav, cards: [] };
  const env = envWith([], '/theme/');
  const appHtml = render('/', data, env);
  const doc = renderDocument({
    appHtml, data, env, seo: landingSeo(null, { siteUrl: null, base: '/theme/', urls: { width: () => null, crop: () => null } }),
    themeColor: '#862633', assets: { css: [], entry: '/e.js' }, navSrc: '/theme/assets/nav-0123456789.json',
  });
  assert.ok(doc.includes(`<link rel="preload" href="/theme/assets/nav-0123456789.json" as="fetch" crossorigin="anonymous" id="${NAV_ID}">`));
  const embedded = JSON.parse(new RegExp(`id="${DATA_ID}">([^<]*)<`).exec(doc)![1]!) as { nav: unknown };
  assert.equal(embedded.nav, null);
  for (const n of nav) assert.ok(doc.includes(`href="${n.link}"`), `${n.link} is still in the HTML`);
  const inline = renderDocument({
    appHtml, data, env, seo: landingSeo(null, { siteUrl: null, base: '/theme/', urls: { width: () => null, crop: () => null } }),
    themeColor: '#862633', assets: { css: [], entry: '/e.js' },
  });
  assert.ok(!inline.includes(NAV_ID));
  assert.deepEqual((JSON.parse(new RegExp(`id="${DATA_ID}">([^<]*)<`).exec(inline)![1]!) as { nav: unknown }).nav, JSON.parse(serializeForScript(nav)));
});
