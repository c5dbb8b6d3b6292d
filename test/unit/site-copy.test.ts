// The landing page's words and the site settings as each edition shows them: the editors'
// documents over the built-in copy, a translation's fields over the English document's (marked
// lang="en" when they fall back), and the images' alternative text and its warnings.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { landingCopy } from '../../src/lib/content/landing-copy.ts';
import { siteSettings } from '../../src/build/site-settings.ts';
import { imageAlt, withTranslatedAlt } from '../../src/lib/images/alt-text.ts';
import { altNotes, siteAltNotes } from '../../src/build/alt-warnings.ts';
import { localizeSchool } from '../../src/lib/content/localize.ts';
import { en } from '../../src/i18n/en.ts';
import { es } from '../../src/i18n/es.ts';
import type { School } from '../../src/lib/content/types.ts';
import { LANDING_BUILTIN } from '../../src/i18n/landing/index.ts';

const block = (text: string) => ({
  _type: 'block',
  _key: text.slice(0, 4),
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: 's', text, marks: [] }],
});

const spanish = {
  _id: 'landing-es',
  language: 'es',
  headline: 'Elija su escuela en Pine County',
  stats: [{ _key: 'a', _type: 'stat', value: '97%', label: 'se gradúan' }],
};
const landing = {
  _id: 'landingPage',
  headline: 'Choose your school in Pine County',
  tagline: 'Twelve schools, one district',
  superintendentQuote: { quote: 'Every child belongs here.', name: 'Dr. Ada Lee' },
  sectionTitles: { advantage: 'Why Pine County' },
  stats: [
    { _key: 'a', _type: 'stat', value: '97%', label: 'Graduate' },
    { _key: 'b', _type: 'stat', value: '', label: '' },
  ],
  panels: [
    { _key: 'p1', _type: 'panel', title: 'Buses', body: [block('Every school has buses.')], links: [] },
    { _key: 'p2', _type: 'panel', title: '', body: [] },
  ],
  translations: [{ lang: 'es', doc: spanish }],
};

describe('landing copy', () => {
  test("the English document's words replace the built-in copy; empty entries are dropped", () => {
    const copy = landingCopy(landing, 'en');
    assert.equal(copy.headline, 'Choose your school in Pine County');
    assert.deepEqual(
      copy.stats.map((s) => s.value),
      ['97%'],
    );
    assert.deepEqual(
      copy.panels.map((p) => p.title),
      ['Buses'],
    );
    // A sub-field the editors left empty keeps the built-in one; the others are theirs.
    assert.deepEqual(copy.sectionTitles, {
      advantage: 'Why Pine County',
      academics: LANDING_BUILTIN.en.landingSections.academics,
      options: LANDING_BUILTIN.en.landingSections.options,
    });
    // A quote is whole: no built-in role under the editors' author.
    assert.deepEqual(copy.superintendentQuote, { quote: 'Every child belongs here.', name: 'Dr. Ada Lee', title: '' });
    assert.equal(copy._fallback, undefined);
  });

  test('the Spanish edition reads its translation, then the English document (marked), then its built-in copy', () => {
    const copy = landingCopy(landing, 'es');
    assert.equal(copy.headline, 'Elija su escuela en Pine County');
    assert.equal(copy.stats[0]!.label, 'se gradúan');
    assert.equal(copy.tagline, 'Twelve schools, one district');
    assert.ok(copy._fallback?.includes('tagline'), 'English tagline marked');
    assert.ok(!copy._fallback?.includes('headline'));
    // Nothing in either document: the Spanish built-in copy, not marked English.
    assert.equal(copy.gridHeading, LANDING_BUILTIN.es.options.heading);
    assert.ok(!copy._fallback?.includes('gridHeading'));
  });

  test('without a document every edition shows its neutral headings, and nothing only a district can say', () => {
    assert.equal(landingCopy(null, 'en').headline, LANDING_BUILTIN.en.hero.headline);
    assert.equal(landingCopy('not a document', 'es').headline, LANDING_BUILTIN.es.hero.headline);
    const bare = landingCopy(null, 'es');
    assert.deepEqual(
      [
        bare.stats,
        bare.panels,
        bare.academicHighlights,
        bare.heroVideo,
        bare.testimonial.videoId,
        bare.superintendentQuote.quote,
      ],
      [[], [], [], [], '', ''],
    );
    assert.equal(bare.testimonial.poster, null);
    assert.equal(bare.heroPoster, null);
  });

  test("the district's hero video and poster: each format where the caller links it; the poster stands in for the testimonial's", () => {
    const file = (c: string, ext: string) => ({ _type: 'file', asset: { _ref: `file-${c.repeat(40)}-${ext}` } });
    const poster = { _type: 'image', asset: { _ref: 'image-abc-1920x1080-jpg' }, decorative: true };
    const doc = {
      _id: 'landingPage',
      heroVideo: { mp4: file('a', 'mp4'), webm: file('b', 'webm') },
      heroPoster: poster,
    };
    const copy = landingCopy(doc, 'en', (f) => `/base/files/${f.name}`);
    assert.deepEqual(copy.heroVideo, [
      { src: `/base/files/${'b'.repeat(40)}.webm`, type: 'video/webm' },
      { src: `/base/files/${'a'.repeat(40)}.mp4`, type: 'video/mp4' },
    ]);
    assert.deepEqual(copy.testimonial.poster, poster);
    assert.deepEqual(landingCopy(doc, 'en').heroVideo, [], 'no caller to link files: no video');
  });
});

