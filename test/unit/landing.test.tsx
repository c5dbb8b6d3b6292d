// The landing page as families see it, with the sample district's own landing page and settings
// (its binding copy and statistics, five panels, three highlights, testimonial and video are its
// content): the school grid in the given order with 800x600 crops and 'Learn more' links, every
// link present in the server HTML, hydration without mismatch, and the hash scroll once data is in.
// Without a district's landing page, the parts only a district can say are left out.
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { App } from '../../src/App.tsx';
import { LandingPage } from '../../src/pages/LandingPage.tsx';
import { landingSectionFromHash } from '../../src/pages/LandingPage.tsx';
import type { SiteEnv } from '../../src/SiteEnv.tsx';
import type { LandingCard, NavSchool } from '../../src/lib/content/types.ts';
import type { LandingPageData } from '../../src/pages/LandingPage.tsx';
import { mapLandingGrid } from '../../src/lib/content/mapping.ts';
import { setupDom, type Dom } from './helpers/dom.ts';
import { imageOf, landingRowWith } from './helpers/school-fixture.ts';
import { builtinCopy, sampleCopy, sampleSettings } from './helpers/landing-copy.ts';

const COPY = sampleCopy('en', '/theme/');
const SETTINGS = sampleSettings('en', '/theme/');
const env: SiteEnv = {
  images: { projectId: 'test', dataset: 'production', imageHost: 'https://img.test' },
  base: '/theme/',
  settings: SETTINGS,
};
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const cards: LandingCard[] = mapLandingGrid([
  landingRowWith({
    _id: 'z',
    title: 'Zephyr Middle School',
    slug: 'zephyr',
    seoDescription: 'Arts and sciences on the hill.',
    mainImage: imageOf('image-zzz999-1600x1200-jpg', { hotspot: { x: 0.3, y: 0.4 } }),
  }),
  landingRowWith({
    _id: 'a',
    title: 'Aspen Middle School',
    slug: 'aspen',
    seoDescription: 'STEM focus & a big "garden".',
    mainImage: imageOf('image-aaa111-2000x1500-jpg'),
  }),
  landingRowWith({ _id: 'g', title: 'Guide to Enrollment', slug: 'guide', seoDescription: '' }),
  landingRowWith({ _id: 'm', title: 'Maple Middle School', slug: 'maple', seoDescription: '' }),
]);
const nav: NavSchool[] = [
  { id: 'a', name: 'Aspen Middle School', description: '', link: '/schools/aspen', icon: null },
];
const data: LandingPageData = { page: 'landing', nav, cards, copy: COPY, settings: SETTINGS };

let dom: Dom | null = null;
afterEach(() => {
  dom?.cleanup();
  dom = null;
});

const serverHtml = (d: LandingPageData = data) => renderToString(<App data={d} env={env} page={LandingPage} />);

test('hero copy: headline, tagline and superintendent quote', () => {
  const html = serverHtml();
  assert.match(html, /<h1[^>]*>Guide to Middle School Options<\/h1>/);
  assert.ok(text(html).includes('Step into a world of possibility'));
  assert.ok(text(html).includes(COPY.superintendentQuote.quote));
  assert.ok(text(html).includes(COPY.superintendentQuote.name));
});

test('the six statistics, exactly as specified', () => {
  const html = serverHtml();
  const stats = [
    ...html.matchAll(
      /<span class="landing-stats__value">([^<]+)<\/span> ?(?:<!-- -->)?<span class="landing-stats__label">([^<]+)<\/span>/g,
    ),
  ].map((m) => `${m[1]} ${m[2]!.toLowerCase()}`);
  assert.deepEqual(stats, [
    '12 high school focus programs',
    '24.5 credits to graduate',
    '40+ career and technical programs',
    '80% co-curricular participation',
    '94.3% graduation rate',
    '500+ partners',
  ]);
});

test('the five advantage panels, their outbound links, and the cited figures', () => {
  const html = serverHtml();
  const plain = text(html);
  const titles = [
    'Rigorous Academic Preparation',
    'Advancing Excellence',
    'Open Enrollment Information',
    'District Awards',
    'Safety and Well-Being',
  ];
  assert.deepEqual(
    COPY.panels.map((p) => p.title),
    titles,
  );
  // Collapsible without JavaScript: each panel is a <details> with its title in the summary.
  for (const t of titles)
    assert.match(
      html,
      new RegExp(
        `<details class="accordion"[^>]*><summary class="accordion__summary"><h3 class="accordion__heading">${t}</h3>`,
      ),
    );
  assert.ok(plain.includes('70+ programs'));
  assert.ok(plain.includes('over $45 million on safety'));
  for (const panel of COPY.panels)
    for (const link of panel.links) assert.ok(html.includes(`href="${link.href}">${link.label}</a>`), link.href);
});

