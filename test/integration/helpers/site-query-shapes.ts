import assert from 'node:assert/strict';
import type { SanityClient } from '@sanity/client';
import * as queries from '../../../src/lib/content/queries.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../../src/lib/content/types.ts';

export const isStr = (v: unknown): boolean => typeof v === 'string';
export const optional = (v: unknown, check: (x: unknown) => boolean): boolean =>
  v === undefined || v === null || check(v);
export const isImage = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null) return false;
  const asset = (v as { asset?: { _ref?: unknown } }).asset;
  return (
    asset === undefined ||
    asset === null ||
    (typeof asset === 'object' && (asset._ref === undefined || isStr(asset._ref)))
  );
};

/** Any `{_type: 'reference', _ref}` left outside an image's `asset` means a projection forgot to expand it. */
export function unexpandedRefs(value: unknown, path = '$', out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v, i) => unexpandedRefs(v, `${path}[${i}]`, out));
  else if (typeof value === 'object' && value !== null) {
    const rec = value as Record<string, unknown>;
    if (typeof rec._ref === 'string' && !path.endsWith('.asset') && !rec._ref.startsWith('image-'))
      out.push(`${path} -> ${rec._ref}`);
    for (const [k, v] of Object.entries(rec)) unexpandedRefs(v, `${path}.${k}`, out);
  }
  return out;
}

export function checkSchool(s: School, label: string): void {
  const at = (f: string): string => `${label}: ${f}`;
  assert.ok(isStr(s._id), at('_id'));
  for (const f of [
    'title',
    'subtitle',
    'slug',
    'staticLogo',
    'staticImage',
    'color',
    'twitter',
    'seoDescription',
    'tourTitle',
    'tourLink',
  ] as const) {
    assert.ok(optional(s[f], isStr), at(`${f} is a string when present`));
  }
  for (const f of ['logo', 'image', 'mainImage', 'seoImage', 'tourImage'] as const)
    assert.ok(optional(s[f], isImage), at(`${f} is an image`));
  assert.ok(
    optional(s.isCharter, (v) => typeof v === 'boolean'),
    at('isCharter'),
  );
  assert.ok(
    optional(s.location, (v) => typeof (v as { lat: unknown }).lat === 'number'),
    at('location'),
  );
  assert.ok(
    optional(s.featuredQuote, (q) => typeof q === 'object' && !('_ref' in (q as object))),
    at('featuredQuote expanded'),
  );
  assert.ok(optional(s.tourDescription, Array.isArray), at('tourDescription'));
  assert.ok(optional(s.sectionRepeater, Array.isArray), at('sectionRepeater'));
  for (const section of s.sectionRepeater ?? []) {
    if (!section) continue;
    assert.ok(optional(section.blocks, Array.isArray), at(`section ${section._key} blocks`));
    for (const block of section.blocks ?? []) {
      if (!block) continue;
      assert.ok(isStr(block._type), at('block _type'));
      if (block._type === 'accordionSection') {
        for (const a of (block as { accordions?: unknown[] }).accordions ?? [])
          assert.ok(
            a === null || (typeof a === 'object' && 'accordionTitle' in (a as object)),
            at('accordion expanded'),
          );
      }
      if (block._type === 'highlightSection') {
        for (const h of (block as { highlights?: unknown[] }).highlights ?? [])
          assert.ok(h === null || (typeof h === 'object' && 'title' in (h as object)), at('highlight expanded'));
      }
    }
  }
  assert.deepEqual(unexpandedRefs(s), [], at('every reference expanded'));
}

export function checkNavRow(r: NavigationSchoolRow): void {
  assert.deepEqual(Object.keys(r).sort(), ['_id', 'isCharter', 'logo', 'slug', 'staticLogo', 'subtitle', 'title']);
  assert.ok(isStr(r._id) && isStr(r.slug));
}

export function checkLandingRow(r: LandingSchoolRow): void {
  assert.deepEqual(Object.keys(r).sort(), [
    '_id',
    'color',
    'logo',
    'mainImage',
    'seoDescription',
    'slug',
    'title',
    'translationMeta',
    'translations',
  ]);
  assert.ok(isStr(r._id) && isStr(r.slug));
  assert.ok(optional(r.mainImage, isImage));
}

/** Every exported GROQ string in queries.ts, so a new query cannot slip past these tests. */
export const siteQueries = Object.entries(queries).filter(
  ([name, v]) => name.endsWith('Query') && typeof v === 'string',
) as [string, string][];

