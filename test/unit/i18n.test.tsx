// The Spanish edition: the catalogues (complete, the spec's English exactly, Spanish
// written for it), the route table's /es/ edition, hreflang alternates, the language switcher, and
// English content on the Spanish edition marked lang="en" so screen readers switch voice.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { App } from '../../src/App.tsx';
import { pageComponent } from '../../render/render.tsx';
import { en } from '../../src/i18n/en.ts';
import { es } from '../../src/i18n/es.ts';
import { CATALOGUES } from '../../src/i18n/catalogues.ts';
import { LANGS } from '../../src/i18n/messages.ts';
import { localizeSchool, type SchoolRow } from '../../src/lib/content/localize.ts';
import { mapLandingGrid } from '../../src/lib/content/mapping.ts';
import { hreflangAlternates, landingSeo, schoolSeo } from '../../src/lib/seo.ts';
import { createImageUrls } from '../../src/lib/images/image.ts';
import type { PageData } from '../../src/routes.ts';
import { renderDocument } from '../../render/document.ts';
import {
  alternatePaths,
  canonicalPath,
  langHref,
  matchRoute,
  routeAliases,
  routeFile,
  type RouteMatch,
} from '../../src/routes.ts';
import { defaultSiteEnv, SiteEnvProvider, type SiteEnv } from '../../src/SiteEnv.tsx';
import { RichText } from '../../src/components/richtext/RichText.tsx';
import { parseHtml, text } from './helpers/html.ts';
import { landingRowWith, sampleSchool } from './helpers/school-fixture.ts';
import { builtinCopy } from './helpers/landing-copy.ts';
import { LANDING_BUILTIN } from '../../src/i18n/landing/index.ts';

const esEnv: SiteEnv = { ...defaultSiteEnv, messages: es };
const page = (data: PageData, env: SiteEnv = defaultSiteEnv) =>
  parseHtml(renderToString(<App data={data} env={env} page={pageComponent(data.page)} />));

