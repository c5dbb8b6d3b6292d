// Each section block through the type -> component map, rendered on the server.
import { strict as assert } from 'node:assert';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { renderToString } from 'react-dom/server';
import { BlockRenderer, blockComponents, componentFor } from '../../src/components/blocks/BlockRenderer.tsx';
import { learnMoreTarget } from '../../src/components/blocks/HighlightSectionBlock.tsx';
import { SiteEnvProvider, defaultSiteEnv } from '../../src/SiteEnv.tsx';
import type { Block } from '../../src/lib/content/types.ts';
import { resetWarnings } from '../../src/lib/warn.ts';
import { parseHtml, text } from './helpers/html.ts';

const img = (hash: string, w = 1600, h = 1000) => ({ _type: 'image', asset: { _ref: `image-${hash}-${w}x${h}-jpg` } });
const p = (t: string) => [{ _type: 'block', children: [{ _type: 'span', text: t }] }];
const env = { ...defaultSiteEnv, base: '/theme/' };
const html = (block: unknown) =>
  renderToString(
    <SiteEnvProvider env={env}>
      <BlockRenderer block={block as Block} />
    </SiteEnvProvider>,
  );
const dom = (block: unknown) => parseHtml(html(block));

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

describe('block map', () => {
  test("maps the seven block types of the content model, and Sanity's standard image", () => {
    assert.deepEqual(Object.keys(blockComponents).sort(), [
      'accordionSection',
      'content',
      'highlightSection',
      'image',
      'photo',
      'photos',
      'tagList',
      'videoTestimonial',
    ]);
  });

  test('prototype names are unknown, not components', () => {
    for (const t of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) assert.equal(componentFor(t), null);
  });

  test('null, malformed and unknown blocks render nothing; one warning per unknown type', () => {
    for (const b of [null, undefined, 5, 'x', {}, { _type: 7 }]) assert.equal(html(b), '');
    assert.equal(html({ _type: 'carousel' }), '');
    assert.equal(html({ _type: 'carousel', _key: 'again' }), '');
    assert.equal(html({ _type: 'constructor' }), '');
    assert.equal(warnings.length, 2);
    assert.match(warnings[0]!, /unknown block type "carousel"/);
  });
});

describe('content', () => {
  test('one or two columns of rich text', () => {
    assert.equal(
      html({ _type: 'content', body: p('Hi') }),
      '<div class="rich-text block block-content"><p>Hi</p></div>',
    );
    assert.equal(
      html({ _type: 'content', columns: true, body: p('Hi') }),
      '<div class="rich-text block block-content block-content--columns"><p>Hi</p></div>',
    );
    assert.equal(html({ _type: 'content', body: null }), '');
  });
});

describe('photo', () => {
  test('900 wide, decorative, with width and height', () => {
    const el = dom({ ...img('abc'), _type: 'photo' }).querySelector('figure.block-photo img')!;
    assert.match(el.getAttribute('src')!, /abc-1600x1000\.jpg\?w=900&/);
    assert.equal(el.getAttribute('width'), '900');
    assert.equal(el.getAttribute('height'), '563');
    assert.equal(el.getAttribute('alt'), '');
    assert.equal(html({ _type: 'photo', asset: null }), '');
  });
});

describe("Sanity's standard image", () => {
  test('shows as a photo, with its alternative text; decorative: alt=""; no warning', () => {
    const el = dom({ ...img('abc'), _key: 'i1', alt: 'Students at the river' }).querySelector(
      'figure.block-photo img',
    )!;
    assert.match(el.getAttribute('src')!, /abc-1600x1000\.jpg\?w=900&/);
    assert.equal(el.getAttribute('alt'), 'Students at the river');
    const decorative = dom({ ...img('abc'), decorative: true }).querySelector('figure.block-photo img')!;
    assert.equal(decorative.getAttribute('alt'), '');
    assert.equal(html({ _type: 'image', asset: null }), '');
    assert.deepEqual(warnings, []);
  });
});

