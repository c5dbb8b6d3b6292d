// The editors' preview server under junk and pressure, through app.inject (no network, fast):
// 10,000 seeded random requests (methods, hostile paths, query parameters, headers, cookies,
// bodies, client addresses) must never get a 5xx or crash it; guessing the preview secret is cut
// off per address after the configured number of failures; the read token and the preview secret
// appear in no response and no log line; and a bounded load run keeps the heap steady.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import type { ContentService } from '../../content-service/index.ts';
import { captureLog, startFixtureService, writePreviewFixture } from './helpers/preview-fixture.ts';

const TOKEN = `tok_${'F7'.repeat(20)}`;
const SECRET = `fuzz-secret-${'k3'.repeat(12)}`;
const FUZZ_REQUESTS = 10_000;
const LOAD_REQUESTS = 2_000;
const FAILURE_MAX = 5;
const SEED = 4242;

let fixture: { dir: string; cleanup(): void };
let service: ContentService;
let app: FastifyInstance;
let cookie = '';
const log = captureLog();
const figures = {
  fuzz: 0,
  byStatus: new Map<number, number>(),
  guesses: 0,
  guessesBlocked: 0,
  heapGrowthMb: 0,
  heapStartMb: 0,
  heapEndMb: 0,
  loadMs: 0,
};

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

before(async () => {
  fixture = await writePreviewFixture();
  service = await startFixtureService(fixture.dir, TOKEN);
  app = await buildPreviewServer(
    {
      content: { config: embeddedConfig(service.url), token: TOKEN },
      previewSecret: SECRET,
      // Slowed checks wait 1 ms instead of 1 s: the fuzz sends its guesses one after another.
      failureLimit: { max: FAILURE_MAX, windowMs: 10 * 60_000, delayMs: 1 },
    },
    { logStream: log.stream, logLevel: 'info' },
  );
  const login = await app.inject({ method: 'GET', url: `/?secret=${SECRET}`, remoteAddress: '127.0.0.200' });
  assert.equal(login.statusCode, 302);
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
});

after(async () => {
  await app?.close();
  await service?.close();
  fixture?.cleanup();
  const statuses = [...figures.byStatus]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  // eslint-disable-next-line no-console
  console.log(
    `preview-fuzz: ${figures.fuzz} random requests, 0 with 5xx (statuses ${statuses}); ${figures.guesses} secret guesses, ` +
      `${figures.guessesBlocked} refused with 429 after ${FAILURE_MAX} per address; ${LOAD_REQUESTS} load requests in ${figures.loadMs} ms, ` +
      `heap ${figures.heapStartMb.toFixed(0)} -> ${figures.heapEndMb.toFixed(0)} MB after GC; token and secret in 0 responses and 0 log lines`,
  );
});

// --- the request arbitrary ---------------------------------------------------------------------------

const segment = fc.oneof(
  fc.constantFrom(
    'api',
    'schools',
    'documents',
    'navigation',
    'landing',
    'lookup',
    'images',
    'embedded',
    'production',
    'assets',
    'events',
    'lincoln-middle',
    'drafts.school-lincoln',
    'school-lincoln',
    'new-horizons',
    '..',
    '.',
    '%2e%2e',
    '%2E%2e%2f',
    '%00',
    '%ff',
    '%',
    '%zz',
    '..%5c..%5cetc',
    'index.html',
    'favicon.svg',
    '<script>alert(1)</script>',
    '\'"',
    'é日本',
    '%F0%9F%98%80',
    '',
    '~',
    '*',
    ':slug',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constant('x'.repeat(700)),
);
const pathArb = fc.oneof(
  fc.array(segment, { minLength: 0, maxLength: 5 }).map((s) => `/${s.join('/')}`),
  fc.constantFrom(
    '/',
    '//',
    '///api//navigation',
    '/api/schools/lincoln-middle/',
    '/API/NAVIGATION',
    '/schools/lincoln-middle?livepreview',
    '/images/embedded/production/a1b2c3d4-40x30.png?w=99999&h=-1&fit=crop&rect=1,2,3',
    '/images/../../etc/passwd',
    '/assets/../server/app.ts',
  ),
);
const param = fc.tuple(
  fc.constantFrom(
    'secret',
    'livepreview',
    'perspective',
    'slug',
    'id',
    'w',
    'h',
    'q',
    'fit',
    'crop',
    'rect',
    '__proto__',
    'constructor',
    'a[b]',
    'x',
  ),
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('drafts', 'raw', 'published', 'previewDrafts', '1', '-1', '1e309', 'NaN', '', '%00', '[]', '{}'),
  ),
);
const headerArb = fc.record({
  cookie: fc.oneof(
    fc.constant(undefined),
    fc.constant('VALID'),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('preview_session=', 'preview_session=a.b.c', 'preview_session=VALID-TAMPERED'),
  ),
  accept: fc.option(
    fc.constantFrom('text/html', 'application/json', 'text/event-stream', '*/*', 'image/webp', '\u0000'),
    { nil: undefined },
  ),
  'content-type': fc.option(
    fc.constantFrom(
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
    ),
    { nil: undefined },
  ),
  'x-forwarded-for': fc.option(fc.constantFrom('1.2.3.4', '127.0.0.1, 10.0.0.1', 'garbage'), { nil: undefined }),
  'if-none-match': fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
  range: fc.option(fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'junk'), { nil: undefined }),
  'last-event-id': fc.option(fc.string({ maxLength: 10 }), { nil: undefined }),
});
const requestArb = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
  path: pathArb,
  params: fc.array(param, { maxLength: 4 }),
  headers: headerArb,
  body: fc.option(
    fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('{"query":"*"}', '{', '[1,2', '{"__proto__":{"x":1}}')),
    { nil: undefined },
  ),
  address: fc.integer({ min: 1, max: 40 }).map((n) => `10.1.0.${n}`),
});