/** Every leaf of a catalogue by path: strings, and functions called with sample arguments. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') out.set(`${path}()`, String((value as (a: unknown) => unknown)(7)));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      for (const [p, s] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, s);
  return out;
}

describe('message catalogues', () => {
  test('every language has every key of the English catalogue, and nothing else', () => {
    const keys = [...leaves(en).keys()].sort();
    for (const lang of LANGS) assert.deepEqual([...leaves(CATALOGUES[lang]).keys()].sort(), keys, lang);
  });

  test('Spanish has no empty string, and repeats English only where the words are the same in both', () => {
    // Numbers, links, ids and names families read the same way in either language.
    const same = /^(lang|locale|.*\.href)$/;
    const english = leaves(en);
    for (const [path, value] of leaves(es)) {
      assert.notEqual(value.trim(), '', `es ${path} is empty`);
      if (!same.test(path) && !/^\d/.test(value)) assert.notEqual(value, english.get(path), `es ${path} is English`);
    }
  });

  test("the English catalogue says exactly the product spec's strings", () => {
    assert.equal(en.nav.loading, 'Loading schools...');
    assert.equal(en.nav.empty, 'No schools found');
    assert.equal(en.nav.middle, 'Middle School Options');
    assert.equal(en.school.getDistance, 'Get Distance');
    assert.equal(en.school.scheduleTourAt, 'Schedule A Tour at');
    assert.equal(en.school.scheduleTour, 'Schedule a Tour');
    assert.equal(en.school.tours, 'Tours');
    assert.equal(en.school.toggleNav, 'Toggle navigation menu');
    assert.equal(en.school.learnMore, 'Learn More');
    assert.equal(en.footer.returnToTop, 'Return to Top');
    assert.equal(en.footer.rightsReserved, 'All rights reserved.');
    assert.equal(en.footer.pdfLabel, 'Download a PDF Guide to Middle School Options');
    assert.equal(LANDING_BUILTIN.en.hero.headline, 'Guide to Middle School Options');
    assert.equal(LANDING_BUILTIN.en.hero.tagline, 'Step into a world of possibility');
    assert.equal(LANDING_BUILTIN.en.options.heading, 'Your School. Your Choice.');
    assert.equal(en.options.learnMore, 'Learn more');
  });

  test('miles with one decimal, as each edition writes numbers (US Spanish uses a decimal point)', () => {
    assert.equal(en.school.miles(2.4), '2.4 mi');
    assert.equal(en.school.miles(12), '12.0 mi');
    assert.equal(en.school.miles(1234.5), '1234.5 mi');
    assert.equal(es.school.miles(2.4), '2.4 mi');
    assert.equal(es.school.miles(1234.5), '1234.5 mi');
    // Read after the chip's visible '2.4 mi', so its name starts with what it shows (WCAG 2.5.3).
    assert.equal(es.school.milesNote, ' (millas) desde su ubicación');
  });
});

describe('the /es/ edition in the route table', () => {
  test('matches the Spanish landing and school pages, and nothing else under /es', () => {
    assert.deepEqual(matchRoute('/es/'), { page: 'landing', lang: 'es' });
    assert.deepEqual(matchRoute('/es'), { page: 'landing', lang: 'es' });
    assert.deepEqual(matchRoute('/es/schools/lincoln-middle'), { page: 'school', slug: 'lincoln-middle', lang: 'es' });
    assert.deepEqual(matchRoute('/es/schools/lincoln-middle/'), { page: 'school', slug: 'lincoln-middle', lang: 'es' });
    assert.deepEqual(matchRoute('/es/schools/..'), { page: 'landing', lang: 'es' });
    assert.deepEqual(matchRoute('/est/schools/x'), { page: 'landing', lang: 'en' });
    assert.deepEqual(matchRoute('/fr/schools/x'), { page: 'landing', lang: 'en' }, 'only the site’s languages');
    assert.deepEqual(matchRoute('/schools/x'), { page: 'school', slug: 'x', lang: 'en' });
  });

  test('files, canonical paths and the alternates of every edition', () => {
    const school: RouteMatch = { page: 'school', slug: 'lincoln-middle', lang: 'es' };
    assert.equal(routeFile({ page: 'landing', lang: 'es' }), 'es/index.html');
    assert.equal(routeFile(school), 'es/schools/lincoln-middle.html');
    assert.deepEqual(routeAliases(school), ['es/schools/lincoln-middle/index.html']);
    assert.equal(canonicalPath(school), '/es/schools/lincoln-middle');
    assert.equal(canonicalPath({ page: 'landing', lang: 'es' }), '/es/');
    assert.deepEqual(alternatePaths(school), [
      { lang: 'en', path: '/schools/lincoln-middle' },
      { lang: 'es', path: '/es/schools/lincoln-middle' },
    ]);
    assert.throws(() => routeFile({ page: 'school', slug: '../x', lang: 'es' }), /unsafe slug/);
  });

  test('internal links of the data follow the edition; other links stay as they are', () => {
    assert.equal(langHref('es', '/schools/a'), '/es/schools/a');
    assert.equal(langHref('es', '/#options'), '/es/#options');
    assert.equal(langHref('es', '/'), '/es/');
    assert.equal(langHref('es', '/guide/middle-school-options.pdf'), '/guide/middle-school-options.pdf', 'a file');
    assert.equal(langHref('es', '#arts'), '#arts');
    assert.equal(langHref('es', 'https://x.example/'), 'https://x.example/');
    assert.equal(langHref('es', '//x.example/'), '//x.example/');
    assert.equal(langHref('en', '/schools/a'), '/schools/a');
  });
});

describe('hreflang', () => {
  const urls = createImageUrls(defaultSiteEnv.images);
  test('both editions name en, es and x-default (the English page) with absolute URLs', () => {
    for (const lang of LANGS) {
      const route: RouteMatch = { page: 'school', slug: 'lincoln-middle', lang };
      assert.deepEqual(hreflangAlternates('https://schools.example.org', alternatePaths(route)), [
        { hreflang: 'en', href: 'https://schools.example.org/schools/lincoln-middle' },
        { hreflang: 'es', href: 'https://schools.example.org/es/schools/lincoln-middle' },
        { hreflang: 'x-default', href: 'https://schools.example.org/schools/lincoln-middle' },
      ]);
    }
    assert.deepEqual(hreflangAlternates(null, alternatePaths({ page: 'landing', lang: 'es' })), []);
  });

  test('the document carries them as link tags, and <html lang> is the page language', () => {
    const district = 'Cedar Valley Public Schools';
    const seo = landingSeo('/es/', { siteUrl: 'https://s.example', base: '/', urls, messages: es, district });
    seo.alternates = hreflangAlternates('https://s.example', alternatePaths({ page: 'landing', lang: 'es' }));
    const html = renderDocument({
      appHtml: '',
      data: { page: 'landing', nav: [], cards: [], copy: builtinCopy() },
      env: esEnv,
      seo,
      themeColor: '#862633',
      assets: { css: [], entry: '/assets/entry-client-es.js' },
      lang: 'es',
    });
    assert.match(html, /<html lang="es">/);
    assert.match(html, /<link rel="alternate" hreflang="en" href="https:\/\/s\.example\/">/);
    assert.match(html, /<link rel="alternate" hreflang="es" href="https:\/\/s\.example\/es\/">/);
    assert.match(html, /<link rel="alternate" hreflang="x-default" href="https:\/\/s\.example\/">/);
    assert.match(html, /<title>Guía de escuelas intermedias \| Cedar Valley Public Schools<\/title>/);
    assert.doesNotMatch(html, /"messages"/, 'the catalogue is not embedded: the entry brings it');
  });

  test('a school page describes itself in its language when the school has no description', () => {
    const school = localizeSchool({ ...sampleSchool(), subtitle: null, seoDescription: null }, 'es');
    const district = 'Cedar Valley Public Schools';
    const seo = schoolSeo(school, '/es/schools/lincoln-middle', {
      siteUrl: null,
      base: '/',
      urls,
      messages: es,
      district,
    });
    assert.equal(seo.description, 'Lincoln Middle School: una escuela intermedia de Cedar Valley Public Schools.');
    const bare = schoolSeo(school, '/es/schools/lincoln-middle', { siteUrl: null, base: '/', urls, messages: es });
    assert.equal(bare.description, 'Lincoln Middle School: una escuela intermedia.', 'no name given: none named');
  });
});

describe('the language switcher', () => {
  const switcher = (doc: Document) => doc.querySelector('a.nav__lang')!;
  test('on every page, named in its own language, keeping the school', () => {
    const school = sampleSchool();
    const enSchool = switcher(page({ page: 'school', nav: [], school }));
    assert.equal(text(enSchool), 'Español');
    assert.equal(enSchool.getAttribute('lang'), 'es');
    assert.equal(enSchool.getAttribute('href'), '/es/schools/lincoln-middle');
    const esSchool = switcher(page({ page: 'school', nav: [], school: localizeSchool(school, 'es') }, esEnv));
    assert.equal(text(esSchool), 'English');
    assert.equal(esSchool.getAttribute('lang'), 'en');
    assert.equal(esSchool.getAttribute('href'), '/schools/lincoln-middle');
    const landing: PageData = { page: 'landing', nav: [], cards: [], copy: builtinCopy() };
    assert.equal(switcher(page(landing)).getAttribute('href'), '/es/');
    assert.equal(switcher(page(landing, esEnv)).getAttribute('href'), '/');
    assert.equal(switcher(page(landing, { ...esEnv, root: '/repo/' })).getAttribute('href'), '/repo/');
    assert.equal(switcher(page(landing, { ...defaultSiteEnv, root: '/repo/' })).getAttribute('href'), '/repo/es/');
    assert.ok(!switcher(page(landing)).querySelector('img'), 'no flag');
  });

  test('on a ZIP code page and the all-schools page it keeps the page', () => {
    const words = {
      title: 't',
      intro: 'i',
      zoned: 'z',
      open: 'o',
      other: 'x',
      otherIntro: 'y',
      noZoned: 'n',
      back: 'b',
    };
    const listing = { zip: '80211', zoned: [], open: [], other: [], words };
    const zip: PageData = { page: 'zip', nav: [], listing };
    assert.equal(switcher(page(zip)).getAttribute('href'), '/es/zip/80211/');
    assert.equal(switcher(page(zip, esEnv)).getAttribute('href'), '/zip/80211/');
    assert.equal(switcher(page(zip, { ...esEnv, root: '/repo/' })).getAttribute('href'), '/repo/zip/80211/');
    const all: PageData = { page: 'schools', nav: [], cards: [], words: { title: 't', intro: 'i', back: 'b' } };
    assert.equal(switcher(page(all)).getAttribute('href'), '/es/schools/');
    assert.equal(switcher(page(all, esEnv)).getAttribute('href'), '/schools/');
  });

  test('the Spanish page links within its edition and speaks Spanish', () => {
    const nav = [
      { id: 'a', name: 'Lincoln Middle School', description: '', link: '/schools/lincoln-middle', icon: null },
    ];
    const doc = page({ page: 'school', nav, school: localizeSchool(sampleSchool(), 'es') }, esEnv);
    assert.ok(doc.querySelector('a.school-link[href="/es/schools/lincoln-middle"]'));
    assert.ok(doc.querySelector('.nav__logo[href="/es/"]'));
    assert.equal(text(doc.querySelector('.site-footer__top')), 'Volver arriba');
    assert.match(text(doc.querySelector('.tour-section__title')), /^Visite Lincoln Middle School$/);
    assert.equal(text(doc.querySelector('.distance-chip')), '¿A qué distancia está?');
  });
});

test('links inside content follow the edition too, files do not', () => {
  const body = [
    {
      _type: 'block',
      _key: 'b',
      style: 'normal',
      markDefs: [
        { _type: 'link', _key: 'a', href: '/schools/aspen-ridge' },
        { _type: 'link', _key: 'f', href: '/guide/middle-school-options.pdf' },
      ],
      children: [
        { _type: 'span', _key: 's1', text: 'Aspen Ridge', marks: ['a'] },
        { _type: 'span', _key: 's2', text: 'PDF', marks: ['f'] },
      ],
    },
  ];
  const html = renderToString(
    <SiteEnvProvider env={esEnv}>
      <RichText value={body} />
    </SiteEnvProvider>,
  );
  assert.match(html, /href="\/es\/schools\/aspen-ridge"/);
  assert.match(html, /href="\/guide\/middle-school-options\.pdf"/);
});

describe('English content on the Spanish edition', () => {
  const translated: SchoolRow = {
    ...sampleSchool(),
    translations: [
      {
        lang: 'es',
        doc: { _id: 'school-lincoln__i18n_es', subtitle: 'El hogar de los Leones', tourDescription: null, title: '  ' },
      },
    ],
  };

  test('each field comes from the translation when it has one, else from English and is named', () => {
    const school = localizeSchool(translated, 'es');
    assert.equal(school.subtitle, 'El hogar de los Leones');
    assert.equal(school.title, 'Lincoln Middle School', 'a blank translation falls back');
    assert.deepEqual(school._fallback, ['title', 'featuredQuote', 'tourTitle', 'tourDescription', 'sectionRepeater']);
    const english = localizeSchool(translated, 'en');
    assert.ok(!('translations' in english) && !('_fallback' in english), 'the English page’s data is as before');
  });

  test('is marked lang="en" on its element; translated text and the English page carry no lang', () => {
    const doc = page({ page: 'school', nav: [], school: localizeSchool(translated, 'es') }, esEnv);
    assert.equal(doc.querySelector('.school-header__subtitle')!.getAttribute('lang'), null);
    assert.equal(doc.querySelector('.school-header__title')!.getAttribute('lang'), 'en');
    assert.equal(doc.querySelector('.featured-quote')!.getAttribute('lang'), 'en');
    assert.equal(doc.querySelector('.tour-section__description')!.getAttribute('lang'), 'en');
    const sections = [...doc.querySelectorAll('section.school-section:not(.tour-section)')];
    assert.ok(sections.length > 0 && sections.every((s) => s.getAttribute('lang') === 'en'));
    assert.ok(doc.querySelector('.section-menu__link[lang="en"]'), 'the menu entries too');
    const english = page({ page: 'school', nav: [], school: localizeSchool(translated, 'en') });
    assert.equal(english.querySelectorAll('main [lang]').length, 0);
  });

  test('inside a translated section, blocks whose words are other documents are marked', () => {
    const row: SchoolRow = {
      ...sampleSchool(),
      translations: [{ lang: 'es', doc: { sectionRepeater: sampleSchool().sectionRepeater } }],
    };
    const school = localizeSchool(row, 'es');
    const blocks = school.sectionRepeater!.flatMap((s) => s?.blocks ?? []).filter(Boolean) as {
      _type: string;
      _lang?: string;
    }[];
    assert.ok(blocks.some((b) => b._lang === 'en'));
    for (const b of blocks)
      assert.equal(
        b._lang,
        ['accordionSection', 'highlightSection', 'videoTestimonial'].includes(b._type) ? 'en' : undefined,
      );
  });

  test('landing cards: the translation’s description, else the English one marked', () => {
    const rows = [
      landingRowWith({
        _id: 'a',
        title: 'A School',
        slug: 'a',
        seoDescription: 'English A',
        translations: [{ lang: 'es', doc: { title: null, seoDescription: 'Español A', mainImage: null } }],
      }),
      landingRowWith({ _id: 'b', title: 'B School', slug: 'b', seoDescription: 'English B', translations: null }),
    ];
    const cards = mapLandingGrid(rows, 'es');
    assert.deepEqual(
      cards.map((c) => [c.description, c.descriptionLang]),
      [
        ['Español A', undefined],
        ['English B', 'en'],
      ],
    );
    assert.deepEqual(
      mapLandingGrid(rows).map((c) => c.description),
      ['English A', 'English B'],
    );
    const doc = page({ page: 'landing', nav: [], cards, copy: builtinCopy() }, esEnv);
    const descriptions = [...doc.querySelectorAll('.school-card__description')];
    assert.deepEqual(
      descriptions.map((d) => d.getAttribute('lang')),
      [null, 'en'],
    );
  });
});