export const PARAMS_FOR: Record<string, (ids: { slug: string; id: string }) => Record<string, unknown>> = {
  schoolBySlugQuery: ({ slug }) => ({ slug }),
  schoolByIdQuery: ({ id }) => ({ id }),
  schoolIdsBySlugQuery: ({ slug }) => ({ slug }),
  draftLookupQuery: ({ id }) => ({ draftId: queries.draftIdOf(id) }),
  referrersQuery: ({ id }) => ({ ids: [id] }),
  exportChangedQuery: ({ id }) => ({ ids: [id] }),
  exportSchoolsQuery: ({ id }) => ({ ids: [id] }),
  documentsByIdQuery: ({ id }) => ({ ids: [id] }),
  translationLinksQuery: ({ id }) => ({ id }),
};

/** Runs every site query and checks its shape; returns the results by query name. */
export async function runAllSiteQueries(client: SanityClient, label: string): Promise<Record<string, unknown>> {
  const nav = await client.fetch<NavigationSchoolRow[]>(queries.navigationSchoolsQuery);
  assert.ok(Array.isArray(nav) && nav.length > 0, `${label}: navigation lists schools`);
  const first = nav[0]!;
  const ids = { slug: first.slug!, id: first._id };
  const out: Record<string, unknown> = {};
  for (const [name, q] of siteQueries) {
    const params = PARAMS_FOR[name]?.(ids) ?? {};
    out[name] = await client.fetch(q, params);
  }
  (out.navigationSchoolsQuery as NavigationSchoolRow[]).forEach(checkNavRow);
  (out.landingSchoolsQuery as LandingSchoolRow[]).forEach(checkLandingRow);
  checkSchool(out.schoolBySlugQuery as School, `${label} schoolBySlug`);
  checkSchool(out.schoolByIdQuery as School, `${label} schoolById`);
  for (const s of out.allSchoolsQuery as School[]) checkSchool(s, `${label} ${s._id}`);
  assert.ok((out.schoolIdsBySlugQuery as string[]).includes(first._id), `${label}: ids by slug include the school`);
  // The export's reads: the full one holds the site's lists and a revision for each of them.
  const full = out.exportContentQuery as {
    revs: { _id: string; _rev: string }[];
    nav: unknown[];
    landing: unknown[];
    schools: School[];
  };
  assert.deepEqual(full.nav, out.navigationSchoolsQuery, `${label}: export nav rows`);
  assert.deepEqual(full.schools, out.allSchoolsQuery, `${label}: export schools`);
  const revs = new Map(full.revs.map((r) => [r._id, r._rev]));
  for (const s of full.schools) assert.ok(isStr(revs.get(s._id)), `${label}: ${s._id} has a revision`);
  // The same read in parts: the ids in order, the lists, and a part's schools expanded alike, each with the revisions.
  const head = out.exportIdsQuery as { revs: unknown[]; ids: string[] };
  const lists = out.exportListsQuery as { revs: unknown[]; nav: unknown[]; landing: unknown[] };
  const part = out.exportSchoolsQuery as { revs: unknown[]; schools: School[] };
  assert.deepEqual(
    head.ids,
    full.schools.map((s) => s._id),
    `${label}: export ids`,
  );
  assert.deepEqual([lists.nav, lists.landing], [full.nav, full.landing], `${label}: export lists`);
  assert.deepEqual(
    part.schools,
    full.schools.filter((s) => s._id === first._id),
    `${label}: a part's schools`,
  );
  for (const r of [head.revs, lists.revs, part.revs]) assert.deepEqual(r, full.revs, `${label}: each part's revisions`);
  // The incremental one, for one school: its revision and rows, and the school expanded like allSchools.
  const changed = out.exportChangedQuery as {
    ids: { _id: string; _rev: string; nav: unknown; landing: unknown }[];
    schools: School[];
  };
  assert.deepEqual(
    changed.ids.map((r) => [r._id, r._rev]),
    [[first._id, revs.get(first._id)]],
    `${label}: changed ids`,
  );
  assert.deepEqual(changed.ids[0]!.nav, first, `${label}: changed nav row`);
  assert.deepEqual(
    changed.schools.find((s) => s._id === first._id),
    full.schools.find((s) => s._id === first._id),
    `${label}: changed school`,
  );
  assert.ok((out.referrersQuery as string[]).every(isStr), `${label}: referrers are ids`);
  assert.deepEqual(
    (out.documentsByIdQuery as { _id: string }[]).map((d) => d._id),
    [first._id],
    `${label}: documents by id`,
  );
  return out;
}
