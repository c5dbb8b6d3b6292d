// The bundled sample is what every offline run, demo and render test shows, so it must keep covering
// the whole content model: every field, block type, rich-text feature and special school, and the
// documents it references. Its images, public/ media and the generator's reproducibility are checked
// in sample-media.test.ts.
import { TRANSLATABLE_FIELDS } from '../../src/lib/content/localize.ts';
import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { evaluate, parse } from 'groq-js';
import { isHiddenFromGrid, mapNavigation } from '../../src/lib/content/mapping.ts';
import { schoolBySlugQuery, navigationSchoolsQuery } from '../../src/lib/content/queries.ts';
import { TRANSLATED_TYPES } from '../../studio/src/schemaTypes/objects/language.ts';
import {
  PUBLIC,
  ndjson,
  docs,
  byId,
  ofType,
  schools,
  translations,
  publishedSchools,
  all,
  ptArrays,
  ptBlocks,
  spans,
  hrefs,
  blocks,
  KNOWN_BLOCKS,
  luminance,
} from './helpers/sample-dataset.ts';

describe('sample dataset: the Spanish edition', () => {
  it('translates at least four published schools, each linked by translation.metadata', () => {
    assert.ok(translations.length >= 4, `only ${translations.length} translations`);
    for (const t of translations) {
      assert.equal(t.language, 'es');
      assert.equal(t.slug, undefined, "a translation lives at its English school's address");
      const meta = ofType('translation.metadata').find((m) =>
        (m.translations as { language: string; value: { _ref: string } }[]).some(
          (e) => e.language === 'es' && e.value._ref === t._id,
        ),
      );
      assert.ok(meta, `${t._id} has no translation.metadata`);
      const en = (meta.translations as { language: string; value: { _ref: string } }[]).find(
        (e) => e.language === 'en',
      )!;
      assert.ok(
        publishedSchools.some((s) => s._id === en.value._ref),
        `${t._id}: its English school is not published`,
      );
      // Every translatable field its English school has (support chosen from the vocabulary needs none).
      const english = docs.find((d) => d._id === en.value._ref)!;
      for (const f of TRANSLATABLE_FIELDS)
        if (english[f] !== undefined) assert.ok(t[f] !== undefined, `${t._id} does not translate ${f}`);
    }
  });

  // @sanity/document-internationalization offers "create the Spanish translation" only from a
  // document whose language it can read; without one its first click rewrites the English document.
  it('gives every document of a translated type its language, as the translation plugin expects', () => {
    const missing = docs
      .filter((d) => (TRANSLATED_TYPES as readonly string[]).includes(d._type))
      .filter((d) => d.language !== 'en' && d.language !== 'es')
      .map((d) => d._id);
    assert.deepEqual(missing, []);
    assert.ok(
      ofType('quote').some((q) => q.language === 'es'),
      'the Spanish quotes say so',
    );
  });
});

