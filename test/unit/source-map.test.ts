// The embedded content service's Content Source Maps (content-service/source-map.ts) over the
// sample: a school page's strings map to the document and field an editor would open, through the
// projection's dereferences (the featured quote, accordions, the quote's school title), array items
// by `_key`; what cannot be traced is left out. Then the stega round trip as the preview runs it:
// @sanity/client encodes the map into the strings, and decoding one gives its document id and path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContentSourceMap } from '@sanity/client';
import { stegaClean, stegaEncodeSourceMap } from '@sanity/client/stega';
import { vercelStegaDecode } from '@vercel/stega';
import { runQuery } from '../../content-service/groq.ts';
import { resultSourceMap } from '../../content-service/source-map.ts';
import { schoolBySlugQuery } from '../../src/lib/content/queries.ts';
import { REPO_ROOT } from '../../core/paths.ts';

const docs = readFileSync(path.join(REPO_ROOT, 'content/sample/dataset.ndjson'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Record<string, unknown>)
  .filter((d) => !String(d._id).startsWith('drafts.'));

type School = {
  title: string;
  featuredQuote: { quote: string; schoolTitle: string };
  sectionRepeater: { _key: string; title: string; blocks: Record<string, unknown>[] }[];
};

async function lincoln(): Promise<{ school: School; csm: ContentSourceMap }> {
  const school = (await runQuery(schoolBySlugQuery, docs, { params: { slug: 'lincoln-middle' } })) as School;
  const csm = resultSourceMap(school, docs);
  assert.ok(csm, 'a map');
  return { school, csm };
}

/** The document id and source path a result path maps to, as the client reads the map. */
function source(csm: ContentSourceMap, resultPath: string): { id: string; path: string } | null {
  const m = csm.mappings[resultPath];
  if (!m || m.source.type !== 'documentValue') return null;
  return { id: csm.documents[m.source.document]!._id, path: csm.paths[m.source.path]! };
}

test('a school page maps its own fields, section items by _key, and the dereferenced quote to the quote', async () => {
  const { school, csm } = await lincoln();
  assert.deepEqual(source(csm, "$['title']"), { id: 'school-lincoln', path: "$['title']" });
  const section = school.sectionRepeater[0]!;
  assert.deepEqual(source(csm, "$['sectionRepeater'][0]['title']"), {
    id: 'school-lincoln',
    path: `$['sectionRepeater'][?(@._key=='${section._key}')]['title']`,
  });
  // featuredQuote->{ quote, ... }: the text is the quote document's field, not the school's.
  assert.deepEqual(source(csm, "$['featuredQuote']['quote']"), { id: 'quote-lincoln-1', path: "$['quote']" });
  // "schoolTitle": school->title, two hops: the quote's school reference, then that school's title.
  assert.equal(school.featuredQuote.schoolTitle, 'Lincoln Middle School');
  assert.deepEqual(source(csm, "$['featuredQuote']['schoolTitle']"), { id: 'school-lincoln', path: "$['title']" });
  // System fields and the slug are never mapped (nothing an editor types as text there).
  assert.equal(csm.mappings["$['_id']"], undefined);
  // Every mapping points at a value the document really holds.
  const byId = new Map(docs.map((d) => [d._id, d]));
  for (const [resultPath, m] of Object.entries(csm.mappings)) {
    assert.equal(m.source.type, 'documentValue');
    if (m.source.type !== 'documentValue') continue;
    const doc = byId.get(csm.documents[m.source.document]!._id)!;
    const value = walkPath(doc, csm.paths[m.source.path]!);
    assert.equal(value, walkPath(school, resultPath), `${resultPath} → ${csm.paths[m.source.path]}`);
  }
});

test('dereferenced accordions with their _id map to the accordion documents', async () => {
  const { school, csm } = await lincoln();
  const hits = Object.keys(csm.mappings).filter(
    (p) => p.includes("['accordions']") && p.endsWith("['accordionTitle']"),
  );
  assert.ok(hits.length > 0, 'some accordion titles are mapped');
  for (const p of hits) {
    const s = source(csm, p)!;
    assert.match(s.id, /^accordion-/);
    assert.equal(s.path, "$['accordionTitle']");
    assert.ok(school);
  }
});

test('over the drafts perspective the map names the draft the value came from', async () => {
  const draft = { _id: 'school-x', _originalId: 'drafts.school-x', _type: 'school', title: 'Draft title' };
  const csm = resultSourceMap({ _id: 'school-x', _type: 'school', title: 'Draft title' }, [draft]);
  assert.deepEqual(source(csm!, "$['title']"), { id: 'drafts.school-x', path: "$['title']" });
});

test('literals, computed strings and ambiguous values stay out of the map', async () => {
  const result = await runQuery(
    `*[_id == "school-lincoln"][0]{ "literal": "Hello", "upper": upper(title), "slug": slug.current }`,
    docs,
    { params: {} },
  );
  const csm = resultSourceMap(result, docs);
  // The slug is the school's own value (found by value, once): mapped, and the client's filter skips it.
  assert.equal(csm?.mappings["$['literal']"], undefined);
  assert.equal(csm?.mappings["$['upper']"], undefined);
  assert.equal(resultSourceMap(['a', 'b'], docs), null, 'strings with no document around them');
});

test('stega round trip: an encoded string decodes to its document id and field path, and cleans back', async () => {
  const { school, csm } = await lincoln();
  const studioUrl = 'http://127.0.0.1:3333';
  const encoded = stegaEncodeSourceMap(school, csm, { enabled: true, studioUrl }) as School;
  assert.notEqual(encoded.title, school.title, 'the title carries invisible characters');
  assert.deepEqual(stegaClean(encoded), school, 'stegaClean gives back the exact result');
  const decode = (s: string) => {
    const d = vercelStegaDecode(s) as { origin: string; href: string } | undefined;
    assert.ok(d, `decodes: ${JSON.stringify(stegaClean(s))}`);
    const url = new URL(d.href);
    return { origin: d.origin, id: url.searchParams.get('id'), path: url.searchParams.get('path') };
  };
  assert.deepEqual(decode(encoded.title), { origin: 'sanity.io', id: 'school-lincoln', path: 'title' });
  assert.deepEqual(decode(encoded.featuredQuote.quote), { origin: 'sanity.io', id: 'quote-lincoln-1', path: 'quote' });
  const key = school.sectionRepeater[0]!._key;
  assert.deepEqual(decode(encoded.sectionRepeater[0]!.title), {
    origin: 'sanity.io',
    id: 'school-lincoln',
    path: `sectionRepeater[_key=="${key}"].title`,
  });
});

/** Reads a JSON path of the forms the map uses: ['key'], [0] and [?(@._key=='k')]. */
function walkPath(root: unknown, p: string): unknown {
  let node = root as unknown;
  for (const m of p.matchAll(/\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]|\[\?\(@\._key=='((?:[^'\\]|\\.)*)'\)\]/g)) {
    if (m[1] !== undefined) node = (node as Record<string, unknown>)?.[m[1]];
    else if (m[2] !== undefined) node = (node as unknown[])?.[Number(m[2])];
    else node = (node as { _key?: string }[])?.find((x) => x?._key === m[3]);
  }
  return node;
}
