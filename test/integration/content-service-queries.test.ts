// Acceptance: the site's own GROQ, run by the real @sanity/client against the embedded service,
// returns the shapes src/lib/content/types.ts promises; perspectives hide or overlay drafts as the hosted
// API does; bad queries and bad tokens fail the way the client reports usefully. A second suite
// runs the same checks over the bundled sample (content/sample) when it exists.
import { watchedIds } from '../../server/lib/change-relay.ts';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SanityClient } from '@sanity/client';
import { createClient } from '@sanity/client';
import * as queries from '../../src/lib/content/queries.ts';
import { embeddedConfig, PREVIEW_API_VERSION } from '../../src/config/public.ts';
import { createPublicClient } from '../../src/build/public-client.ts';
import { mapLandingGrid, mapNavigation } from '../../src/lib/content/mapping.ts';
import type { NavigationSchoolRow, School } from '../../src/lib/content/types.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { checkSchool, siteQueries, runAllSiteQueries } from './helpers/site-query-shapes.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../content/sample', import.meta.url));
const TOKEN = 'test-token-queries-0123456789';

// ---- the fixture ------------------------------------------------------------------------------

let service: ContentService;
let publicClient: SanityClient;
let previewClient: SanityClient;
let anonymousPreview: SanityClient;

describe('content service over test/fixtures/mini, through @sanity/client', () => {
  before(async () => {
    service = await startContentService({ contentDir: MINI, token: TOKEN, watch: false });
    const cfg = embeddedConfig(service.url);
    publicClient = createPublicClient(cfg);
    previewClient = createPreviewClient(cfg, TOKEN);
    anonymousPreview = createPreviewClient(cfg, null);
  });

  after(() => service.close());

  it('listens on loopback and reports its URL without a trailing slash', () => {
    assert.match(service.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers every site query with the shapes the site expects', async () => {
    assert.ok(siteQueries.length >= 8, 'found the site queries');
    const out = await runAllSiteQueries(publicClient, 'mini');
    assert.deepEqual(
      (out.navigationSchoolsQuery as NavigationSchoolRow[]).map((r) => r.title),
      ['Aurora Middle School', 'Beacon Charter School', 'Career Innovation Center', 'Lincoln Middle School'],
    );
  });

  it('expands every reference of a school page, with dangling ones as null', async () => {
    const s = await publicClient.fetch<School>(queries.schoolBySlugQuery, { slug: 'aurora-middle' });
    assert.equal(s.title, 'Aurora Middle School');
    assert.equal(s.slug, 'aurora-middle');
    assert.deepEqual(s.featuredQuote, {
      quote: 'Teachers here know my name.',
      student: 'Jonah P.',
      year: 'Class of 2027',
      schoolTitle: 'Aurora Middle School',
    });
    const [academics, life] = s.sectionRepeater!;
    const highlights = academics!.blocks![1] as { highlights: ({ title: string } | null)[] };
    assert.deepEqual(
      highlights.highlights.map((h) => h?.title ?? null),
      ['Honors courses', 'Focus pathways', null],
    );
    const acc = academics!.blocks![2] as { accordions: { accordionTitle: string; defaultOpen: boolean }[] };
    assert.deepEqual(
      acc.accordions.map((a) => [a.accordionTitle, a.defaultOpen]),
      [
        ['Bell schedule', true],
        ['Lunch', false],
      ],
    );
    const vt = life!.blocks![0] as {
      testimonial: { student: string; schoolTitle: string };
      video: { videoId: string };
    };
    assert.equal(vt.testimonial.schoolTitle, 'Aurora Middle School');
    assert.equal(vt.video.videoId, 'dQw4w9WgXcQ');
    assert.equal(life!.blocks![4]!._type, 'mysteryWidget', 'unknown blocks pass through for the fallback');
    assert.equal(s.mainImage?.hotspot?.x, 0.75);
  });

  it('feeds the mapping functions: charter schools last, hidden titles off the grid', async () => {
    const nav = mapNavigation(await publicClient.fetch(queries.navigationSchoolsQuery));
    assert.deepEqual(
      nav.map((n) => n.name),
      ['Aurora Middle School', 'Career Innovation Center', 'Lincoln Middle School', 'Beacon Charter School'],
    );
    const grid = mapLandingGrid(await publicClient.fetch(queries.landingSchoolsQuery));
    assert.deepEqual(
      grid.map((c) => c.slug),
      ['aurora-middle', 'beacon-charter', 'lincoln-middle'],
    );
  });

  it('keeps drafts out of published reads, even when asked by id', async () => {
    const published = await publicClient.fetch<School>(queries.schoolBySlugQuery, { slug: 'lincoln-middle' });
    assert.equal(published.title, 'Lincoln Middle School');
    assert.equal(await publicClient.fetch(queries.schoolBySlugQuery, { slug: 'summit-charter' }), null);
    assert.equal(await publicClient.fetch(queries.draftLookupQuery, { draftId: 'drafts.school-lincoln' }), null);
    assert.equal(await anonymousPreview.fetch('count(*[_id in path("drafts.**")])'), 0);
  });

  it('overlays drafts with the token (perspective drafts), under the published id', async () => {
    const s = await previewClient.fetch<School & { _originalId?: string }>(
      `*[_id == $id][0]{..., "_originalId": _originalId}`,
      { id: 'school-lincoln' },
    );
    assert.equal(s.title, 'Lincoln Middle School (draft)');
    assert.equal(s._id, 'school-lincoln');
    assert.equal(s._originalId, 'drafts.school-lincoln');
    const full = await previewClient.fetch<School>(queries.schoolBySlugQuery, { slug: 'lincoln-middle' });
    checkSchool(full, 'draft lincoln');
    assert.equal(full.sectionRepeater?.[0]?.title, 'About (draft)');
    const summit = await previewClient.fetch<School>(queries.schoolBySlugQuery, { slug: 'summit-charter' });
    assert.equal(summit._id, 'school-summit', 'a draft-only school appears under its published id');
    const navTitles = (await previewClient.fetch<NavigationSchoolRow[]>(queries.navigationSchoolsQuery)).map(
      (r) => r.title,
    );
    assert.ok(navTitles.includes('Summit Charter Academy') && navTitles.includes('Lincoln Middle School (draft)'));
    assert.ok(!navTitles.includes('Lincoln Middle School'), 'the published version is replaced, not duplicated');
  });
  it('shows published and draft documents side by side in the raw perspective (token only)', async () => {
    const ids = await previewClient.fetch<string[]>(
      queries.schoolIdsBySlugQuery,
      { slug: 'lincoln-middle' },
      { perspective: 'raw' },
    );
    assert.deepEqual(ids, ['drafts.school-lincoln', 'school-lincoln']);
    assert.equal(
      await previewClient.fetch(queries.draftLookupQuery, { draftId: 'drafts.school-summit' }, { perspective: 'raw' }),
      'drafts.school-summit',
    );
    // Without the token, raw and drafts answer 200 with published documents only (as hosted), never a dotted id.
    const published = await publicClient.fetch<string[]>('*[]._id', {}, { perspective: 'published' });
    for (const perspective of ['raw', 'drafts'] as const) {
      const anonIds = await publicClient.fetch<string[]>('*[]._id', {}, { perspective, useCdn: false });
      assert.deepEqual([...anonIds].sort(), [...published].sort(), perspective);
      assert.ok(anonIds.length > 0 && !anonIds.some((id) => id.includes('.')), perspective);
    }
  });

  it('answers long queries sent as POST the same as GET', async () => {
    const padding = ' '.repeat(12_000);
    const viaPost = await previewClient.fetch(`${padding}${queries.navigationSchoolsQuery}`);
    const viaGet = await previewClient.fetch(queries.navigationSchoolsQuery);
    assert.deepEqual(viaPost, viaGet);
  });

  it('returns the hosted response envelope {query, result, ms}', async () => {
    const res = await publicClient.fetch('count(*[_type == "school"])', {}, { filterResponse: false });
    assert.equal(res.result, 5);
    assert.equal(res.query, 'count(*[_type == "school"])');
    assert.equal(typeof res.ms, 'number');
  });

  it('rejects a bad query with a 400 the client turns into a readable parse error', async () => {
    await assert.rejects(
      publicClient.fetch('*[_type == "school"'),
      (err: Error & { statusCode?: number; details?: { type?: string } }) => {
        assert.equal(err.statusCode, 400);
        assert.equal(err.details?.type, 'queryParseError');
        assert.match(err.message, /GROQ query parse error/);
        return true;
      },
    );
    await assert.rejects(publicClient.fetch(queries.schoolBySlugQuery), /param \$slug referenced, but not provided/);
    await assert.rejects(publicClient.fetch('*[nosuchfunction(_id)]'), /nosuchfunction/i);
  });

  it('refuses a wrong token with 401 on every kind of request', async () => {
    const wrong = createClient({
      projectId: 'embedded',
      dataset: 'production',
      apiVersion: PREVIEW_API_VERSION,
      useCdn: false,
      token: 'wrong-token',
      apiHost: service.url,
      useProjectHostname: false,
    });
    await assert.rejects(
      wrong.fetch('count(*)'),
      (err: Error & { statusCode?: number }) => err.statusCode === 401 && /Unauthorized/.test(err.message),
    );
    await assert.rejects(
      wrong.getDocument('school-aurora'),
      (err: Error & { statusCode?: number }) => err.statusCode === 401,
    );
    const img = await fetch(`${service.url}/images/embedded/production/a1f0c3d2e5-400x300.jpg`, {
      headers: { authorization: 'Bearer nope' },
    });
    assert.equal(img.status, 401);
  });

  it('reads documents by id through the doc endpoint; drafts only with the token', async () => {
    const [aurora, missing] = await publicClient.getDocuments(['school-aurora', 'no-such-doc']);
    assert.equal(aurora?.title, 'Aurora Middle School');
    assert.equal(missing, null);
    // A draft without the token is left out and listed under `omitted` with reason "permission" (as hosted).
    assert.equal(await publicClient.getDocument('drafts.school-lincoln'), undefined);
    const res = await fetch(`${service.url}/v2025-02-19/data/doc/production/school-aurora,drafts.school-lincoln,nope`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { documents: { _id: string }[]; omitted: { id: string; reason: string }[] };
    assert.deepEqual(
      body.documents.map((d) => d._id),
      ['school-aurora'],
    );
    assert.deepEqual(body.omitted, [
      { id: 'drafts.school-lincoln', reason: 'permission' },
      { id: 'nope', reason: 'existence' },
    ]);
    const draft = await previewClient.getDocument('drafts.school-lincoln');
    assert.equal(draft?.title, 'Lincoln Middle School (draft)');
  });
  it('answers 404 for another dataset name and unknown API versions', async () => {
    const other = createPublicClient(embeddedConfig(service.url, 'staging'));
    await assert.rejects(
      other.fetch('count(*)'),
      (err: Error & { statusCode?: number }) => err.statusCode === 404 && /staging/.test(err.message),
    );
    const res = await fetch(`${service.url}/vBAD/data/query/production?query=1`);
    assert.equal(res.status, 404);
  });

  it('allows browsers to read published data across origins (CORS)', async () => {
    const res = await fetch(`${service.url}/v1/data/query/production?query=1`, {
      headers: { origin: 'http://127.0.0.1:8080' },
    });
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const pre = await fetch(`${service.url}/v1/data/query/production`, {
      method: 'OPTIONS',
      headers: { origin: 'http://x', 'access-control-request-method': 'POST' },
    });
    assert.equal(pre.status, 204);
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /authorization/);
  });
});
// ---- the bundled sample -----------------------------------------------------------------------

const sampleExists = existsSync(`${SAMPLE}/dataset.ndjson`);
describe('content service over content/sample', {
  skip: sampleExists ? false : 'content/sample/dataset.ndjson does not exist yet (generated by npm run sample)',
}, () => {
  let service: ContentService;
  const warnings: string[] = [];
  before(async () => {
    service = await startContentService({
      contentDir: SAMPLE,
      token: TOKEN,
      watch: false,
      log: (m) => warnings.push(m),
    });
  });
  after(() => service?.close());

  it('loads without malformed lines', () => {
    assert.deepEqual(warnings, []);
  });

  it('answers every site query with the expected shapes, published and drafts', async () => {
    const cfg = embeddedConfig(service.url);
    const out = await runAllSiteQueries(createPublicClient(cfg), 'sample');
    assert.ok((out.navigationSchoolsQuery as unknown[]).length >= 3, 'the sample has several schools');
    await runAllSiteQueries(createPreviewClient(cfg, TOKEN), 'sample drafts');
  });

  it('reads a school with its Spanish translation, and the English school a changed translation reaches', async () => {
    const client = createPublicClient(embeddedConfig(service.url));
    const lincoln = await client.fetch<School & { translations: { lang: string; doc: School }[] }>(
      queries.schoolBySlugQuery,
      { slug: 'lincoln-middle' },
    );
    assert.equal(lincoln._id, 'school-lincoln', 'the English school, never its translation');
    assert.deepEqual(
      lincoln.translations.map((t) => t.lang),
      ['es'],
    );
    assert.equal(lincoln.translations[0]!.doc.subtitle, 'El hogar de los Leones desde 1962');
    assert.equal(lincoln.translations[0]!.doc.featuredQuote?.schoolTitle, 'Lincoln Middle School');
    // A school without a translation: null, and its Spanish page falls back (src/lib/content/localize.ts).
    const riverside = await client.fetch<{ translations: unknown }>(queries.schoolBySlugQuery, { slug: 'riverside' });
    assert.equal(riverside.translations, null);
    const nav = await client.fetch<NavigationSchoolRow[]>(queries.navigationSchoolsQuery);
    assert.equal(nav.filter((r) => r.slug === 'lincoln-middle').length, 1, 'a translation is not listed as a school');
    // The incremental read, for the changed Spanish document alone and for its metadata.
    for (const id of ['school-lincoln__i18n_es', 'translation-metadata-lincoln']) {
      const changed = await client.fetch<{ translated: { _id: string }[]; schools: School[] }>(
        queries.exportChangedQuery,
        { ids: [id] },
      );
      assert.deepEqual(
        changed.schools.map((s) => s._id),
        ['school-lincoln'],
        `${id} reaches its English school`,
      );
      assert.deepEqual(
        changed.translated.map((r) => r._id),
        ['school-lincoln'],
        `${id}: the English school's rows`,
      );
    }
  });

  it("the preview relay watches a school's translation and what it references", async () => {
    const client = createPreviewClient(embeddedConfig(service.url), TOKEN);
    const links = await client.fetch(queries.translationLinksQuery, { id: 'school-lincoln' }, { perspective: 'raw' });
    assert.deepEqual(links, [
      { _id: 'translation-metadata-lincoln', ids: ['school-lincoln', 'school-lincoln__i18n_es'] },
    ]);
    const watched = await watchedIds(client, 'school-lincoln');
    for (const id of ['translation-metadata-lincoln', 'school-lincoln__i18n_es', 'quote-lincoln-1__i18n_es'])
      assert.ok(watched.includes(id), `${id} is watched`);
  });

  it('serves every image the sample references', async () => {
    const client = createPreviewClient(embeddedConfig(service.url), TOKEN);
    const refs = await client.fetch<string[]>(
      'array::unique(*[_type == "sanity.imageAsset"]._id)',
      {},
      { perspective: 'raw' },
    );
    assert.ok(refs.length > 0);
    for (const ref of refs.slice(0, 40)) {
      const m = /^image-([A-Za-z0-9]+)-(\d+x\d+)-(\w+)$/.exec(ref);
      assert.ok(m, `asset id ${ref} follows the content model`);
      const res = await fetch(`${service.url}/images/embedded/production/${m[1]}-${m[2]}.${m[3]}?w=64`);
      assert.equal(res.status, 200, `${ref} is served`);
      await res.arrayBuffer();
    }
  });
});