describe('photos', () => {
  test('640 wide frames cycling through 5 rotation patterns; entries without an asset skipped', () => {
    const reel = [
      img('a1'),
      { _type: 'image' },
      null,
      img('a2'),
      img('a3'),
      { asset: { _ref: 'bogus' } },
      img('a4'),
      img('a5'),
      img('a6'),
      img('a7'),
    ];
    const frames = [...dom({ _type: 'photos', photoReel: reel }).querySelectorAll('li.photo-frame')];
    assert.deepEqual(
      frames.map((f) => f.className.split(' ')[1]),
      [
        'photo-frame--r1',
        'photo-frame--r2',
        'photo-frame--r3',
        'photo-frame--r4',
        'photo-frame--r5',
        'photo-frame--r1',
        'photo-frame--r2',
      ],
    );
    for (const f of frames) assert.match(f.querySelector('img')!.getAttribute('src')!, /\?w=640&/);
    assert.equal(html({ _type: 'photos', photoReel: [{ _type: 'image' }] }), '');
    assert.equal(html({ _type: 'photos' }), '');
  });
});

describe('accordionSection', () => {
  test('title as h3, accordions as h4 in <details>, null and untitled accordions skipped, layout flags', () => {
    const doc = dom({
      _type: 'accordionSection',
      sectionTitle: 'Programs',
      columns: true,
      topPadding: true,
      accordions: [
        { accordionTitle: 'Honors', defaultOpen: true, accordionContent: p('H') },
        null,
        { accordionTitle: '' },
        { accordionTitle: 'Band', accordionContent: p('B') },
      ],
    });
    const root = doc.querySelector('.block-accordions')!;
    assert.equal(root.className, 'block block-accordions block-accordions--columns block-accordions--top-padding');
    assert.equal(text(root.querySelector('h3')), 'Programs');
    const details = [...root.querySelectorAll('details')];
    assert.deepEqual(
      details.map((d) => [
        text(d.querySelector('h4')),
        d.hasAttribute('open'),
        text(d.querySelector('.accordion__panel')),
      ]),
      [
        ['Honors', true, 'H'],
        ['Band', false, 'B'],
      ],
    );
  });

  test('without a section title the accordion titles are h3', () => {
    assert.equal(
      text(dom({ _type: 'accordionSection', accordions: [{ accordionTitle: 'Only' }] }).querySelector('summary h3')),
      'Only',
    );
    assert.equal(html({ _type: 'accordionSection', accordions: [null] }), '');
  });
});

describe('videoTestimonial', () => {
  const block = {
    _type: 'videoTestimonial',
    testimonial: { quote: 'Great school.', student: 'Ana', year: '7th grade' },
    video: { title: 'Ana on Lincoln', videoId: 'abcDEF_-123' },
    backgroundImage: img('bg', 3000, 2000),
  };

  test('quote, student and year; facade with the 1920 poster and a watch link before play', () => {
    const doc = dom(block);
    assert.equal(text(doc.querySelector('blockquote')), 'Great school.');
    assert.equal(text(doc.querySelector('figcaption')), 'Ana, 7th grade');
    const poster = doc.querySelector('.video-facade__poster')!;
    assert.match(poster.getAttribute('src')!, /bg-3000x2000\.jpg\?w=1920&/);
    assert.equal(poster.getAttribute('alt'), '');
    const play = doc.querySelector('.video-facade__play')!;
    assert.equal(play.getAttribute('aria-label'), 'Play video: Ana on Lincoln');
    assert.equal(play.getAttribute('href'), 'https://www.youtube.com/watch?v=abcDEF_-123');
    assert.equal(doc.querySelector('iframe'), null);
  });

  test('an invalid video id shows no player (one warning) but keeps the quote', () => {
    for (const videoId of ['"><script>', 'abc', 'x'.repeat(21), 'a b c d e f']) {
      const doc = dom({ ...block, video: { title: 'x', videoId } });
      assert.equal(doc.querySelector('.video-facade'), null, videoId);
      assert.equal(text(doc.querySelector('blockquote')), 'Great school.');
    }
    assert.equal(warnings.filter((w) => w.includes('invalid videoId')).length, 4);
  });

  test('nothing at all renders nothing', () => {
    assert.equal(html({ _type: 'videoTestimonial', testimonial: null, video: null }), '');
  });
});

