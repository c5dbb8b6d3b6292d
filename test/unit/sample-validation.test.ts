// The Studio's validation is the editors' half of the content contract: what it rejects, the
// export skips or repairs. This compiles the Studio schema and runs Sanity's own validateDocument
// over every document of the bundled sample, offline (references are checked against the sample
// itself), and expects exactly the faults the sample generator put there on purpose
// (scripts/lib/sample-build.ts): so a schema rule that is too strict (flags good content) or too
// loose (misses a deliberate fault) fails here.
import { strict as assert } from 'node:assert';
import { before, describe, it } from 'node:test';
import type { SanityDocument } from 'sanity';
import { findings as validate, readDocs } from './helpers/studio-validation.ts';

const docs = readDocs('content/sample');
/** The content types editors write; sanity.imageAsset documents are Sanity's own (the sample's lack the hosted `url`). */
const CONTENT_TYPES = [
  'school',
  'quote',
  'video',
  'highlight',
  'accordion',
  'landingPage',
  'siteSettings',
  'vocabularyTerm',
  'translation.metadata',
];

/** What validation finds in these documents, checked against the sample (references, addresses). */
const findings = (documents: SanityDocument[]) => validate(documents, docs);

/** The sample's deliberate faults (scripts/lib/sample-build.ts), as validation reports them. */
const EXPECTED = [
  // a block type added to a Studio after the site shipped
  'error school-aspen-ridge .sectionRepeater[_key=32e38a0d8f93].blocks: Block type "eventCalendar" is not shown on the site; remove it or replace it with one of the block types',
  // the javascript: "Print this page" link
  'error school-cottonwood .sectionRepeater[_key=5946b7af0d3d].blocks[_key=60367a32a202].body[_key=4745c216e26a].markDefs[_key=1f58d82469f7].href: Does not match allowed protocols/schemes',
  // the invalid theme colour
  'error school-harmon-park .color: Use the form #rrggbb, e.g. #1f4e79',
  // the photo-reel slot an editor never filled (published and draft)
  'warning drafts.school-lincoln .sectionRepeater[_key=5b0868088c9c].blocks[_key=f6f08ce47433].photoReel[_key=2348ce9427c1]: Empty slot: pick a photo or remove the slot',
  // an embedded object with no component (published and draft)
  'warning drafts.school-lincoln .sectionRepeater[_key=b44988a0885c].blocks[_key=a243d6c8a77d].body: "callToAction" is not shown on the site',
  // an inline icon-plugin object
  'warning school-harmon-park .sectionRepeater[_key=20237c788e5c].blocks[_key=41e3f2804efe].body: "inlineIcon" is not shown on the site',
  // the photo-reel slot an editor never filled (published and draft)
  'warning school-lincoln .sectionRepeater[_key=5b0868088c9c].blocks[_key=f6f08ce47433].photoReel[_key=2348ce9427c1]: Empty slot: pick a photo or remove the slot',
  // an embedded object with no component (published and draft)
  'warning school-lincoln .sectionRepeater[_key=b44988a0885c].blocks[_key=a243d6c8a77d].body: "callToAction" is not shown on the site',
];

describe('the sample against the Studio schema (Sanity validation, offline)', () => {
  let found: string[] = [];
  before(
    async () => {
      found = await findings(docs.filter((d) => CONTENT_TYPES.includes(d._type)));
    },
    { timeout: 120_000 },
  );

  it('finds exactly the deliberate faults, and nothing in the good content', () => {
    assert.deepEqual(found, EXPECTED);
  });

  it('covers every content document of the sample', () => {
    const types = new Set(docs.map((d) => d._type));
    assert.deepEqual([...types].filter((t) => !CONTENT_TYPES.includes(t)).sort(), [
      'sanity.fileAsset',
      'sanity.imageAsset',
    ]);
    assert.ok(docs.filter((d) => d._type === 'school').length >= 10);
  });

  it('rejects what the export skips: bad slugs, an empty title', async () => {
    const school = docs.find((d) => d._id === 'school-lincoln')!;
    const bad = [
      { ...school, _id: 'school-x1', slug: { _type: 'slug', current: '../escape' } },
      { ...school, _id: 'school-x2', slug: { _type: 'slug', current: 'a%2fb' } },
      { ...school, _id: 'school-x3', slug: undefined },
      { ...school, _id: 'school-x4', title: '   ', slug: { _type: 'slug', current: 'x4' } },
    ] as SanityDocument[];
    const got = (await findings(bad))
      .filter((f) => f.startsWith('error'))
      .map((f) => f.split(' ').slice(1, 3).join(' '));
    assert.deepEqual(got, ['school-x1 .slug:', 'school-x2 .slug:', 'school-x3 .slug:', 'school-x4 .title:']);
  });
});
