// The server render is the <App> the browser hydrates, rendered as is: these tests compare it
// with a plain renderToString for landing and school pages with hostile names, check the image
// variants, the priority image and the warnings each page reports through its environment (no
// console patching), the embedded JSON, and the shared navigation file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { pageComponent, render } from '../../render/render.tsx';
import { App } from '../../src/App.tsx';
import { serializePageData } from '../../render/document.ts';
import { serializeForScript } from '../../src/lib/serialize.ts';
import type { ImageVariant } from '../../src/lib/images/image.ts';
import type { NavSchool } from '../../src/lib/content/types.ts';
import type { PageData } from '../../src/routes.ts';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import { sampleSchool } from './helpers/school-fixture.ts';
import { createWarnings, warningText } from '../../src/lib/warn.ts';
import { builtinCopy } from './helpers/landing-copy.ts';

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

const inline = (data: PageData, env: SiteEnv) =>
  renderToString(<App data={data} env={env} page={pageComponent(data.page)} />);

for (const selfHostBase of [null, '/theme/']) {
  test(`render equals the plain App render, with the same image variants (selfHostBase ${selfHostBase})`, () => {
    const school = sampleSchool();
    const pages: [string, PageData][] = [
      ['/', { page: 'landing', nav, cards: [], copy: builtinCopy() }],
      [`/schools/${school.slug}`, { page: 'school', nav, school }],
    ];
    for (const [url, data] of pages) {
      const a: ImageVariant[] = [];
      const b: ImageVariant[] = [];
      const html = render(url, data, envWith(a, selfHostBase));
      assert.equal(html, inline(data, envWith(b, selfHostBase)), url);
      assert.deepEqual(a, b, `${url}: variants reported`);
      assert.equal(html.split('<ul class="school-list">').length - 1, 2, 'dropdown and mobile menu lists');
      assert.ok(!html.includes('<template'), 'no placeholders');
    }
  });
}

test('the priority image is reported to the environment, first one only', () => {
  const school = sampleSchool();
  const seen: string[] = [];
  const html = render(
    `/schools/${school.slug}`,
    { page: 'school', nav: [], school },
    { ...envWith([], '/theme/'), onPriorityImage: (src) => seen.push(src) },
  );
  assert.equal(seen.length, 1);
  assert.match(
    html,
    new RegExp(`<img [^>]*src="${seen[0]}"[^>]*fetchpriority="high"`, 'i'),
    'the reported image is the priority <img>',
  );
  render(
    '/',
    { page: 'landing', nav: [], cards: [], copy: builtinCopy() },
    { ...envWith([], null), onPriorityImage: (src) => seen.push(src) },
  );
  assert.equal(seen.length, 1, 'the landing page has none');
});

test("unknown content warns to the page's sink, once per kind, never to the console", () => {
  const school = sampleSchool();
  const blocks = [
    { _type: 'mystery', _key: 'a' },
    { _type: 'mystery', _key: 'b' },
    { _type: 'other', _key: 'c' },
  ];
  const odd = {
    ...school,
    sectionRepeater: [{ _key: 's', _type: 'section', title: 'Odd', href: 'odd', blocks }],
  } as typeof school;
  const realWarn = console.warn;
  let consoleCalls = 0;
  console.warn = () => {
    consoleCalls++;
  };
  try {
    for (let page = 0; page < 2; page++) {
      const got: string[] = [];
      render(
        `/schools/${school.slug}`,
        { page: 'school', nav: [], school: odd },
        { ...envWith([], null), warnings: createWarnings((m) => got.push(warningText(m))) },
      );
      assert.deepEqual(
        got,
        [
          'block: unknown block type "mystery"; nothing is shown for it',
          'block: unknown block type "other"; nothing is shown for it',
        ],
        `page ${page}`,
      );
    }
  } finally {
    console.warn = realWarn;
  }
  assert.equal(consoleCalls, 0);
});

test('embedded page data is the data serialised for a script element', () => {
  const school = sampleSchool();
  const evil = { ...school, title: '\u0000nav', subtitle: '"\\u0000nav"' };
  for (const data of [
    { page: 'landing', nav, cards: [], copy: builtinCopy() },
    { page: 'school', nav, school },
    { page: 'school', nav, school: evil },
    { page: 'school', nav: null, school },
  ] as PageData[])
    assert.equal(serializePageData(data), serializeForScript(data));
});

test('a shared navigation file: the page embeds nav null, names the file in its environment, and carries no list', async () => {
  const { renderDocument } = await import('../../render/document.ts');
  const { landingSeo } = await import('../../src/lib/seo.ts');
  const { DATA_ID, ENV_ID } = await import('../../src/lib/serialize.ts');
  const seo = landingSeo(null, { siteUrl: null, base: '/theme/', urls: { width: () => null, crop: () => null } });
  const shared: SiteEnv = { ...envWith([], '/theme/'), navSrc: '/theme/navigation.json' };
  const data: PageData = { page: 'landing', nav: null, cards: [], copy: builtinCopy() };
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
  const inlineData: PageData = { page: 'landing', nav, cards: [], copy: builtinCopy() };
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