describe('highlightSection', () => {
  test("'Learn More' goes to the internal link, else the external href in a new tab, else nowhere", () => {
    assert.deepEqual(learnMoreTarget({ link: '/schools/x', href: 'https://a.example' }), {
      href: '/schools/x',
      external: false,
    });
    assert.deepEqual(learnMoreTarget({ link: '#tours', href: null }), { href: '#tours', external: false });
    assert.deepEqual(learnMoreTarget({ link: 'javascript:alert(1)', href: 'https://a.example/' }), {
      href: 'https://a.example/',
      external: true,
    });
    assert.equal(learnMoreTarget({ link: '//evil.example', href: 'data:text/html,x' }), null);
    assert.equal(learnMoreTarget({ link: null, href: null }), null);
  });

  test('cards: 640 image or static imageUrl, h3 title, rich or simple description, safe links', () => {
    const doc = dom({
      _type: 'highlightSection',
      highlights: [
        { title: 'STEM', description: p('Robots.'), image: img('st', 800, 600), link: '/x' },
        { title: 'Partners', simpleDescription: 'Mentors.', imageUrl: '/img/p.jpg', href: 'https://p.example/' },
        { title: 'Bad', simpleDescription: 'None.', imageUrl: 'javascript:alert(1)', link: 'javascript:alert(1)' },
        null,
      ],
    });
    const cards = [...doc.querySelectorAll('li.highlight')];
    assert.equal(cards.length, 3);
    assert.deepEqual(
      cards.map((c) => text(c.querySelector('h3'))),
      ['STEM', 'Partners', 'Bad'],
    );
    assert.deepEqual(
      cards.map((c) => text(c.querySelector('.highlight__description'))),
      ['Robots.', 'Mentors.', 'None.'],
    );
    assert.match(cards[0]!.querySelector('img')!.getAttribute('src')!, /\?w=640&/);
    assert.equal(cards[1]!.querySelector('img')!.getAttribute('src'), '/theme/img/p.jpg');
    assert.equal(cards[2]!.querySelector('img'), null);
    const [internal, external] = [cards[0]!.querySelector('a')!, cards[1]!.querySelector('a')!];
    assert.equal(internal.getAttribute('href'), '/x');
    assert.equal(internal.getAttribute('target'), null);
    assert.equal(text(internal), 'Learn More about STEM');
    assert.equal(external.getAttribute('target'), '_blank');
    assert.equal(external.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(cards[2]!.querySelector('a'), null);
  });
});

describe('tagList', () => {
  const tags = {
    visualPerformingArtsTags: [{ label: 'Choir' }],
    athleticsTags: [{ label: 'Soccer' }, null, { label: ' ' }],
    clubsTags: [{ label: 'Chess' }, { label: 'Robotics' }],
  };

  test('pills for the list of the category', () => {
    const pills = (tagCategory: string) =>
      [...dom({ _type: 'tagList', tagCategory, ...tags }).querySelectorAll('li.tag-pill')].map(text);
    assert.deepEqual(pills('arts'), ['Choir']);
    assert.deepEqual(pills('athletics'), ['Soccer']);
    assert.deepEqual(pills('clubs'), ['Chess', 'Robotics']);
    assert.equal(warnings.length, 0);
  });

  test('unknown category: nothing, and one warning', () => {
    assert.equal(html({ _type: 'tagList', tagCategory: 'music', ...tags }), '');
    assert.equal(html({ _type: 'tagList', tagCategory: 'music', ...tags }), '');
    assert.equal(html({ _type: 'tagList', tagCategory: 'constructor', ...tags }), '');
    assert.equal(warnings.length, 2);
    assert.match(warnings[0]!, /unknown tag category "music"/);
  });
});