describe('site settings', () => {
  const settings = {
    _id: 'siteSettings',
    districtName: 'Pine County Schools',
    themeColor: '#1F4E79',
    elementaryLink: { label: 'Elementary', href: 'https://pine.example/elementary' },
    highSchoolLink: { label: '', href: 'https://pine.example/high' },
    footerLinks: [{ _key: 'x', label: 'Contact', href: 'https://pine.example/contact' }, { label: 'no address' }],
    logo: { asset: { _ref: 'image-abc-200x48-png' }, alt: 'Pine County Schools home' },
    translations: [
      { lang: 'es', doc: { _id: 's-es', elementaryLink: { label: 'Primarias', href: 'https://pine.example/es' } } },
    ],
  };

  test("the editors' values, a link without a label is none, a bad colour the spec's red", () => {
    const s = siteSettings(settings, 'en', en);
    assert.equal(s.districtName, 'Pine County Schools');
    assert.equal(s.themeColor, '#1f4e79');
    assert.equal(s.elementaryLink!.label, 'Elementary');
    assert.equal(s.highSchoolLink, null);
    assert.deepEqual(
      s.footerLinks.map((l) => l.label),
      ['Contact'],
    );
    assert.equal(s.logoAlt, 'Pine County Schools home');
    assert.equal(siteSettings({ themeColor: 'red' }, 'en', en).themeColor, '#862633');
  });

  test('settings links pass the link allow-list: data:, javascript: and // addresses never reach a page', () => {
    const hostile = {
      elementaryLink: { label: 'Elementary', href: 'data:text/html,<script>alert(1)</script>' },
      highSchoolLink: { label: 'High', href: '//evil.example/high' },
      footerLinks: [
        { _key: 'a', label: 'Script', href: 'java\tscript:alert(1)' },
        { _key: 'b', label: 'Back-slashes', href: '/\\evil.example' },
        { _key: 'c', label: 'Vb', href: ' VBScript:msgbox(1)' },
        { _key: 'd', label: 'Mail', href: 'mailto:office@pine.example' },
        { _key: 'e', label: 'Page', href: '/schools/' },
      ],
    };
    const s = siteSettings(hostile, 'en', en);
    // A refused address is left out, as one the district did not supply.
    assert.equal(s.elementaryLink, null);
    assert.equal(s.highSchoolLink, null);
    assert.deepEqual(
      s.footerLinks.map((l) => l.href),
      ['mailto:office@pine.example', '/schools/'],
    );
  });

  test("the Spanish edition: its own links, the English name and logo, the logo's words in Spanish", () => {
    const s = siteSettings(settings, 'es', es);
    assert.equal(s.elementaryLink!.label, 'Primarias');
    assert.equal(s.districtName, 'Pine County Schools');
    assert.deepEqual(s.logo, settings.logo);
    assert.equal(s.logoAlt, 'Inicio de Pine County Schools', "no words of the translation's own: the catalogue's");
    const own = siteSettings(
      { ...settings, translations: [{ lang: 'es', doc: { logo: { alt: 'Escuelas de Pine County' } } }] },
      'es',
      es,
    );
    assert.deepEqual(own.logo, settings.logo, 'the picture stays the English one');
    assert.equal(own.logoAlt, 'Escuelas de Pine County');
  });

  test('a district that has supplied nothing: no name, logo, links or guide; neutral words', () => {
    const s = siteSettings(null, 'en', en, () => '/never');
    assert.deepEqual(
      [s.districtName, s.logo, s.logoAlt, s.elementaryLink, s.highSchoolLink, s.guideSrc, s.footerText],
      ['', null, 'Home', null, null, null, 'All rights reserved.'],
    );
    const guide = { _type: 'file', asset: { _ref: `file-${'c'.repeat(40)}-pdf` } };
    assert.equal(
      siteSettings({ guide }, 'en', en, (f) => `/x/files/${f.name}`).guideSrc,
      `/x/files/${'c'.repeat(40)}.pdf`,
    );
    assert.equal(
      siteSettings({ guide: { asset: { _ref: 'image-abc-10x10-jpg' } } }, 'en', en, () => '/y').guideSrc,
      null,
    );
  });
});