describe('sample dataset: documents', () => {
  it('has unique ids and readable, stable id patterns', () => {
    assert.equal(byId.size, docs.length, 'duplicate _id');
    for (const d of docs) {
      const id = d._id.replace(/^drafts\./, '');
      const pattern: Record<string, RegExp> = {
        school: /^school-[a-z-]+(__i18n_es)?$/,
        quote: /^quote-[a-z-]+-\d(__i18n_es)?$/,
        // Sanity's public API hides dotted ids, so the metadata's ids have none.
        'translation.metadata': /^translation-metadata-[a-z-]+$/,
        video: /^video-[a-z-]+$/,
        highlight: /^highlight-[a-z-]+-\d$/,
        accordion: /^accordion-[a-z-]+-\d$/,
        // The English landing page and settings have the fixed ids the site reads; translations add -es.
        landingPage: /^landingPage(-es)?$/,
        siteSettings: /^siteSettings(-es)?$/,
        // The district's vocabulary: support programs, admission priorities, result measures.
        vocabularyTerm: /^term-[a-z0-9-]+$/,
        'sanity.imageAsset': /^image-[0-9a-f]{40}-\d+x\d+-(jpg|png)$/,
        // The district's PDF guide and hero video, uploaded as files.
        'sanity.fileAsset': /^file-[0-9a-f]{40}-(pdf|webm|mp4)$/,
      };
      assert.ok(pattern[d._type], `unexpected type ${d._type}`);
      assert.match(id, pattern[d._type]!);
    }
  });

  it('has at least 10 schools, and together they fill every school field', () => {
    const distinct = new Set(schools.map((s) => s._id.replace(/^drafts\./, '')));
    assert.ok(distinct.size >= 10, `only ${distinct.size} schools`);
    const fields = [
      'title',
      'subtitle',
      'slug',
      'logo',
      'staticLogo',
      'image',
      'staticImage',
      'mainImage',
      'isCharter',
      'color',
      'location',
      'featuredQuote',
      'twitter',
      'seoDescription',
      'seoImage',
      'showTourSection',
      'tourTitle',
      'tourDescription',
      'tourLink',
      'tourImage',
      'sectionRepeater',
    ];
    for (const f of fields)
      assert.ok(
        schools.some((s) => s[f] !== undefined && s[f] !== null),
        `no school sets ${f}`,
      );
    const slugs = publishedSchools.map((s) => s.slug.current);
    assert.equal(new Set(slugs).size, slugs.length, 'duplicate slug');
    for (const s of schools) {
      assert.match(s.slug.current, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      assert.ok(
        s.seoDescription.length >= 110 && s.seoDescription.length <= 170,
        `${s._id} seoDescription is ${s.seoDescription.length} chars`,
      );
      assert.match(s.tourLink, /^https:\/\/www\.cedarvalleyschools\.example\/tours\/[a-z-]+$/);
      if (s.location) {
        assert.ok(
          s.location.lat > 39.4 && s.location.lat < 40 && s.location.lng > -105.3 && s.location.lng < -104.7,
          `${s._id} is outside the metro area`,
        );
      }
    }
  });

  it('reads like real copy, not filler', () => {
    assert.doesNotMatch(ndjson, /lorem|ipsum|dolor sit|placeholder|@@image/i);
    // Case-sensitive: Spanish copy says "todos".
    assert.doesNotMatch(ndjson, /TODO/);
  });

  it('resolves every reference', () => {
    const refs = all.filter((v) => v && typeof v === 'object' && v._type === 'reference');
    assert.ok(refs.length > 100);
    for (const r of refs) assert.ok(byId.has(r._ref), `dangling reference ${r._ref}`);
    // References must point at the right type, as the queries dereference them by shape.
    for (const s of schools) assert.equal(byId.get(s.featuredQuote._ref)!._type, 'quote');
    for (const q of ofType('quote')) if (q.school) assert.equal(byId.get(q.school._ref)!._type, 'school');
    assert.ok(ofType('quote').filter((q) => q.school).length >= 20, 'quotes name their school');
  });
  it('covers the special schools', () => {
    const charters = publishedSchools.filter((s) => s.isCharter === true);
    assert.ok(charters.length >= 2, 'two charter schools so ordering is testable');
    assert.ok(
      publishedSchools.some((s) => !s.location),
      'a school without a location',
    );
    assert.ok(
      publishedSchools.some((s) => s.showTourSection === false),
      'a school with showTourSection false',
    );
    assert.ok(
      publishedSchools.some((s) => isHiddenFromGrid(s.title)),
      'a school hidden from the landing grid',
    );
    assert.ok(publishedSchools.filter((s) => !isHiddenFromGrid(s.title)).length >= 8);

    const withDraft = publishedSchools.filter((s) => byId.has(`drafts.${s._id}`));
    assert.equal(withDraft.length, 1, 'one published school with a pending draft');
    const pub = withDraft[0]!;
    const draft = byId.get(`drafts.${pub._id}`)!;
    assert.notEqual(draft.subtitle, pub.subtitle, 'the draft changes the subtitle');
    assert.ok(
      draft.sectionRepeater.some((sec: any, i: number) => sec.title !== pub.sectionRepeater[i].title),
      'the draft renames a section',
    );
    assert.equal(draft.slug.current, pub.slug.current);

    const draftOnly = schools.filter((s) => s._id.startsWith('drafts.') && !byId.has(s._id.slice(7)));
    assert.equal(draftOnly.length, 1, 'one draft-only school');

    const statics = schools.filter((s) => s.staticImage || s.staticLogo);
    assert.equal(statics.length, 1);
    const st = statics[0]!;
    assert.equal(st.image, undefined);
    assert.equal(st.logo, undefined);
    for (const url of [st.staticImage, st.staticLogo]) {
      assert.match(url, /^\/static\/schools\/[a-z-]+\.(jpg|png)$/);
      assert.ok(existsSync(join(PUBLIC, url)), `${url} missing from public/`);
    }
  });

  it('navigation puts charter schools last, alphabetically within each group', () => {
    const nav = mapNavigation(
      publishedSchools.map((s) => ({
        _id: s._id,
        title: s.title,
        subtitle: s.subtitle,
        slug: s.slug.current,
        isCharter: s.isCharter,
        logo: null,
        staticLogo: null,
      })),
    );
    const firstCharter = nav.findIndex((n) => publishedSchools.find((s) => s._id === n.id)!.isCharter);
    assert.ok(firstCharter > 0 && firstCharter <= nav.length - 2, 'at least two charters after the others');
    assert.ok(nav.slice(firstCharter).every((n) => publishedSchools.find((s) => s._id === n.id)!.isCharter));
    // A charter title sorts before a non-charter one, so a plain title sort would differ.
    const byTitle = [...publishedSchools].sort((a, b) => a.title.localeCompare(b.title)).map((s) => s._id);
    assert.notDeepEqual(
      nav.map((n) => n.id),
      byTitle,
    );
  });

  it('has exactly one invalid colour and distinct dark #rrggbb colours otherwise', () => {
    const colours = schools
      .filter((s) => !s._id.startsWith('drafts.') || !byId.has(s._id.slice(7)))
      .map((s) => s.color);
    const invalid = colours.filter((c) => !/^#[0-9a-f]{6}$/i.test(c));
    assert.equal(invalid.length, 1, `invalid colours: ${invalid.join(', ')}`);
    const valid = colours.filter((c) => /^#[0-9a-f]{6}$/i.test(c));
    assert.equal(new Set(valid.map((c) => c.toLowerCase())).size, valid.length, 'colours are distinct');
    for (const c of valid) {
      const ratio = 1.05 / (luminance(c) + 0.05);
      assert.ok(ratio >= 4.5, `${c} has contrast ${ratio.toFixed(2)} against white`);
    }
  });
  it('gives every school 3-6 well-formed sections with anchor hrefs', () => {
    for (const s of schools) {
      const secs = s.sectionRepeater as any[];
      assert.ok(secs.length >= 3 && secs.length <= 6, `${s._id} has ${secs.length} sections`);
      const hrefList = secs.map((x) => x.href);
      assert.equal(new Set(hrefList).size, hrefList.length, `${s._id} repeats an href`);
      for (const sec of secs) {
        assert.equal(sec._type, 'section');
        assert.match(sec._key, /^[0-9a-f]{12}$/);
        assert.match(sec.href, /^[a-z][a-z-]*$/);
        assert.ok(sec.title && Array.isArray(sec.blocks) && sec.blocks.length > 0);
        assert.notEqual(sec.href, 'tours', 'tours is the tour section anchor');
      }
    }
    assert.ok(
      schools.some((s) => s.sectionRepeater.length >= 6),
      'a school with 6 sections (section numbers meet the tour number)',
    );
    for (const arr of all.filter((v) => Array.isArray(v) && v.some((x) => x && x._key))) {
      const keys = arr.map((x: any) => x._key);
      assert.equal(new Set(keys).size, keys.length, 'duplicate _key in one array');
    }
  });
});
describe('sample dataset: blocks and rich text', () => {
  it('uses every block type, plus an unknown one', () => {
    for (const t of KNOWN_BLOCKS)
      assert.ok(
        blocks.some((b) => b._type === t),
        `no ${t} block`,
      );
    assert.ok(
      blocks.some((b) => !KNOWN_BLOCKS.includes(b._type)),
      'an unknown block type',
    );
    assert.ok(blocks.some((b) => b._type === 'content' && b.columns === true));
    assert.ok(blocks.some((b) => b._type === 'content' && b.columns === false));
    assert.ok(
      blocks.some((b) => b._type === 'photos' && b.photoReel.some((p: any) => !p.asset)),
      'a photo reel entry without an asset',
    );
    const cats = new Set(blocks.filter((b) => b._type === 'tagList').map((b) => b.tagCategory));
    assert.deepEqual([...cats].sort(), ['arts', 'athletics', 'clubs']);
    for (const b of blocks.filter((x) => x._type === 'tagList')) {
      const list = { arts: b.visualPerformingArtsTags, athletics: b.athleticsTags, clubs: b.clubsTags }[
        b.tagCategory as 'arts'
      ];
      assert.ok(list.length > 0 && list.every((t: any) => t._key && t.label), 'the shown list has labelled tags');
    }
    const acc = blocks.filter((b) => b._type === 'accordionSection');
    assert.ok(
      acc.some((b) => b.columns) &&
        acc.some((b) => !b.columns) &&
        acc.some((b) => b.topPadding) &&
        acc.some((b) => !b.topPadding),
    );
    assert.ok(
      blocks
        .filter((b) => b._type === 'videoTestimonial')
        .every((b) => b.testimonial && b.video && b.backgroundImage?.asset),
    );
  });

  it('uses all five decorators, every link kind, lists, nesting and hard breaks', () => {
    const marks = new Set(spans.flatMap((s: any) => s.marks));
    for (const m of ['strong', 'em', 'code', 'underline', 'strike-through']) assert.ok(marks.has(m), `no ${m}`);
    const kinds: [string, (h: string) => boolean][] = [
      ['https', (h) => h.startsWith('https://')],
      ['http', (h) => h.startsWith('http://')],
      ['mailto', (h) => h.startsWith('mailto:')],
      ['tel', (h) => h.startsWith('tel:')],
      ['relative', (h) => h.startsWith('/')],
      ['anchor', (h) => h.startsWith('#')],
      ['javascript', (h) => h.toLowerCase().startsWith('javascript:')],
    ];
    for (const [name, test] of kinds) assert.ok(hrefs.some(test), `no ${name} link`);
    assert.equal(hrefs.filter((h) => h.startsWith('javascript:')).length, 1, 'exactly one javascript: link');
    assert.ok(ptBlocks.some((b) => b.listItem === 'bullet' && b.level === 1));
    assert.ok(ptBlocks.some((b) => b.listItem === 'number' && b.level === 1));
    assert.ok(ptBlocks.some((b) => b.listItem === 'bullet' && b.level === 2));
    assert.ok(ptBlocks.some((b) => b.listItem === 'number' && b.level === 2));
    assert.ok(
      spans.some((s: any) => s.text.includes('\n')),
      'a hard break',
    );
    for (const style of ['normal', 'h2', 'h3', 'blockquote'])
      assert.ok(
        ptBlocks.some((b) => b.style === style),
        `no ${style} block`,
      );
  });

  it('has unknown objects inside portable text, and every mark resolves', () => {
    assert.ok(
      ptArrays.some((arr) => arr.some((x) => x && x._type !== 'block')),
      'an unknown block-level object in portable text',
    );
    assert.ok(
      ptBlocks.some((b) => b.children.some((c: any) => c._type !== 'span')),
      'an unknown inline object',
    );
    const decorators = new Set(['strong', 'em', 'code', 'underline', 'strike-through']);
    for (const b of ptBlocks) {
      const defs = new Set((b.markDefs ?? []).map((m: any) => m._key));
      for (const c of b.children.filter((x: any) => x._type === 'span')) {
        for (const m of c.marks) assert.ok(decorators.has(m) || defs.has(m), `mark ${m} has no markDef`);
      }
    }
  });
});

describe('sample dataset: referenced documents', () => {
  it('has quotes, videos, highlights and accordions in every variant', () => {
    const quotes = ofType('quote');
    assert.ok(quotes.length >= 10 && quotes.every((q) => q.quote && q.student && q.year));
    const videos = ofType('video');
    assert.ok(videos.length >= 5);
    for (const v of videos) assert.match(v.videoId, /^[A-Za-z0-9_-]{11}$/);
    assert.equal(new Set(videos.map((v) => v.videoId)).size, videos.length);
    const hl = ofType('highlight');
    assert.ok(
      hl.some((h) => h.link?.startsWith('#')) && hl.some((h) => h.link?.startsWith('/')),
      'internal links (# and /)',
    );
    assert.ok(
      hl.some((h) => !h.link && /^https:\/\//.test(h.href)),
      'an external-only highlight',
    );
    assert.ok(
      hl.some((h) => h.link && h.href),
      'a highlight with both (link wins)',
    );
    const withUrl = hl.filter((h) => h.imageUrl && !h.image);
    assert.equal(withUrl.length, 1);
    assert.ok(existsSync(join(PUBLIC, withUrl[0]!.imageUrl)), 'the imageUrl file exists in public/');
    assert.ok(hl.every((h) => h.title && h.simpleDescription && Array.isArray(h.description)));
    const acc = ofType('accordion');
    assert.ok(acc.some((a) => a.defaultOpen === true) && acc.some((a) => a.defaultOpen === false));
    assert.ok(acc.every((a) => a.accordionTitle && Array.isArray(a.accordionContent)));
  });

  it('expands through the site queries (published perspective)', async () => {
    const published = docs.filter((d) => !d._id.startsWith('drafts.'));
    const run = async (q: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(q), { dataset: published, params })).get();
    const nav = (await run(navigationSchoolsQuery)) as any[];
    assert.equal(nav.length, publishedSchools.length);
    for (const s of publishedSchools) {
      const r = (await run(schoolBySlugQuery, { slug: s.slug.current })) as any;
      assert.equal(r._id, s._id);
      assert.equal(r.featuredQuote.schoolTitle, s.title);
      for (const b of r.sectionRepeater.flatMap((x: any) => x.blocks)) {
        if (b._type === 'accordionSection') assert.ok(b.accordions.every((a: any) => a && a.accordionTitle));
        if (b._type === 'highlightSection') assert.ok(b.highlights.every((h: any) => h && h.title));
        if (b._type === 'videoTestimonial')
          assert.ok(b.testimonial.quote && b.testimonial.schoolTitle && b.video.videoId);
      }
    }
  });
});