/** The live change stream never ends by design: a valid session never gets to open one here (the e2e tests cover it). */
const isEventStream = (path: string) => {
  let p = path;
  try {
    p = decodeURIComponent(path);
  } catch {
    /* keep raw */
  }
  return /^\/+api\/+events\/*$/i.test(p.split('?')[0]!.replace(/\/\.\//g, '/'));
};

test(`fuzz: ${FUZZ_REQUESTS} random requests get no 5xx, the server keeps answering, secret guessing is rate limited`, {
  timeout: 180_000,
}, async () => {
  const samples = fc.sample(requestArb, { numRuns: FUZZ_REQUESTS, seed: SEED });
  const failuresByAddress = new Map<string, number>();
  const bad: string[] = [];
  const leaks: string[] = [];
  for (const r of samples) {
    const qs = r.params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    const url = qs ? `${r.path}${r.path.includes('?') ? '&' : '?'}${qs}` : r.path;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k] = v;
    if (headers.cookie === 'VALID') {
      if (isEventStream(r.path)) delete headers.cookie;
      else headers.cookie = cookie;
    } else if (headers.cookie === 'preview_session=VALID-TAMPERED') headers.cookie = `${cookie.slice(0, -2)}xx`;
    const opts: InjectOptions = { method: r.method as InjectOptions['method'], url, headers, remoteAddress: r.address };
    if (r.body !== undefined && r.method !== 'GET' && r.method !== 'HEAD') opts.payload = r.body;
    let res;
    try {
      res = await Promise.race([
        app.inject(opts),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5_000).unref()),
      ]);
    } catch (err) {
      bad.push(`${r.method} ${url}: ${(err as Error).message}`);
      continue;
    }
    figures.fuzz++;
    figures.byStatus.set(res.statusCode, (figures.byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500)
      bad.push(`${r.method} ${url.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    const everything = res.body + JSON.stringify(res.headers);
    if (everything.includes(TOKEN) || everything.includes(SECRET)) leaks.push(`${r.method} ${url.slice(0, 120)}`);
    const guessed = r.params.some(([k]) => k === 'secret') && (r.method === 'GET' || r.method === 'HEAD');
    if (guessed) {
      figures.guesses++;
      if (res.statusCode === 401) failuresByAddress.set(r.address, (failuresByAddress.get(r.address) ?? 0) + 1);
      if (res.statusCode === 429) {
        figures.guessesBlocked++;
        assert.ok(Number(res.headers['retry-after']) > 0, 'a 429 says when to retry');
      }
    }
  }
  assert.deepEqual(bad, [], `${bad.length} requests got a 5xx or no answer`);
  assert.deepEqual(leaks, [], 'token or secret in a response');
  for (const [address, failures] of failuresByAddress)
    assert.ok(failures <= FAILURE_MAX, `${address} had ${failures} wrong guesses answered with 401`);
  assert.ok(figures.guessesBlocked > 0, 'the fuzz did run into the limit');
  // Still healthy afterwards, and the session still works.
  const nav = await app.inject({
    method: 'GET',
    url: '/api/navigation',
    headers: { cookie },
    remoteAddress: '10.2.0.1',
  });
  assert.equal(nav.statusCode, 200, nav.body);
  assert.ok(Array.isArray(nav.json().schools), nav.body.slice(0, 200));
});

test(`load: ${LOAD_REQUESTS} API and page requests hold a steady heap`, { timeout: 120_000 }, async () => {
  const urls = [
    '/api/navigation',
    '/api/landing',
    '/api/schools/lincoln-middle',
    '/api/schools/lincoln-middle?perspective=drafts',
    '/api/schools/lincoln-middle/lookup',
    '/schools/lincoln-middle',
    '/',
  ];
  const round = async (n: number) => {
    for (let i = 0; i < n; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) =>
        app.inject({
          method: 'GET',
          url: urls[(i + j) % urls.length]!,
          headers: { cookie },
          remoteAddress: '10.3.0.1',
        }),
      );
      for (const res of await Promise.all(batch))
        assert.ok(res.statusCode < 400, `${res.statusCode} ${res.body.slice(0, 100)}`);
    }
  };
  await round(500); // warm-up: caches, JIT, bundle
  const start = heapMb();
  const t = Date.now();
  await round(LOAD_REQUESTS);
  figures.loadMs = Date.now() - t;
  figures.heapStartMb = start;
  figures.heapEndMb = heapMb();
  figures.heapGrowthMb = figures.heapEndMb - start;
  assert.ok(
    figures.heapGrowthMb < 25,
    `heap grew ${figures.heapGrowthMb.toFixed(1)} MB over ${LOAD_REQUESTS} requests`,
  );
});

test('the token and the secret appear in no log line', () => {
  const text = log.text();
  assert.ok(text.length > 0, 'the server logged');
  assert.ok(!text.includes(TOKEN), 'token logged');
  assert.ok(!text.includes(SECRET), 'secret logged');
});
