// Phones must download images at about the size they draw them (Lighthouse uses-responsive-images):
// srcset candidates for the school hero, logo and landing cards, every candidate reported to the
// export (which writes the files), one preload for the LCP image that names the candidates, and
// the district's video poster in smaller copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'react-dom/server';
import { render } from '../../render/render.tsx';
import { renderDocument } from '../../render/document.ts';
import { SRCSET_WIDTHS, srcSetOf, type ImageVariant } from '../../src/lib/images/image.ts';
import { TestimonialBanner } from '../../src/components/landing/TestimonialBanner.tsx';
import { SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import { landingSeo } from '../../src/lib/seo.ts';
import type { PageData } from '../../src/routes.ts';
import { sampleSchool } from './helpers/school-fixture.ts';
import { sampleCopy } from './helpers/landing-copy.ts';

// The sample district's landing page: its hero poster is the testimonial video's poster.
const COPY = sampleCopy('en');

const env = (collect: ImageVariant[] = [], preview: SiteEnv['preview'] = null): SiteEnv => ({
  images: {
    projectId: 'p',
    dataset: 'production',
    imageHost: 'https://img.test',
    selfHostBase: '/',
    onVariant: (v) => collect.push(v),
  },
  base: '/',
  preview,
});
const v = (width: number): ImageVariant => ({ src: `/m/${width}.webp`, remote: `r${width}`, width, height: width });

test('srcSetOf: ascending, one candidate per width, nothing for a single width', () => {
  assert.equal(srcSetOf([v(900), null, v(640), v(900)]), '/m/640.webp 640w, /m/900.webp 900w');
  assert.equal(srcSetOf([v(240), v(240), null]), undefined);
});

test('school page: hero and logo carry srcset candidates, all reported to the export', () => {
  const school = sampleSchool();
  const used: ImageVariant[] = [];
  const html = render(`/schools/${school.slug}`, { page: 'school', nav: [], school } as PageData, env(used));
  const hero = /<img [^>]*class="school-header__hero-img"[^>]*>/.exec(html)?.[0] ?? '';
  const heroSet = /srcSet="([^"]+)"/.exec(hero)?.[1] ?? '';
  assert.ok(heroSet, 'hero has a srcset');
  const widths = heroSet.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)?.[1]));
  assert.deepEqual(
    widths,
    widths.slice().sort((a, b) => a - b),
  );
  assert.ok(widths.length >= 2 && widths.every((w) => (SRCSET_WIDTHS.hero as readonly number[]).includes(w)));
  assert.match(hero, /sizes="100vw"/);
  assert.match(hero, /fetchPriority="high"/);
  for (const c of heroSet.split(', '))
    assert.ok(
      used.some((u) => u.src === c.split(' ')[0]),
      `${c} is reported, so the export writes it`,
    );
  const logo = /<img [^>]*class="school-header__logo"[^>]*>/.exec(html)?.[0] ?? '';
  // The spec fixes the logo at 240 wide: one width, so no srcset (and so no sizes either).
  assert.match(logo, /width="240"/);
  assert.ok(!/srcSet=|sizes=/.test(logo), logo);
  // Every candidate is one of the spec's widths (section 9) or the landing crop's 800.
  for (const w of widths) assert.ok([64, 240, 640, 800, 900, 1280, 1920].includes(w), `${w} is a spec width`);
});

test('a static hero image (no content-service asset) has no srcset or sizes', () => {
  const school = { ...sampleSchool(), image: null, staticImage: 'https://example.org/hero.jpg' };
  const html = render(`/schools/${school.slug}`, { page: 'school', nav: [], school } as PageData, env());
  const hero = /<img [^>]*class="school-header__hero-img"[^>]*>/.exec(html)?.[0] ?? '';
  assert.ok(hero.includes('src="https://example.org/hero.jpg"'));
  assert.ok(!/srcSet=|sizes=/.test(hero));
});

test('the LCP image is preloaded once: by its candidates when it has a srcset', () => {
  const school = sampleSchool();
  const data = { page: 'school', nav: [], school } as PageData;
  const appHtml = render(`/schools/${school.slug}`, data, env());
  const src = /<img src="([^"]+)"[^>]*fetchPriority="high"/.exec(appHtml)![1]!;
  const doc = renderDocument({
    appHtml,
    data,
    env: env(),
    seo: landingSeo(null, { siteUrl: null, base: '/', urls: { width: () => null, crop: () => null } }),
    themeColor: '#862633',
    assets: { css: [], entry: '/e.js' },
    lcpImage: { src },
  });
  const head = doc.slice(0, doc.indexOf('</head>'));
  const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)]
    .map((m) => m[0])
    .filter((t) => t.includes('/media/'));
  assert.equal(preloads.length, 1, preloads.join('\n'));
  assert.match(preloads[0]!, /imageSrcSet="[^"]*640w[^"]*" imageSizes="100vw" fetchPriority="high"/);
});

test("video poster: the district's hero poster in smaller copies, each reported to the export; none without one", () => {
  const used: ImageVariant[] = [];
  const exported = renderToString(
    <SiteEnvProvider env={env(used)}>
      <TestimonialBanner copy={COPY} />
    </SiteEnvProvider>,
  );
  assert.match(
    exported,
    /<img class="video-facade__poster" src="\/media\/[0-9a-f]{40}-1280x720-[0-9a-f]{8}\.webp" srcSet="\/media\/[^"]+-480x270-[^"]+ 480w, [^"]+ 800w, [^"]+ 1280w" sizes="[^"]+"/,
  );
  assert.deepEqual(
    used.map((u) => u.width),
    [480, 800, 1280],
  );
  const bare = renderToString(
    <SiteEnvProvider env={env()}>
      <TestimonialBanner copy={{ ...COPY, testimonial: { ...COPY.testimonial, poster: null } }} />
    </SiteEnvProvider>,
  );
  assert.doesNotMatch(bare, /video-facade__poster/);
});