test('the video testimonial and the three academic highlights', () => {
  const html = serverHtml();
  const plain = text(html);
  assert.ok(plain.includes(COPY.testimonial.quote));
  assert.ok(plain.includes(COPY.testimonial.student));
  assert.ok(html.includes(`aria-label="Play video: ${COPY.testimonial.title}"`));
  // The facade's poster is the district's hero poster (an image asset), in smaller copies for phones.
  assert.match(
    html,
    /<img class="video-facade__poster" src="https:\/\/img\.test\/images\/test\/production\/[0-9a-f]{40}-1920x1080\.jpg\?w=1280&amp;[^"]*" srcSet="[^"]*w=480[^"]* 480w, /,
  );
  const highlights = [...html.matchAll(/<h3 class="landing-academics__title">([^<]+)<\/h3>/g)].map((m) => m[1]);
  assert.deepEqual(highlights, [
    'Honors and Advanced Coursework',
    'Focus Program Pathways',
    'Individualized Career and Academic Plans',
  ]);
});

test('section menu links to the three anchors, each of which exists', () => {
  const html = serverHtml();
  const menu = /<nav class="section-menu"[^>]*aria-label="([^"]+)"[\s\S]*?<\/nav>/.exec(html);
  assert.ok(menu);
  const hrefs = [...menu[0].matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(hrefs, ['advantage', 'academics', 'options']);
  for (const id of hrefs) assert.ok(html.includes(`id="${id}"`), id);
  assert.ok(
    html.indexOf('id="advantage"') < html.indexOf('id="academics"') &&
      html.indexOf('id="academics"') < html.indexOf('id="options"'),
  );
});

test("'Your School. Your Choice.': cards in the given order with 800x600 crops, descriptions and 'Learn more' links", () => {
  const html = serverHtml();
  assert.ok(text(html).includes('Your School. Your Choice.'));
  const grid = html.slice(html.indexOf('<ul class="school-grid">'));
  const titles = [...grid.matchAll(/<h3 class="school-card__title">([^<]+)<\/h3>/g)].map((m) => m[1]);
  assert.deepEqual(titles, ['Aspen Middle School', 'Maple Middle School', 'Zephyr Middle School']);
  const learnMore = [...grid.matchAll(/<a class="school-card__link button" href="([^"]+)">Learn more/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(learnMore, ['/schools/aspen', '/schools/maple', '/schools/zephyr']);
  assert.ok(grid.includes('STEM focus &amp; a big &quot;garden&quot;.'), 'description escaped');
  const imgs = [...grid.matchAll(/<img src="([^"]+)" width="(\d+)" height="(\d+)" alt=""/g)];
  assert.equal(imgs.length, 2, 'Maple has no image: placeholder, no <img>');
  for (const [, src, w, h] of imgs) {
    assert.equal(w, '800');
    assert.equal(h, '600');
    const url = new URL(src!.replace(/&amp;/g, '&'));
    assert.equal(url.searchParams.get('w'), '800');
    assert.equal(url.searchParams.get('h'), '600');
    assert.equal(url.searchParams.get('fit'), 'crop');
    assert.equal(url.searchParams.get('q'), '90');
  }
  assert.ok(imgs[0]![1]!.includes('aaa111-2000x1500.jpg'));
  assert.ok(imgs[1]![1]!.includes('zzz999-1600x1200.jpg'));
});

test('an empty grid says so instead of showing nothing', () => {
  const html = serverHtml({ ...data, cards: [] });
  assert.ok(!html.includes('<ul class="school-grid">'));
  assert.match(html, /<p class="landing-options__empty" role="status">No schools found<\/p>/);
});

