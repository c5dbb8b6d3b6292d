// Acceptance tests of `npm run export` through the real CLI: the files a static host needs, the
// head each page carries, byte-identical output for the same content, and the asset base path.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  DATASET,
  embeddedJson,
  expectedSlugs,
  listFiles,
  read,
  readDataset,
  removeDir,
  runExport,
  tempDir,
} from './export-helpers.ts';
import { FIRST_LOAD_JS_BUDGET } from '../../bench/lib/targets.ts';

const SITE = 'https://schools.example.org';
const work = tempDir('export');
const outA = path.join(work, 'a');
const outB = path.join(work, 'b');
const docs = readDataset(DATASET);
const slugs = expectedSlugs(docs);
/** The district's ZIP codes (siteSettings.zipCodes): a page each, in both editions. */
const zips = ((docs.find((d) => d._id === 'siteSettings')?.zipCodes ?? []) as { zip: string }[]).map((z) => z.zip);
// The dataset's own name for its district (the sample's siteSettings), which titles end with.
const DISTRICT_NAME = String(docs.find((d) => d._id === 'siteSettings')?.districtName ?? '');
let first: Awaited<ReturnType<typeof runExport>>;

before(async () => {
  first = await runExport(['--content', DATASET, '--out', outA, '--site-url', SITE]);
});
after(() => removeDir(work));

const isWebp = (b: Buffer) =>
  b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';

