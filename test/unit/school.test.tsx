// Server rendering of the school page: structure, exact strings, safe ids/links, headings and images.
import { strict as assert } from 'node:assert';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { SchoolPage } from '../../src/pages/SchoolPage.tsx';
import { SiteEnvProvider, defaultSiteEnv, type SiteEnv } from '../../src/SiteEnv.tsx';
import type { School } from '../../src/lib/content/types.ts';
import { resetWarnings } from '../../src/lib/warn.ts';
import { parseHtml, text } from './helpers/html.ts';
import { sampleSchool, schoolWith } from './helpers/school-fixture.ts';

const render = (school: School | null, env: SiteEnv = defaultSiteEnv) =>
  renderToString(
    <SiteEnvProvider env={env}>
      <SchoolPage data={{ page: 'school', nav: [], school }} />
    </SiteEnvProvider>,
  );
const page = (school: School | null, env?: SiteEnv) => parseHtml(render(school, env));

let warnings: string[] = [];
const realWarn = console.warn;
beforeEach(() => {
  resetWarnings();
  warnings = [];
  console.warn = (...a: unknown[]) => {
    warnings.push(a.map(String).join(' '));
  };
});
afterEach(() => {
  console.warn = realWarn;
});

describe('school page (server render)', () => {
  test('no data renders a blank page', () => {
    assert.equal(render(null), '');
  });

  test('header: h1 title, subtitle, featured quote with student, school title and year', () => {
    const doc = page(sampleSchool());
    assert.equal(doc.querySelectorAll('h1').length, 1);
    assert.equal(text(doc.querySelector('h1')), 'Lincoln Middle School');
    assert.equal(text(doc.querySelector('.school-header__subtitle')), 'Home of the Lions');
    assert.equal(text(doc.querySelector('.featured-quote blockquote')), 'I found my people here.');
    assert.deepEqual([...doc.querySelectorAll('.featured-quote figcaption span')].map(text), [
      'Maya R.',
      'Lincoln Middle School',
      '8th grade',
    ]);
  });

  test('hero is 1280 wide with priority and the title as alt; logo is 240 wide', () => {
    const doc = page(sampleSchool());
    const hero = doc.querySelector('.school-header__hero img')!;
    assert.match(hero.getAttribute('src')!, /aaa111-1600x1000\.jpg\?w=1280&q=90&auto=format$/);
    assert.equal(hero.getAttribute('width'), '1280');
    assert.equal(hero.getAttribute('height'), '800');
    assert.equal(hero.getAttribute('alt'), 'Lincoln Middle School');
    assert.equal(hero.getAttribute('loading'), 'eager');
    const logo = doc.querySelector('.school-header__logo')!;
    assert.match(logo.getAttribute('src')!, /w=240/);
    assert.equal(logo.getAttribute('alt'), 'Lincoln Middle School logo');
  });

  test('static hero/logo: site files get the base path, absolute URLs stay, anything else is ignored', () => {
    const env: SiteEnv = { ...defaultSiteEnv, base: '/wp-content/themes/district/' };
    const s = {
      ...sampleSchool(),
      image: null,
      logo: null,
      staticImage: '/img/hero.jpg',
      staticLogo: 'https://cdn.example/logo.png',
    };
    const doc = page(s, env);
    assert.equal(
      doc.querySelector('.school-header__hero img')!.getAttribute('src'),
      '/wp-content/themes/district/img/hero.jpg',
    );
    assert.equal(doc.querySelector('.school-header__logo')!.getAttribute('src'), 'https://cdn.example/logo.png');
    const bad = page({ ...s, staticImage: 'javascript:alert(1)', staticLogo: '//evil.example/x.png' }, env);
    assert.equal(bad.querySelector('.school-header__hero'), null);
    assert.equal(bad.querySelector('.school-header__logo'), null);
  });

  test("the 'Get Distance' chip shows only for a valid location", () => {
    assert.equal(text(page(sampleSchool()).querySelector('button.distance-chip')), 'Get Distance');
    for (const location of [null, { lat: 120, lng: 0 }, { lat: Number.NaN, lng: 0 }]) {
      assert.equal(page({ ...sampleSchool(), location: location as never }).querySelector('.distance-chip'), null);
    }
  });

  test('section menu: numbered, zero-padded links by anchor id, plus 06 Tours', () => {
    const doc = page(sampleSchool());
    const nav = doc.querySelector('nav.section-menu')!;
    assert.equal(nav.getAttribute('aria-label'), 'School sections');
    assert.ok(nav.hasAttribute('data-sticky'));
    const links = [...nav.querySelectorAll('a')];
    assert.deepEqual(links.map(text), ['01 Academics', '02 Student Life', '06 Tours']);
    assert.deepEqual(
      links.map((a) => a.getAttribute('href')),
      ['#academics', '#student-lifescript', '#tours'],
    );
    for (const a of links)
      assert.ok(doc.getElementById(a.getAttribute('href')!.slice(1)), 'every menu link has a target');
  });

  test("no 'Tours' menu entry without a tour title; no tour section when showTourSection is false", () => {
    const untitled = page({ ...sampleSchool(), tourTitle: '' });
    assert.deepEqual([...untitled.querySelectorAll('nav.section-menu a')].map(text), [
      '01 Academics',
      '02 Student Life',
    ]);
    assert.ok(untitled.getElementById('tours'), 'the section itself still shows');
    const hidden = page({ ...sampleSchool(), showTourSection: false });
    assert.equal(hidden.getElementById('tours'), null);
    assert.equal([...hidden.querySelectorAll('nav.section-menu a')].length, 2);
    assert.ok(page({ ...sampleSchool(), showTourSection: null }).getElementById('tours'));
  });
  test('sections: numbered h2 "01 Academics", sanitised ids, hostile href never reaches the HTML', () => {
    const html = render(sampleSchool());
    assert.ok(!html.includes('<script'), 'no injected markup');
    const doc = parseHtml(html);
    const sections = [...doc.querySelectorAll('section.school-section')];
    assert.deepEqual(
      sections.map((s) => s.id),
      ['academics', 'student-lifescript', 'tours'],
    );
    assert.deepEqual(
      sections.map((s) => text(s.querySelector('h2'))),
      ['01 Academics', '02 Student Life', '06 Tours'],
    );
  });

  test('tour section: 06 Tours, "Schedule A Tour at" + title, description, 640 photo and a safe new-tab button', () => {
    const tour = page(sampleSchool()).getElementById('tours')!;
    assert.equal(text(tour.querySelector('h3')), 'Schedule A Tour at Lincoln Middle School');
    assert.equal(text(tour.querySelector('.tour-section__description')), 'Tours run every Tuesday.');
    assert.match(tour.querySelector('img')!.getAttribute('src')!, /ccc333-1200x800\.jpg\?w=640/);
    assert.equal(tour.querySelector('img')!.getAttribute('alt'), '');
    const button = tour.querySelector('a.button')!;
    assert.equal(text(button), 'Schedule a Tour (opens in a new tab)');
    assert.equal(button.getAttribute('href'), 'https://district.example/tours/lincoln');
    assert.equal(button.getAttribute('target'), '_blank');
    assert.equal(button.getAttribute('rel'), 'noopener noreferrer');
    for (const tourLink of ['javascript:alert(1)', '/relative', null]) {
      assert.equal(
        page({ ...sampleSchool(), tourLink })
          .getElementById('tours')!
          .querySelector('a'),
        null,
        String(tourLink),
      );
    }
  });

  test('tour is always numbered 06, even with one section', () => {
    const s = { ...sampleSchool(), sectionRepeater: [sampleSchool().sectionRepeater![0]!] };
    const doc = page(s);
    assert.deepEqual([...doc.querySelectorAll('nav.section-menu a')].map(text), ['01 Academics', '06 Tours']);
    assert.equal(text(doc.getElementById('tours')!.querySelector('h2')), '06 Tours');
  });

  test('headings never skip a level and every image has width, height and alt', () => {
    const doc = page(sampleSchool());
    const levels = [...doc.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => Number(h.tagName[1]));
    assert.equal(levels[0], 1);
    levels.forEach((l, i) => {
      if (i > 0) assert.ok(l <= levels[i - 1]! + 1, `h${levels[i - 1]} then h${l}`);
    });
    const imgs = [...doc.querySelectorAll('img')];
    assert.ok(imgs.length >= 10);
    for (const img of imgs) {
      assert.match(img.getAttribute('width') ?? '', /^\d+$/);
      assert.match(img.getAttribute('height') ?? '', /^\d+$/);
      assert.ok(img.hasAttribute('alt'));
    }
  });

  test('without JavaScript: every panel text and link is in the server HTML', () => {
    const doc = page(sampleSchool());
    const body = text(doc.body);
    for (const s of [
      'Honors courses in every core subject.',
      'Spanish, coding and band.',
      'Band changed my life.',
      'Robotics',
      'Build robots.',
    ]) {
      assert.ok(body.includes(s), s);
    }
    assert.ok(doc.querySelector('details.accordion[open]'), 'default-open panel is open');
    assert.ok(doc.querySelector('a[href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"]'), 'video reachable as a link');
    assert.equal(doc.querySelector('iframe'), null, 'no request to the video host before play');
  });

  test('unknown block types and null blocks: nothing shown, one warning per type across renders', () => {
    render(sampleSchool());
    render(sampleSchool());
    assert.deepEqual(warnings.filter((w) => w.includes('mysteryWidget')).length, 1);
    assert.ok(!render(sampleSchool()).includes('mysteryWidget'));
  });

  test('a draft with missing fields still renders', () => {
    const html = render(schoolWith({ _id: 'drafts.x' }));
    const doc = parseHtml(html);
    assert.equal(text(doc.querySelector('h1')), 'Untitled school');
    assert.ok(doc.getElementById('tours'), 'tour section shows unless explicitly false');
    assert.equal(doc.querySelector('nav.section-menu'), null, 'no empty menu');
  });
});
