// Click-to-edit's server side, over HTTP: the content service answers
// ?resultSourceMap as the hosted API does; the preview encodes stega only for sessions the Studio
// opened (its handshake sets the marker cookie, a shared ?secret= link clears it), never into
// values the page uses as values (slug, colour, links, a tag category), never into the document
// head; such pages may be framed by the Studio and allow the overlays' inline styles. And the
// families' export carries none of it: no stega character in any exported file, no router or
// overlay code in its scripts.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@sanity/client';
import { stegaClean } from '@sanity/client/stega';
import { VERCEL_STEGA_REGEX, vercelStegaDecode } from '@vercel/stega';
import type { FastifyInstance } from 'fastify';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig, PREVIEW_API_VERSION } from '../../src/config/public.ts';
import { schoolBySlugQuery } from '../../src/lib/content/queries.ts';
import type { School } from '../../src/lib/content/types.ts';
import type { ContentService } from '../../content-service/index.ts';
import { listFiles } from '../../scripts/lib/list-files.ts';
import { cleanEnv, removeDir, runExport, SAMPLE, tempDir } from './export-helpers.ts';
import { startFixtureService } from './helpers/preview-fixture.ts';

const TOKEN = `tok_${'f3'.repeat(20)}`;
const SECRET = `preview-secret-${'w2'.repeat(10)}`;
const STUDIO = 'http://127.0.0.1:3333';

let service: ContentService;
let app: FastifyInstance;
let session = '';
const work = tempDir('preview-stega');

const hasStega = (s: string): boolean => new RegExp(VERCEL_STEGA_REGEX.source, 'u').test(s);

before(async () => {
  // Read-only use of the sample: nothing here writes.
  service = await startFixtureService(SAMPLE, TOKEN);
  app = await buildPreviewServer(
    { content: { config: embeddedConfig(service.url), token: TOKEN }, previewSecret: SECRET, studioUrl: STUDIO },
    { logLevel: 'silent' },
  );
  const login = await app.inject({ method: 'GET', url: `/?secret=${SECRET}` });
  session = String(login.headers['set-cookie']).split(';')[0]!;
});

after(async () => {
  await app?.close();
  await service?.close();
  removeDir(work);
});

test('the content service answers resultSourceMap only when asked, as the hosted API does', async () => {
  const client = createClient({
    projectId: 'embedded',
    dataset: 'production',
    apiVersion: PREVIEW_API_VERSION,
    useCdn: false,
    apiHost: service.url,
    useProjectHostname: false,
    token: TOKEN,
  });
  const params = { slug: 'lincoln-middle' };
  const withMap = await client.fetch(schoolBySlugQuery, params, {
    filterResponse: false,
    resultSourceMap: 'withKeyArraySelector',
  });
  const m = withMap.resultSourceMap?.mappings["$['title']"];
  assert.ok(m && m.source.type === 'documentValue', 'the title is mapped');
  assert.equal(withMap.resultSourceMap!.documents[m.source.document]!._id, 'school-lincoln');
  assert.equal(withMap.resultSourceMap!.paths[m.source.path], "$['title']");
  const plain = await client.fetch(schoolBySlugQuery, params, { filterResponse: false });
  assert.equal(plain.resultSourceMap, undefined);
});

test('Studio sessions get stega in page data, never in values the page uses as values', async () => {
  const get = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/schools/lincoln-middle', headers: { cookie } }).then((r) => {
      assert.equal(r.statusCode, 200, r.body);
      return r.json<{ school: School }>().school;
    });
  const plain = await get(session);
  assert.ok(!hasStega(JSON.stringify(plain)), 'a shared preview link shows plain text');

  const school = await get(`${session}; preview_studio=1`);
  assert.deepEqual(stegaClean(school), plain, 'the same content once cleaned');
  const title = vercelStegaDecode(school.title ?? '') as { href: string };
  const href = new URL(title.href);
  assert.equal(href.origin + href.pathname.split('/intent')[0], STUDIO, 'edits open in the configured Studio');
  assert.equal(href.searchParams.get('id'), 'school-lincoln');
  assert.equal(href.searchParams.get('path'), 'title');
  const quote = vercelStegaDecode(String(school.featuredQuote?.quote ?? '')) as { href: string };
  assert.equal(new URL(quote.href).searchParams.get('id'), 'quote-lincoln-1');
  // Values the page uses as values stay exactly as stored.
  assert.equal(school.slug, plain.slug);
  assert.equal(school.color, plain.color);
  assert.equal(school.twitter, plain.twitter);
  // Facts read by their form (HH:MM, five digits) would fail their check and vanish.
  assert.deepEqual(school.bellTimes, plain.bellTimes);
  assert.deepEqual(school.attendanceZipCodes, plain.attendanceZipCodes);
  for (const section of school.sectionRepeater ?? [])
    for (const block of (section?.blocks ?? []) as Record<string, unknown>[]) {
      if ('tagCategory' in block) assert.ok(!hasStega(String(block.tagCategory)), 'tagCategory');
      for (const k of ['href', 'link', 'videoId', '_key', '_type'])
        if (typeof block[k] === 'string') assert.ok(!hasStega(block[k] as string), k);
    }
});

test('a Studio page: stega in the body, none in the head; framed by the Studio only; inline styles for the overlays', async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/schools/lincoln-middle?livepreview=1',
    headers: { cookie: `${session}; preview_studio=1` },
  });
  assert.equal(res.statusCode, 200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  assert.ok(!hasStega(head), 'no stega in the title or meta tags');
  assert.ok(hasStega(res.body), 'the page text carries stega');
  assert.match(res.body, /7:00\s*AM/, 'the bell times show in "At a glance"');
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, new RegExp(`frame-ancestors 'self' ${STUDIO}`));
  assert.match(csp, /style-src 'self' 'unsafe-inline'/);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.equal(res.headers['x-frame-options'], undefined);

  const shared = await app.inject({ method: 'GET', url: '/schools/lincoln-middle', headers: { cookie: session } });
  assert.ok(!hasStega(shared.body));
  assert.doesNotMatch(String(shared.headers['content-security-policy']), /unsafe-inline/);

  // A shared link opened in a browser that was in the Studio ends the Studio mode.
  const again = await app.inject({
    method: 'GET',
    url: `/?secret=${SECRET}`,
    headers: { cookie: `${session}; preview_studio=1` },
  });
  assert.match(String(again.headers['set-cookie']), /preview_studio=;/);
});

test('the families’ export carries no stega and no router or overlay code', async () => {
  const out = path.join(work, 'out');
  const r = await runExport(
    ['--content', SAMPLE, '--out', out],
    cleanEnv({ EXPORT_MANIFEST_DIR: path.join(work, 'manifests') }),
    180_000,
  );
  assert.equal(r.code, 0, r.stderr);
  const files = listFiles(out).filter((f) => /\.(html|json|xml|js|txt)$/.test(f));
  assert.ok(files.some((f) => f.endsWith('.html')));
  const withStega = files.filter((f) => hasStega(readFileSync(path.join(out, f), 'utf8')));
  assert.deepEqual(withStega, [], 'files with stega characters');
  const scripts = files.filter((f) => f.endsWith('.js'));
  for (const f of scripts) {
    const js = readFileSync(path.join(out, f), 'utf8');
    assert.doesNotMatch(js, /useNavigate\(\) may be used only|sanity\/comlink|visual-editing/, f);
  }
});