describe('alternative text', () => {
  const asset = { _ref: 'image-abc-10x10-jpg' };
  test("the editors' words, '' when decorative, else the site's own description", () => {
    assert.equal(imageAlt({ asset, alt: ' Front doors ' }, 'Lincoln'), 'Front doors');
    assert.equal(imageAlt({ asset, alt: 'Front doors', decorative: true }, 'Lincoln'), '');
    assert.equal(imageAlt({ asset }, 'Lincoln'), 'Lincoln');
    assert.equal(imageAlt(null), '');
  });

  test("a translation's words for an image; else the English words, marked English", () => {
    const english = { asset, alt: 'Front doors' };
    assert.deepEqual(withTranslatedAlt(english, { alt: 'La entrada' }), {
      asset,
      alt: 'La entrada',
      decorative: undefined,
    });
    assert.deepEqual(withTranslatedAlt(english, null), { ...english, _altLang: 'en' });
    const school = {
      _id: 's',
      title: 'A',
      image: english,
      translations: [{ lang: 'es', doc: { image: { alt: 'La entrada' } } }],
    };
    assert.equal((localizeSchool(school as unknown as School, 'es').image as { alt?: string }).alt, 'La entrada');
  });

  test('each image without alt text is named with its document and field; decorative and empty slots are not', () => {
    const notes = altNotes({
      _id: 'school-a',
      image: { asset },
      logo: { asset, decorative: true },
      tourImage: { asset, alt: 'Tour' },
      sectionRepeater: [
        {
          _key: 's1',
          blocks: [
            { _key: 'b1', _type: 'photo', asset },
            { _key: 'b2', _type: 'photos', photoReel: [{ _key: 'r1' }, { _key: 'r2', asset }] },
            { _key: 'b3', _type: 'highlightSection', highlights: [{ _id: 'highlight-1', image: { asset } }] },
          ],
        },
      ],
    });
    assert.deepEqual(
      notes.map((n) => [n.kind, n.type, n.document, n.field]),
      [
        ['missing-alt', 'school', 'school-a', 'image'],
        ['missing-alt', 'school', 'school-a', 'sectionRepeater[_key=="s1"].blocks[_key=="b1"]'],
        ['missing-alt', 'school', 'school-a', 'sectionRepeater[_key=="s1"].blocks[_key=="b2"].photoReel[_key=="r2"]'],
        ['missing-alt', 'highlight', 'highlight-1', 'image'],
      ],
      'structured: kind, document and field',
    );
    assert.deepEqual(
      notes.map((n) => n.message),
      [
        'school "school-a": field image: no alternative text (alt), and not marked decorative',
        'school "school-a": field sectionRepeater[_key=="s1"].blocks[_key=="b1"]: no alternative text (alt), and not marked decorative',
        'school "school-a": field sectionRepeater[_key=="s1"].blocks[_key=="b2"].photoReel[_key=="r2"]: no alternative text (alt), and not marked decorative',
        'highlight "highlight-1": field image: no alternative text (alt), and not marked decorative',
      ],
    );
    assert.deepEqual(
      siteAltNotes({ landing: null, settings: { _id: 'siteSettings', logo: { asset } } }).map((n) => n.message),
      ['siteSettings "siteSettings": field logo: no alternative text (alt), and not marked decorative'],
    );
  });

  test("Sanity's standard image, in a section or between paragraphs, is named when it has no alt text", () => {
    const notes = altNotes({
      _id: 'school-b',
      tourDescription: [{ _type: 'image', _key: 't1', asset }],
      sectionRepeater: [
        {
          _key: 's1',
          blocks: [
            { _key: 'b1', _type: 'image', asset },
            { _key: 'b2', _type: 'image', asset, alt: 'The gym' },
            { _key: 'b3', _type: 'content', body: [{ _type: 'image', _key: 'r1', asset }] },
          ],
        },
      ],
    });
    assert.deepEqual(
      notes.map((n) => n.field),
      [
        'tourDescription[_key=="t1"]',
        'sectionRepeater[_key=="s1"].blocks[_key=="b1"]',
        'sectionRepeater[_key=="s1"].blocks[_key=="b3"].body[_key=="r1"]',
      ],
    );
  });
});
