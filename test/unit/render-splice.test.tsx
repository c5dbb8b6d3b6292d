// The server render splices the navigation's school list (rendered once per export) into every
// page. That is only safe if the page is byte-identical to rendering the list inline, since the
// browser hydrates the inline tree: these tests compare the two for landing and school pages,
// hostile names, the embedded JSON, and the image variants each page reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { render } from '../../render/render.tsx';
import { App } from '../../src/App.tsx';
import { SchoolPage } from '../../src/pages/SchoolPage.tsx';
import { serializePageData } from '../../render/document.ts';
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
  icon:
    i % 5 === 0
      ? null
      : {
          asset: { _ref: `image-${'abc123'.repeat(2)}${i % 3}-512x512-png` },
          ...(i % 4 === 0 ? { hotspot: { x: 0.3, y: 0.6, width: 0.5, height: 0.5 } } : {}),
        },
}));

const envWith = (collect: ImageVariant[], selfHostBase: string | null): SiteEnv => ({
  images: {
    projectId: 'p',
    dataset: 'production',
    imageHost: 'https://img.test',
    selfHostBase,
    onVariant: (v) => collect.push(v),
  },
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
      for (let round = 0; round < 2; round++) {
        // the second round is served from the memo
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

test("a different navigation array or environment is never served from another one's memo", () => {
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

test('a shared navigation file: the page embeds nav null, names the file in its environment, and carries no list', async () => {
  const { renderDocument } = await import('../../render/document.ts');
  const { landingSeo } = await import('../../src/lib/seo.ts');
  const { DATA_ID, ENV_ID } = await import('../../src/lib/serialize.ts');
  const seo = landingSeo(null, { siteUrl: null, base: '/theme/', urls: { width: () => null, crop: () => null } });
  const shared: SiteEnv = { ...envWith([], '/theme/'), navSrc: '/theme/navigation.json' };
  const data: PageData = { page: 'landing', nav: null, cards: [] };
  const doc = renderDocument({
    appHtml: render('/', data, shared),
    data,
    env: shared,
    seo,
    themeColor: '#862633',
    assets: { css: [], entry: '/e.js' },
  });
  const json = (id: string, html: string) =>
    JSON.parse(new RegExp(`id="${id}">([^<]*)<`).exec(html)![1]!) as Record<string, unknown>;
  assert.equal(json(DATA_ID, doc).nav, null);
  assert.equal(json(ENV_ID, doc).navSrc, '/theme/navigation.json');
  assert.ok(!doc.includes('href="/schools/'), 'no school links in the page');
  assert.ok(
    !doc.includes('rel="preload" href="/theme/navigation.json"'),
    'loaded after hydration, not competing with the page',
  );
  // Inline: the list is in the data and the HTML, and the environment names no file.
  const env = envWith([], '/theme/');
  const inlineData: PageData = { page: 'landing', nav, cards: [] };
  const inline = renderDocument({
    appHtml: render('/', inlineData, env),
    data: inlineData,
    env,
    seo,
    themeColor: '#862633',
    assets: { css: [], entry: '/e.js' },
  });
  assert.equal(json(ENV_ID, inline).navSrc, undefined);
  assert.deepEqual(json(DATA_ID, inline).nav, JSON.parse(serializeForScript(nav)));
  for (const n of nav) assert.ok(inline.includes(`href="${n.link}"`), `${n.link} is in the HTML`);
});
