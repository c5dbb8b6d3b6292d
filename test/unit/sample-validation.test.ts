// The Studio's validation is the editors' half of the content contract: what it rejects, the
// export skips or repairs. This compiles the Studio schema and runs Sanity's own validateDocument
// over every document of the bundled sample, offline (references are checked against the sample
// itself), and expects exactly the faults the sample generator put there on purpose
// (scripts/lib/sample-build.ts): so a schema rule that is too strict (flags good content) or too
// loose (misses a deliberate fault) fails here.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { evaluate, parse } from 'groq-js';
import { createSchema, validateDocument, type SanityClient, type SanityDocument, type Workspace } from 'sanity';
import { schemaTypes } from '../../studio/src/schemaTypes/index.ts';

const docs = readFileSync(new URL('../../content/sample/dataset.ndjson', import.meta.url), 'utf8')
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line) as SanityDocument);
const ids = new Set(docs.map((d) => d._id));
/** The content types editors write; sanity.imageAsset documents are Sanity's own (the sample's lack the hosted `url`). */
const CONTENT_TYPES = [
  'school',
  'quote',
  'video',
  'highlight',
  'accordion',
  'landingPage',
  'siteSettings',
  'translation.metadata',
];

/**
 * The one client call validation makes for this schema is the slug field's uniqueness check
 * (a GROQ query): answered here by groq-js over the sample, so nothing leaves the machine.
 */
const sampleClient = {
  withConfig: () => sampleClient,
  fetch: async (query: string, params: Record<string, unknown> = {}) =>
    (await evaluate(parse(query), { dataset: docs, params })).get(),
} as unknown as SanityClient;

/** Every finding as one line: "<level> <_id> <path>: <message>". */
async function findings(documents: SanityDocument[]): Promise<string[]> {
  const schema = createSchema({ name: 'default', types: schemaTypes });
  // validateDocument reads only schema, i18n (falls back to English) and getClient from the workspace.
  const workspace = { schema, getClient: () => sampleClient } as unknown as Workspace;
  const out: string[] = [];
  for (const document of documents) {
    const markers = await validateDocument({
      document,
      workspace,
      getClient: () => sampleClient,
      // 'studio', as editors see it when they publish: with 'cli', Sanity 5 appends an
      // unknown-fields .warning() to every object field's rule, which turns the slug's own errors
      // into warnings.
      environment: 'studio',
      // Sanity checks that a strong reference's target exists and is published.
      getDocumentExists: async ({ id }) => ids.has(id),
    });
    for (const m of markers) {
      const path = m.path
        .map((s) =>
          typeof s === 'object'
            ? '_key' in s
              ? `[_key=${s._key}]`
              : `[${JSON.stringify(s)}]`
            : typeof s === 'number'
              ? `[${s}]`
              : `.${s}`,
        )
        .join('');
      out.push(`${m.level} ${document._id} ${path}: ${m.message}`);
    }
  }
  return out.sort();
}

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
