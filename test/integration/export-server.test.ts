// `npm start`'s server must behave like the static hosts the export is deployed to, so what people
// see locally is what families get: directory indexes, 404.html with status 404, real content
// types for media, and year-long caching only for content-hashed files.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { cacheControlFor, createStaticServer, HTML_CACHE, IMMUTABLE_CACHE } from '../../scripts/lib/static-server.ts';
import { readHeadersFile } from '../../render/csp.ts';
import { listFiles, MINI, removeDir, runExport, tempDir } from './export-helpers.ts';

const work = tempDir('server');
const out = path.join(work, 'out');
let app: FastifyInstance;

before(async () => {
  const r = await runExport(['--content', MINI, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  // Media types the site links that the export does not generate from MINI content.
  mkdirSync(path.join(out, 'media'), { recursive: true });
  for (const f of ['media/test.mp4', 'media/test.webm', 'guide/test.pdf']) {
    mkdirSync(path.dirname(path.join(out, f)), { recursive: true });
    writeFileSync(path.join(out, f), 'x');
  }
  app = await createStaticServer(out);
  await app.ready();
});
after(async () => {
  await app?.close();
  removeDir(work);
});

test('/ and /schools/{slug} answer 200 at that address (no redirect); /schools/{slug}/ still works', async () => {
  const home = await app.inject('/');
  assert.equal(home.statusCode, 200);
  assert.match(home.headers['content-type'] as string, /^text\/html/);
  assert.equal(home.headers['cache-control'], HTML_CACHE);
  // The address every link uses: served from schools/{slug}.html, as GitHub Pages and Netlify do.
  const bare = await app.inject('/schools/alpha-middle');
  assert.equal(bare.statusCode, 200);
  assert.match(bare.body, /<title>Alpha Middle School<\/title>/);
  assert.equal(bare.headers['cache-control'], HTML_CACHE);
  assert.match(bare.headers['content-type'] as string, /^text\/html/);
  assert.equal((await app.inject('/schools/alpha-middle?utm=x')).statusCode, 200, 'a query string does not matter');
  // Old deep links and bookmarks: the folder form stays, with the same page.
  const folder = await app.inject('/schools/alpha-middle/');
  assert.equal(folder.statusCode, 200);
  assert.equal(folder.body, bare.body);
});

test('unknown paths get 404.html (the landing page) with status 404', async () => {
  for (const url of ['/nope', '/schools/not-a-school/', '/schools/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 404, url);
    assert.match(res.body, /<title>Guide to Middle School Options<\/title>/, url);
    assert.match(res.body, /<meta name="robots" content="noindex">/);
  }
});

test('content types for every kind of file the site serves', async () => {
  const files = listFiles(out);
  const pick = (re: RegExp) => files.find((f) => re.test(f))!;
  const expected: [string, RegExp][] = [
    [pick(/\.webp$/), /^image\/webp/],
    [pick(/\.svg$/), /^image\/svg\+xml/],
    [pick(/\.js$/), /^(application|text)\/javascript/],
    [pick(/\.css$/), /^text\/css/],
    ['media/test.mp4', /^video\/mp4/],
    ['media/test.webm', /^video\/webm/],
    ['guide/test.pdf', /^application\/pdf/],
    ['robots.txt', /^text\/plain/],
  ];
  for (const [file, type] of expected) {
    const res = await app.inject(`/${file}`);
    assert.equal(res.statusCode, 200, file);
    assert.match(res.headers['content-type'] as string, type, file);
  }
});

test('hashed assets are cached for a year; other files briefly', async () => {
  const files = listFiles(out);
  const hashed = [
    files.find((f) => /^assets\/entry-client-[A-Z0-9]{8}\.js$/.test(f))!,
    files.find((f) => /^media\/.+-[0-9a-f]{8}\.webp$/.test(f))!,
  ];
  for (const f of hashed) assert.equal((await app.inject(`/${f}`)).headers['cache-control'], IMMUTABLE_CACHE, f);
  assert.equal((await app.inject('/robots.txt')).headers['cache-control'], 'public, max-age=3600');
  assert.equal((await app.inject('/schools/alpha-middle/')).headers['cache-control'], HTML_CACHE);
});

test('cache rules by file name: navigation.json keeps its name between exports, so it is revalidated like HTML', () => {
  assert.equal(cacheControlFor(path.join(out, 'navigation.json')), HTML_CACHE);
  assert.equal(cacheControlFor(path.join(out, 'robots.txt')), 'public, max-age=3600');
  assert.equal(cacheControlFor(path.join(out, 'assets', 'entry-client-ABCD1234.js')), IMMUTABLE_CACHE);
});

test('only GET and HEAD', async () => {
  assert.equal((await app.inject({ method: 'HEAD', url: '/' })).statusCode, 200);
  assert.equal((await app.inject({ method: 'POST', url: '/' })).statusCode, 405);
});

test('nothing that resolves outside the folder is served: symlinks out of it answer 404', async () => {
  const outside = path.join(work, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(outside, 'private.txt'), 'PRIVATE-BYTES');
  symlinkSync(path.join(outside, 'private.txt'), path.join(out, 'leak.txt'));
  symlinkSync(outside, path.join(out, 'linked-dir'));
  symlinkSync(path.join(outside, 'private.txt'), path.join(out, 'schools', 'leak.html'));
  symlinkSync(path.join(out, 'index.html'), path.join(out, 'home-link.html'));
  for (const url of ['/leak.txt', '/linked-dir/private.txt', '/schools/leak', '/schools/leak.html', '/linked-dir/']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 404, url);
    assert.doesNotMatch(res.body, /PRIVATE-BYTES/, url);
  }
  assert.equal((await app.inject('/home-link.html')).statusCode, 200, 'a link within the folder is fine');
});

test("every answer carries the export's _headers policy (CSP with frame-ancestors, Referrer-Policy, X-Frame-Options); _headers is not served", async () => {
  const rules = readHeadersFile(readFileSync(path.join(out, '_headers'), 'utf8'));
  assert.match(rules['content-security-policy']!, /frame-ancestors 'none'/);
  for (const url of ['/', '/schools/alpha-middle', '/nope', `/${listFiles(out).find((f) => f.endsWith('.js'))}`]) {
    const res = await app.inject(url);
    assert.equal(res.headers['content-security-policy'], rules['content-security-policy'], url);
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    assert.equal(res.headers['x-frame-options'], 'DENY', url);
  }
  assert.equal((await app.inject('/_headers')).statusCode, 404);
  // The page's own <meta> policy is the same, minus what only a header can carry.
  const page = (await app.inject('/schools/alpha-middle')).body;
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
    .exec(page)?.[1]
    ?.replaceAll('&#39;', "'");
  assert.equal(`${meta}; frame-ancestors 'none'`, rules['content-security-policy']);
  assert.ok(page.indexOf('http-equiv="Content-Security-Policy"') < page.indexOf('<script'), 'the policy comes first');
});