describe(`export of ${path.relative(process.cwd(), DATASET)}`, () => {
  test('exits 0 with a summary of pages, images, bytes and time', () => {
    assert.equal(first.code, 0, first.stderr);
    assert.match(
      first.stdout,
      new RegExp(
        `Exported ${slugs.length * 2 + zips.length * 2 + 6} pages \\(${slugs.length} schools\\), \\d+ images, \\d+ files, [\\d.]+ [KM]?B to .* in [\\d.]+ m?s`,
      ),
    );
    assert.match(first.stdout, /JS first load [\d.]+ KB gzip/);
  });

  test('writes every page a static host needs, and only published valid schools', () => {
    const files = listFiles(outA);
    for (const f of ['index.html', '404.html', 'sitemap.xml', 'robots.txt']) assert.ok(files.includes(f), f);
    for (const f of ['es/index.html']) assert.ok(files.includes(f), f);
    const schoolPages = files.filter((f) => f.startsWith('schools/') && f.endsWith('.html')).sort();
    // Beside the pages, only each event's calendar file (schools/{slug}/{event and day}.ics).
    assert.deepEqual(
      files.filter((f) => f.startsWith('schools/') && !f.endsWith('.html') && !/^schools\/[^/]+\/[^/]+\.ics$/.test(f)),
      [],
    );
    // schools/{slug}.html answers /schools/{slug}; the folder form keeps old links working.
    assert.deepEqual(schoolPages, slugs.flatMap((s) => [`schools/${s}.html`, `schools/${s}/index.html`]).sort());
    for (const s of slugs) {
      const page = readFileSync(path.join(outA, 'schools', `${s}.html`));
      assert.ok(page.equals(readFileSync(path.join(outA, 'schools', s, 'index.html'))), s);
    }
    // The Spanish edition: the same pages under es/, with its own calendar files beside them.
    assert.deepEqual(
      files.filter((f) => f.startsWith('es/schools/') && !/^es\/schools\/[^/]+\/[^/]+\.ics$/.test(f)).sort(),
      slugs.flatMap((s) => [`es/schools/${s}.html`, `es/schools/${s}/index.html`]).sort(),
    );
    assert.ok(slugs.length >= 3);
  });

  test('the Spanish edition: lang, hreflang on both editions, its own entry, and the 404 page stays English', () => {
    const slug = slugs[0]!;
    const esPage = read(outA, `es/schools/${slug}.html`);
    const enPage = read(outA, `schools/${slug}.html`);
    assert.match(esPage, /^<!DOCTYPE html>\n<html lang="es">/);
    assert.match(enPage, /^<!DOCTYPE html>\n<html lang="en">/);
    for (const html of [esPage, enPage]) {
      assert.ok(html.includes(`<link rel="alternate" hreflang="en" href="${SITE}/schools/${slug}">`));
      assert.ok(html.includes(`<link rel="alternate" hreflang="es" href="${SITE}/es/schools/${slug}">`));
      assert.ok(html.includes(`<link rel="alternate" hreflang="x-default" href="${SITE}/schools/${slug}">`));
    }
    assert.ok(esPage.includes(`<link rel="canonical" href="${SITE}/es/schools/${slug}">`));
    assert.match(
      esPage,
      new RegExp(`<a class="nav__lang" href="/schools/${slug}" lang="en" hrefLang="en"[^>]*>English</a>`),
    );
    assert.match(
      enPage,
      new RegExp(`<a class="nav__lang" href="/es/schools/${slug}" lang="es" hrefLang="es"[^>]*>Español</a>`),
    );
    assert.ok(esPage.includes('Volver arriba') && !esPage.includes('Return to Top'));
    // Each edition loads its own entry, which carries its own catalogue only.
    const entryOf = (html: string) => /<script type="module" src="\/([^"]+)"/.exec(html)![1]!;
    const esEntry = readFileSync(path.join(outA, entryOf(esPage)), 'utf8');
    const enEntry = readFileSync(path.join(outA, entryOf(enPage)), 'utf8');
    assert.match(entryOf(esPage), /^assets\/entry-client-es-[A-Z0-9]{8}\.js$/);
    assert.ok(esEntry.includes('Cargando escuelas...') && !esEntry.includes('Loading schools...'));
    assert.ok(enEntry.includes('Loading schools...') && !enEntry.includes('Cargando escuelas...'));
    const shared = listFiles(path.join(outA, 'assets')).filter((f) => /^chunk-.*\.js$/.test(f));
    for (const f of shared) {
      const js = readFileSync(path.join(outA, 'assets', f), 'utf8');
      assert.ok(!js.includes('Loading schools...') && !js.includes('Cargando escuelas...'), `${f} has no catalogue`);
    }
    // 404.html: English, not indexed, with the way to the Spanish edition.
    const notFound = read(outA, '404.html');
    assert.match(notFound, /<html lang="en">/);
    assert.match(notFound, /<a class="nav__lang" href="\/es\/" lang="es"[^>]*>Español<\/a>/);
    assert.ok(!notFound.includes('hreflang'));
  });

  test('every asset, image and media URL a page references exists in out/ (self-contained)', () => {
    const files = new Set(listFiles(outA));
    for (const page of [...files].filter((f) => f.endsWith('.html'))) {
      const html = read(outA, page);
      const urls = [...html.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      // Page links (either edition) are checked by the route tests; files must be here.
      const local = urls.filter(
        (u) => !/^\/(es\/)?(schools\/|compare\/|$|#)/.test(u) && u !== '/es' && !u.startsWith('//'),
      );
      assert.ok(local.length > 0, page);
      for (const u of local)
        assert.ok(
          files.has(decodeURIComponent(u.slice(1).split('#')[0]!.split('?')[0]!).replace(/(^|\/)$/, '$1index.html')),
          `${page} references ${u}, which is not in out/`,
        );
      for (const m of html.matchAll(/src="\/(media\/[^"]+\.webp)"/g))
        assert.ok(isWebp(readFileSync(path.join(outA, m[1]!))), `${m[1]} is WebP`);
    }
    // public/ is copied in; the district's files (guide, hero video) are its dataset's, copied under files/.
    assert.ok(files.has('favicon.svg'));
    assert.ok(
      [...files].some((f) => /^files\/[0-9a-f]{40}\.pdf$/.test(f)),
      'the guide',
    );
  });
  test('school pages: title, description, canonical, social cards, MiddleSchool JSON-LD with geo, lazily loaded chunk', () => {
    const withLocation = docs.find(
      (d) =>
        d._type === 'school' &&
        !String(d._id).startsWith('drafts.') &&
        slugs.includes((d.slug as { current: string }).current) &&
        d.location,
    ) as { title: string; slug: { current: string }; location: { lat: number; lng: number } } | undefined;
    assert.ok(withLocation, 'the dataset has a school with a location');
    const html = read(outA, `schools/${withLocation.slug.current}/index.html`);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    assert.ok(html.includes(`<title>${esc(withLocation.title)} | ${DISTRICT_NAME}</title>`));
    assert.match(html, /<meta name="description" content="[^"]+">/);
    assert.ok(html.includes(`<link rel="canonical" href="${SITE}/schools/${withLocation.slug.current}">`));
    assert.match(html, new RegExp(`<meta property="og:image" content="${SITE}/media/[^"]+\\.webp">`));
    assert.match(html, /<meta name="twitter:card" content="summary_large_image">/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    assert.equal(ld['@type'], 'MiddleSchool');
    assert.deepEqual(ld.geo, {
      '@type': 'GeoCoordinates',
      latitude: withLocation.location.lat,
      longitude: withLocation.location.lng,
    });
    assert.match(html, /<link rel="modulepreload" href="\/assets\/SchoolPage-[A-Z0-9]{8}\.js">/);
    assert.match(html, /<meta name="theme-color" content="#[0-9a-f]{6}">/);
    // The LCP image is preloaded in the head, never inside the hydration root.
    const head = html.slice(0, html.indexOf('</head>'));
    // With a srcset the preload names the candidates (imagesrcset/imagesizes), so phones preload the small one.
    assert.match(
      head,
      /<link rel="preload" as="image" (?:href="\/media\/[^"]+\.webp"|imageSrcSet="\/media\/[^"]+\.webp 640w, [^"]+ 1280w" imageSizes="100vw")[^>]*fetch[pP]riority="high"/,
    );
    assert.match(html, /<div id="root"><div/);
  });

  test('a page embeds only the data it shows, safely escaped', () => {
    const landing = read(outA, 'index.html');
    const data = embeddedJson(landing, '__DATA__') as Record<string, unknown>;
    // The landing page's words and the site settings are content too (landingPage, siteSettings).
    assert.deepEqual(Object.keys(data).sort(), [
      'cards',
      'copy',
      'factsSrc',
      'nav',
      'page',
      'programGroups',
      'settings',
      'timeline',
      'zipFinder',
    ]);
    assert.equal(data.page, 'landing');
    const school = embeddedJson(read(outA, `schools/${slugs[0]}/index.html`), '__DATA__') as Record<string, unknown>;
    assert.deepEqual(Object.keys(school).sort(), ['glance', 'nav', 'page', 'school', 'settings']);
    assert.equal((school.school as { slug: string }).slug, slugs[0]);
    for (const f of listFiles(outA).filter((x) => x.endsWith('.html'))) {
      const html = read(outA, f);
      for (const m of html.matchAll(/<script type="application\/(?:json|ld\+json)"[^>]*>([\s\S]*?)<\/script>/g)) {
        assert.ok(!/[<>&\u2028\u2029]/.test(m[1]!), `${f}: raw HTML-significant character in embedded JSON`);
      }
    }
  });

  test('landing and 404 pages: guide title, fixed description; the 404 page is not indexed', () => {
    const landing = read(outA, 'index.html');
    assert.ok(landing.includes(`<title>Guide to Middle School Options | ${DISTRICT_NAME}</title>`));
    assert.ok(landing.includes(`<link rel="canonical" href="${SITE}/">`));
    const notFound = read(outA, '404.html');
    assert.match(notFound, /<meta name="robots" content="noindex">/);
    assert.ok(!notFound.includes('rel="canonical"'));
    assert.equal((embeddedJson(notFound, '__DATA__') as { page: string }).page, 'landing');
  });

  test('the compare page: one exported page with its canonical link, its chunk preloaded, a neutral shell', () => {
    const html = read(outA, 'compare/index.html');
    assert.ok(html.includes(`<link rel="canonical" href="${SITE}/compare/">`));
    assert.ok(!html.includes('noindex'));
    assert.match(html, /<link rel="modulepreload" href="\/assets\/ComparePage-[A-Z0-9]{8}\.js">/);
    assert.match(html, /<h1 class="compare__title">Compare schools<\/h1>/);
    assert.match(html, /Add 2 to 4 schools to your shortlist/);
    assert.equal((embeddedJson(html, '__DATA__') as { page: string }).page, 'compare');
    for (const s of slugs) assert.ok(!read(outA, `schools/${s}.html`).includes('ComparePage'), s);
  });
  test('sitemap lists the landing page, the compare page and every school; robots.txt points at it', () => {
    const sitemap = read(outA, 'sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const editions = ['', '/es'];
    assert.deepEqual(
      locs,
      editions
        .flatMap((e) => [
          `${SITE}${e}/`,
          `${SITE}${e}/compare/`,
          ...slugs.map((s) => `${SITE}${e}/schools/${encodeURIComponent(s)}`),
          ...zips.map((z) => `${SITE}${e}/zip/${z}/`),
        ])
        .sort(),
    );
    assert.equal(read(outA, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  test('bundles: hashed names, minified ESM, the school page a dynamic import', () => {
    const assets = listFiles(path.join(outA, 'assets'));
    assert.ok(assets.some((f) => /^entry-client-[A-Z0-9]{8}\.js$/.test(f)));
    assert.ok(assets.some((f) => /^SchoolPage-[A-Z0-9]{8}\.js$/.test(f)));
    assert.ok(assets.some((f) => /^styles-[A-Z0-9]{8}\.css$/.test(f)));
    const firstLoad = firstLoadOf(read(outA, 'index.html'));
    assert.ok(firstLoad.length >= 1);
    assert.ok(!firstLoad.some((f) => f.includes('SchoolPage')), 'the landing page does not load the school chunk');
    assert.ok(!firstLoad.some((f) => f.includes('ComparePage')), 'nor the compare chunk');
    // The entry (the edition's catalogue) and the chunks it imports, together.
    const entry = firstLoad.map((f) => readFileSync(path.join(outA, f), 'utf8')).join('\n');
    assert.ok(entry.length / entry.split('\n').length > 1000, 'minified: long lines, no indentation');
    assert.match(entry, /import\("\/assets\/SchoolPage-[A-Z0-9]{8}\.js"\)/, 'the school page is a dynamic import');
    assert.ok(entry.includes('Loading chunk'), 'the chunk loader with its error message is in the entry');
    // React DOM's module body is a parenthesised function, compiled with its file (core/eager-compile.ts),
    // not on the main thread when the page first runs it.
    assert.match(entry, /=[\w$]+\(\(function\([\w$,]*\)\{"use strict";/, 'the module wrapper is compiled eagerly');
  });

  test('first-load JS within the 85 KB budget on every page type of both editions; no file builds image URLs', () => {
    const pages = ['', 'es/'].flatMap((e) => [
      `${e}index.html`,
      `${e}schools/${slugs[0]}.html`,
      `${e}compare/index.html`,
    ]);
    for (const page of pages) {
      const firstLoad = firstLoadOf(read(outA, page));
      const gzip = firstLoad.reduce(
        (sum, f) => sum + gzipSync(readFileSync(path.join(outA, f)), { level: 9 }).length,
        0,
      );
      assert.ok(gzip <= FIRST_LOAD_JS_BUDGET, `${page}: first-load JS is ${(gzip / 1024).toFixed(1)} KB gzip`);
    }
    // The families' bundles look up the variants the export built (src/lib/images/built-images.ts):
    // no file of theirs carries the URL builder, which its default host names.
    const scripts = listFiles(outA).filter((f) => f.startsWith('assets/') && f.endsWith('.js'));
    assert.ok(scripts.length > 5);
    for (const f of scripts)
      assert.ok(!readFileSync(path.join(outA, f), 'utf8').includes('cdn.sanity.io'), `${f} builds image URLs`);
  });

  test('the same content gives a byte-identical out/', async () => {
    const second = await runExport(['--content', DATASET, '--out', outB, '--site-url', SITE]);
    assert.equal(second.code, 0, second.stderr);
    const a = listFiles(outA);
    assert.deepEqual(listFiles(outB), a);
    for (const f of a)
      assert.ok(readFileSync(path.join(outA, f)).equals(readFileSync(path.join(outB, f))), `${f} differs between runs`);
  });

  test('--base puts every asset URL and file under the base path', async () => {
    const outBase = path.join(work, 'base');
    const r = await runExport(['--content', DATASET, '--out', outBase, '--base', 'wp-content/themes/district']);
    assert.equal(r.code, 0, r.stderr);
    const base = '/wp-content/themes/district/';
    const html = read(outBase, `schools/${slugs[0]}/index.html`);
    // Asset references: src attributes and <link> hrefs (content's own <a href> links are the editors' business).
    const assetUrls = [...html.matchAll(/(?:\ssrc="|<link\b[^>]*\shref=")(\/[^"]*)"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    assert.ok(assetUrls.length > 3);
    for (const u of assetUrls) {
      assert.ok(u.startsWith(base), `${u} is under ${base}`);
      assert.ok(existsSync(path.join(outBase, decodeURIComponent(u.slice(1)))), `${u} exists in out/`);
    }
    assert.deepEqual((embeddedJson(html, '__ENV__') as { base: string }).base, base);
    const scripts = listFiles(path.join(outBase, base.slice(1), 'assets')).filter((f) => f.endsWith('.js'));
    assert.ok(
      scripts.some((f) =>
        readFileSync(path.join(outBase, base.slice(1), 'assets', f), 'utf8').includes(
          `import("${base}assets/SchoolPage-`,
        ),
      ),
    );
    // Pages stay at the site root; only assets move. Without --site-url there is no sitemap, but robots.txt stays.
    assert.ok(existsSync(path.join(outBase, 'index.html')));
    assert.ok(!existsSync(path.join(outBase, 'sitemap.xml')));
    assert.equal(read(outBase, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  });

  test('usage errors exit 1 before anything is written', async () => {
    const out = path.join(work, 'usage');
    for (const args of [
      ['--site-url', 'schools.example.org'],
      ['--site-url', 'ftp://x.org'],
      ['--base', '../up'],
      ['--bogus'],
      ['--content', path.join(work, 'missing')],
    ]) {
      const r = await runExport(['--out', out, ...args]);
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
      assert.ok(r.stderr.trim().length > 0);
      assert.ok(!existsSync(out), `${args.join(' ')} wrote ${out}`);
    }
  });
});
/** The files a page's HTML loads before it hydrates: its module script and modulepreloads. */
const firstLoadOf = (html: string): string[] =>
  [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="\/([^"]+)"/g)].map((m) => m[1]!);