test('without JavaScript every link is in the server HTML, with no off-site media', () => {
  const html = serverHtml();
  for (const href of [
    '/',
    SETTINGS.elementaryLink!.href,
    SETTINGS.highSchoolLink!.href,
    '/schools/aspen',
    '/schools/maple',
    '/schools/zephyr',
    '#advantage',
    '#academics',
    '#options',
    '#main',
    SETTINGS.guideSrc!,
  ]) {
    assert.ok(html.includes(`href="${href}"`), href);
  }
  // The hero video carries no sources until a wide screen asks for them after mount.
  assert.match(html, /<video [^>]*preload="none"[^>]*><\/video>/);
  assert.ok(!/<source/.test(html));
  assert.ok(!/autoplay/i.test(html.match(/<video[^>]*>/)![0]));
  // Media on the page is local or from the image service: nothing else loads from another host.
  for (const [, src] of html.matchAll(/\ssrc="([^"]+)"/g)) {
    assert.ok(src!.startsWith('/theme/') || src!.startsWith('https://img.test/'), src);
  }
});

test('the default theme is #862633', () => {
  assert.match(
    serverHtml(),
    /<div class="site" style="--theme:#862633;--theme-light:#86263311;--theme-contrast:#ffffff;--theme-text:#862633">/,
  );
});

test('hydrates the exported HTML without a mismatch', async () => {
  dom = await setupDom({ width: 1280 });
  const errors = await dom.hydrate(<App data={data} env={env} page={LandingPage} />, serverHtml());
  assert.deepEqual(errors, []);
  // Scripted forms took over after hydration.
  assert.ok(dom.container.querySelector('.nav__list button.nav-dropdown__toggle'));
  assert.ok(dom.container.querySelector('button.mobile-menu__toggle'));
});

test('landingSectionFromHash accepts only the three section ids', () => {
  assert.equal(landingSectionFromHash('#academics'), 'academics');
  assert.equal(landingSectionFromHash('options'), 'options');
  assert.equal(landingSectionFromHash('#main'), null);
  assert.equal(landingSectionFromHash('#%E0%A4%A'), null);
  assert.equal(landingSectionFromHash(''), null);
});

/** The window.scrollTo arguments recorded during each step. */
async function scrollCalls(url: string, steps: ((d: Dom) => Promise<void>)[]): Promise<ScrollToOptions[][]> {
  dom = await setupDom({ url, width: 1280 });
  const calls: ScrollToOptions[] = [];
  dom.window.scrollTo = ((opts: ScrollToOptions) => {
    calls.push(opts);
  }) as typeof dom.window.scrollTo;
  const results: ScrollToOptions[][] = [];
  for (const step of steps) {
    await step(dom);
    results.push(calls.splice(0));
  }
  return results;
}

test('a section hash scrolls smoothly to that section once the data is there, and only once', async () => {
  const [beforeData, withData, refreshed] = await scrollCalls('http://localhost/#academics', [
    (d) => d.render(<App data={null} env={env} page={LandingPage} />),
    (d) => d.render(<App data={data} env={env} page={LandingPage} />),
    (d) => d.render(<App data={{ ...data, cards: cards.slice(1) }} env={env} page={LandingPage} />),
  ]);
  assert.deepEqual(beforeData, [], 'no scroll while there is no data');
  assert.equal(withData!.length, 1);
  assert.deepEqual(Object.keys(withData![0]!).sort(), ['behavior', 'top']);
  assert.equal(withData![0]!.behavior, 'smooth');
  assert.deepEqual(refreshed, [], 'a data refresh does not scroll again');
});

test('a hash that is not a landing section does not scroll', async () => {
  const [calls] = await scrollCalls('http://localhost/#somewhere-else', [
    (d) => d.render(<App data={data} env={env} page={LandingPage} />),
  ]);
  assert.deepEqual(calls, []);
});

test("without a district's landing page: neutral headings, and nothing only a district can say", () => {
  const bare: LandingPageData = { page: 'landing', nav, cards, copy: builtinCopy() };
  const html = serverHtml(bare);
  assert.match(html, /<h1[^>]*>Guide to Middle School Options<\/h1>/);
  assert.ok(text(html).includes('Your School. Your Choice.'));
  for (const part of [
    'landing-hero__quote',
    'landing-stats',
    'accordion',
    'landing-testimonial',
    'landing-academics',
    '<video',
  ])
    assert.ok(!html.includes(part), `${part} is shown`);
  // The section menu names only the sections shown.
  const menu = /<nav class="section-menu"[\s\S]*?<\/nav>/.exec(html)![0];
  assert.deepEqual(
    [...menu.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]),
    ['options'],
  );
  assert.ok(!html.includes('id="advantage"') && !html.includes('id="academics"'));
});
