// The preview server through app.inject against the embedded content service over a fixture:
// the gate (401/302/cookie/429), the named-query API's shapes, validation (400), JSON 404s,
// upstream failure (503 JSON), security headers, the page shell and bundle, image proxy, public
// files, a hosted-style configuration, and that neither token nor secret leaks anywhere.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildPreviewServer } from '../../server/app.ts';
import { loadPreviewConfig } from '../../server/config/preview.ts';
import { openContentSource } from '../../core/content-source.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import type { ContentService } from '../../content-service/index.ts';
import {
  captureLog,
  editorClient,
  IMAGE_FILE,
  startFixtureService,
  writePreviewFixture,
} from './helpers/preview-fixture.ts';

const TOKEN = `tok_${'Z9'.repeat(20)}`;
const SECRET = `preview-secret-${'q7'.repeat(10)}`;

let fixture: { dir: string; cleanup(): void };
let service: ContentService;
let app: FastifyInstance;
let publicDir: string;
const log = captureLog();
const seen: LightMyRequestResponse[] = [];
let cookie = '';

async function req(
  method: 'GET' | 'POST' | 'HEAD',
  url: string,
  headers: Record<string, string> = {},
  remoteAddress = '10.0.0.1',
) {
  const res = await app.inject({ method, url, headers, remoteAddress });
  seen.push(res);
  return res;
}
const get = (url: string, withSession = true) => req('GET', url, withSession ? { cookie } : {});

before(async () => {
  fixture = await writePreviewFixture();
  service = await startFixtureService(fixture.dir, TOKEN);
  publicDir = mkdtempSync(path.join(tmpdir(), 'preview-public-'));
  writeFileSync(path.join(publicDir, 'hello.txt'), 'static hello');
  app = await buildPreviewServer(
    {
      content: { config: embeddedConfig(service.url), token: TOKEN },
      previewSecret: SECRET,
      publicDir,
      failureLimit: { max: 3, windowMs: 60_000 },
    },
    { logStream: log.stream, logLevel: 'debug' },
  );
  const login = await req('GET', `/?secret=${SECRET}`, {}, '10.9.9.9');
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
});

after(async () => {
  await app?.close();
  await service?.close();
  fixture?.cleanup();
  rmSync(publicDir, { recursive: true, force: true });
});

test('gate: no session is a 401 page for pages and 401 JSON for the API and the event stream', async () => {
  const page = await get('/schools/lincoln-middle', false);
  assert.equal(page.statusCode, 401);
  assert.match(String(page.headers['content-type']), /text\/html/);
  assert.match(page.body, /Preview access required/);
  for (const url of [
    '/api/navigation',
    '/api/events?id=school-lincoln',
    '/api/documents/drafts.school-lincoln',
    '/api/nope',
    '/assets/x.js',
    `/images/embedded/production/${IMAGE_FILE}`,
  ]) {
    const res = await get(url, false);
    assert.equal(res.statusCode, 401, url);
    if (url.startsWith('/api')) assert.equal(res.json().error, 'preview session required', url);
  }
  const forged = await req('GET', '/api/navigation', { cookie: 'preview_session=v1.zzzzzz.abc.def' });
  assert.equal(forged.statusCode, 401);
});

test('gate: a wrong secret is a 401 page; the right one sets an HttpOnly SameSite=Lax cookie and redirects without the secret', async () => {
  const wrong = await req('GET', '/?secret=not-the-secret', {}, '10.0.0.2');
  assert.equal(wrong.statusCode, 401);
  assert.match(wrong.body, /not valid/);
  assert.equal(wrong.headers['set-cookie'], undefined);

  const right = await req(
    'GET',
    `/schools/lincoln-middle?livepreview=1&secret=${encodeURIComponent(SECRET)}`,
    {},
    '10.0.0.2',
  );
  assert.equal(right.statusCode, 302);
  assert.equal(right.headers.location, '/schools/lincoln-middle?livepreview=1');
  const setCookie = String(right.headers['set-cookie']);
  assert.match(setCookie, /^preview_session=v1\./);
  assert.match(setCookie, /HttpOnly/i);
  assert.match(setCookie, /SameSite=Lax/i);
  assert.match(setCookie, /Max-Age=\d+/i);
  assert.doesNotMatch(setCookie, /Secure/i, 'plain http: no Secure flag');
  assert.ok(!setCookie.includes(SECRET));
  // X-Forwarded-Proto is not trusted unless configured.
  const spoofed = await req('GET', `/?secret=${SECRET}`, { 'x-forwarded-proto': 'https' }, '10.0.0.2');
  assert.doesNotMatch(String(spoofed.headers['set-cookie']), /Secure/i);

  const session = setCookie.split(';')[0]!;
  const page = await req('GET', '/schools/lincoln-middle?livepreview=1', { cookie: session });
  assert.equal(page.statusCode, 200);
  // A protocol-relative path cannot turn the redirect into an open redirect.
  const sneaky = await req('GET', `//evil.example/x?secret=${SECRET}`, {}, '10.0.0.2');
  assert.equal(sneaky.statusCode, 302);
  assert.equal(sneaky.headers.location, '/evil.example/x');
});

test('gate: behind a configured https proxy the cookie is Secure', async () => {
  const proxied = await buildPreviewServer(
    { content: { config: embeddedConfig(service.url), token: TOKEN }, previewSecret: SECRET, publicDir },
    { trustProxy: ['loopback'], logStream: log.stream },
  );
  try {
    const res = await proxied.inject({ url: `/?secret=${SECRET}`, headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(res.statusCode, 302);
    assert.match(String(res.headers['set-cookie']), /;\s*Secure/i);
  } finally {
    await proxied.close();
  }
});

test('gate: wrong guesses are slowed per client (429 with Retry-After); a correct secret still opens a session', async () => {
  for (let i = 0; i < 3; i++) assert.equal((await req('GET', `/?secret=guess${i}`, {}, '10.0.0.66')).statusCode, 401);
  const blocked = await req('GET', `/?secret=guess9`, {}, '10.0.0.66');
  assert.equal(blocked.statusCode, 429);
  assert.ok(Number(blocked.headers['retry-after']) > 0);
  // An office behind one address, or a cross-site <img src="?secret=x"> in an editor's browser:
  // the editor's own, correct link still works (after the slow-down delay).
  const started = Date.now();
  const evenRight = await req('GET', `/?secret=${SECRET}`, {}, '10.0.0.66');
  assert.equal(evenRight.statusCode, 302, 'a correct secret is never locked out by wrong ones');
  assert.ok(Date.now() - started >= 900, 'a slowed address waits before its check, right or wrong');
  const other = await req('GET', `/?secret=${SECRET}`, {}, '10.0.0.67');
  assert.equal(other.statusCode, 302);
});

test('gate: a slowed address gets at most two checks per delay; more are refused unchecked', async () => {
  const burstLog = captureLog();
  const throttled = await buildPreviewServer(
    {
      content: { config: embeddedConfig(service.url), token: TOKEN },
      previewSecret: SECRET,
      publicDir,
      failureLimit: { max: 2, windowMs: 60_000, delayMs: 300, maxWaiting: 2 },
    },
    { logStream: burstLog.stream },
  );
  try {
    const at = (url: string) => throttled.inject({ url, remoteAddress: '10.7.0.1' });
    for (let i = 0; i < 2; i++) assert.equal((await at(`/?secret=g${i}`)).statusCode, 401);
    const started = Date.now();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => at(`/?secret=burst${i}`)));
    const codes = burst.map((r) => r.statusCode);
    assert.ok(
      codes.every((c) => c === 429),
      `slowed guesses are all answered 429: ${codes.join(',')}`,
    );
    assert.ok(Date.now() - started >= 250, 'the two admitted checks waited the delay');
    // 12 concurrent guesses: only 2 were compared (each logged as a wrong secret), 10 refused unchecked.
    assert.equal(burstLog.text().match(/wrong preview secret/g)?.length, 2 + 2);
    const nextRight = await at(`/?secret=${SECRET}`);
    assert.equal(nextRight.statusCode, 302);
  } finally {
    await throttled.close();
  }
});

test('gate: behind a trusted proxy the limit keys on the address the proxy saw, not on X-Forwarded-For the client wrote', async () => {
  const proxied = await buildPreviewServer(
    {
      content: { config: embeddedConfig(service.url), token: TOKEN },
      previewSecret: SECRET,
      publicDir,
      failureLimit: { max: 5, windowMs: 60_000, delayMs: 5 },
    },
    { trustProxy: ['127.0.0.1'], logStream: log.stream },
  );
  try {
    // The proxy (127.0.0.1) appends the attacker's real address to whatever the attacker sent.
    const viaProxy = (xff: string, secret: string) =>
      proxied.inject({ url: `/?secret=${secret}`, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } });
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await viaProxy(`192.0.2.${i}, 203.0.113.5`, `wrong${i}`)).statusCode);
    assert.equal(
      codes.filter((c) => c === 401).length,
      5,
      `varied headers are not fresh addresses: ${codes.join(',')}`,
    );
    assert.equal(codes.filter((c) => c === 429).length, 20);
    // Wrong guesses naming a victim's address leave the victim's correct secret alone.
    for (let i = 0; i < 10; i++) await viaProxy(`198.51.100.7, 203.0.113.5`, `framed${i}`);
    const started = Date.now();
    const victim = await viaProxy('198.51.100.7', SECRET);
    assert.equal(victim.statusCode, 302);
    assert.ok(Date.now() - started < 1000, 'the victim is not even slowed');
    // A client reaching the preview directly is keyed on its socket address, whatever it claims.
    for (let i = 0; i < 5; i++)
      await proxied.inject({
        url: `/?secret=direct${i}`,
        remoteAddress: '10.8.0.1',
        headers: { 'x-forwarded-for': `10.8.1.${i}` },
      });
    const direct = await proxied.inject({
      url: '/?secret=direct9',
      remoteAddress: '10.8.0.1',
      headers: { 'x-forwarded-for': '10.8.1.99' },
    });
    assert.equal(direct.statusCode, 429);
  } finally {
    await proxied.close();
  }
});

test('logs: no spelling of the secret in a URL reaches the log', async () => {
  const captured = captureLog();
  const logged = await buildPreviewServer(
    { content: { config: embeddedConfig(service.url), token: TOKEN }, previewSecret: SECRET, publicDir },
    { logStream: captured.stream, logLevel: 'debug' },
  );
  const everyChar = [...SECRET].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  const corpus = [
    `/?secret=${SECRET}`,
    `/?%73ecret=${SECRET}`,
    `/?%73%65%63%72%65%74=${SECRET}`,
    `/?SECRET=${SECRET}`,
    `/?Secret=${encodeURIComponent(SECRET)}`,
    `/?secret[]=${SECRET}`,
    `/?secret%5B%5D=${SECRET}`,
    `/?secret[0]=${SECRET}`,
    `/?x=1;secret=${SECRET}`,
    `/?x=1&secret=${SECRET}&secret=${SECRET}`,
    `/?secret=${everyChar}`,
    `/?secret+=${SECRET}`,
    `/?+secret=${SECRET}`,
    `/?%2573ecret=${SECRET}`,
    `/?secret=${SECRET}%`,
    `/?secret%=${SECRET}`,
    `/?next=%2F%3Fsecret%3D${SECRET}`,
    `/?q=${SECRET}`,
    `/schools/lincoln-middle?livepreview=1&secret=${SECRET}#top`,
    `/api/nope?secret=${SECRET}`,
  ];
  try {
    for (const url of corpus) {
      await logged.inject({ method: 'GET', url, remoteAddress: '10.9.0.1' });
      await logged.inject({ method: 'POST', url, remoteAddress: '10.9.0.2' });
    }
  } finally {
    await logged.close();
  }
  const text = captured.text();
  assert.match(text, /\[redacted\]/, 'requests were logged');
  for (const line of text.split('\n')) {
    let decoded = line;
    for (let i = 0; i < 3; i++) {
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        break;
      }
    }
    assert.ok(!line.includes(SECRET) && !decoded.includes(SECRET), `secret in the log: ${line}`);
    assert.ok(!line.includes(everyChar), `encoded secret in the log: ${line}`);
  }
});

test('API: navigation lists non-charter schools first, then charter, alphabetical; drafts perspective adds draft-only schools', async () => {
  const res = await get('/api/navigation');
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['cache-control'], 'no-store');
  const { schools } = res.json() as { schools: { name: string; link: string; description: string; icon: unknown }[] };
  assert.deepEqual(
    schools.map((s) => s.name),
    ['Family Guide Center', 'Lincoln Middle School', 'Washington Middle School', 'Summit Charter Academy'],
  );
  assert.equal(schools[1]!.link, '/schools/lincoln-middle');
  assert.equal(schools[1]!.description, 'Published subtitle');
  assert.ok(schools[1]!.icon);
  const drafts = (await get('/api/navigation?perspective=drafts')).json() as {
    schools: { name: string; description: string }[];
  };
  assert.ok(drafts.schools.some((s) => s.name === 'New Horizons Middle School'));
  assert.equal(drafts.schools.find((s) => s.name === 'Lincoln Middle School')!.description, 'Draft subtitle');
});

test('API: landing cards are sorted and hide Guide/Innovation Center/Career Elevation titles', async () => {
  const { cards } = (await get('/api/landing')).json() as { cards: { title: string; slug: string; image: unknown }[] };
  assert.deepEqual(
    cards.map((c) => c.title),
    ['Lincoln Middle School', 'Summit Charter Academy', 'Washington Middle School'],
  );
  assert.equal(cards[0]!.slug, 'lincoln-middle');
  assert.ok(cards[0]!.image);
});

test('API: school by slug (published by default, drafts on request), draft lookup, and documents by id', async () => {
  const pub = (await get('/api/schools/lincoln-middle')).json() as {
    school: { _id: string; subtitle: string; featuredQuote: { quote: string; schoolTitle: string } };
  };
  assert.equal(pub.school._id, 'school-lincoln');
  assert.equal(pub.school.subtitle, 'Published subtitle');
  assert.deepEqual(pub.school.featuredQuote, {
    quote: 'I love it here.',
    student: 'Ana',
    year: '7th grade',
    schoolTitle: 'Lincoln Middle School',
  });
  assert.equal(
    ((await get('/api/schools/lincoln-middle?perspective=drafts')).json() as { school: { subtitle: string } }).school
      .subtitle,
    'Draft subtitle',
  );

  const missingPublished = await get('/api/schools/new-horizons');
  assert.equal(missingPublished.statusCode, 404);
  assert.equal(missingPublished.json().error, 'school not found');

  assert.deepEqual((await get('/api/schools/lincoln-middle/lookup')).json(), {
    id: 'school-lincoln',
    draftId: 'drafts.school-lincoln',
    hasDraft: true,
    hasPublished: true,
  });
  assert.deepEqual((await get('/api/schools/washington-middle/lookup')).json(), {
    id: 'school-washington',
    draftId: 'drafts.school-washington',
    hasDraft: false,
    hasPublished: true,
  });
  assert.deepEqual((await get('/api/schools/new-horizons/lookup')).json(), {
    id: 'school-horizons',
    draftId: 'drafts.school-horizons',
    hasDraft: true,
    hasPublished: false,
  });
  assert.equal((await get('/api/schools/nobody/lookup')).statusCode, 404);

  // By id, either form, as the perspective shows it: drafts overlays the school's draft.
  const subtitleOf = async (url: string) =>
    ((await get(url)).json() as { school: { subtitle: string } }).school.subtitle;
  assert.equal(await subtitleOf('/api/documents/drafts.school-lincoln?perspective=drafts'), 'Draft subtitle');
  assert.equal(await subtitleOf('/api/documents/school-lincoln?perspective=drafts'), 'Draft subtitle');
  assert.equal(await subtitleOf('/api/documents/school-lincoln'), 'Published subtitle');
  assert.equal(await subtitleOf('/api/documents/drafts.school-lincoln?perspective=published'), 'Published subtitle');
  assert.equal(
    ((await get('/api/documents/drafts.school-horizons?perspective=drafts')).json() as { school: { title: string } })
      .school.title,
    'New Horizons Middle School',
  );
  assert.equal((await get('/api/documents/school-horizons')).statusCode, 404, 'never published');
  const notASchool = await get('/api/documents/quote-1');
  assert.equal(notASchool.statusCode, 404, 'only school documents are served by id');
  assert.equal(notASchool.json().error, 'document not found');
});

test('validation: bad slugs, ids and parameters are 400 JSON naming the problem', async () => {
  const cases = [
    '/api/schools/a..b',
    '/api/schools/a%2Fb',
    '/api/schools/%20lead',
    `/api/schools/${'a'.repeat(201)}`,
    '/api/schools/%3Cscript%3E/lookup',
    '/api/documents/has%20space',
    `/api/documents/${'x'.repeat(129)}`,
    '/api/documents/drafts.drafts.x',
    '/api/events',
    '/api/events?id=*',
    '/api/navigation?perspective=raw',
    '/api/landing?perspective=drafts&perspective=published',
    '/images/embedded/production/..%2F..%2Fsecret.png',
  ];
  for (const url of cases) {
    const res = await get(url);
    assert.equal(res.statusCode, 400, url);
    assert.equal(res.json().error, 'bad request', url);
    assert.equal(typeof res.json().message, 'string', url);
  }
  assert.equal((await get(`/api/schools/${'a'.repeat(200)}`)).statusCode, 404, '200 characters is still a valid slug');
  // The route schemas (server/lib/schemas.ts) name the parameter that failed.
  assert.match((await get('/api/navigation?perspective=raw')).json().message, /perspective/);
  assert.match((await get('/api/events')).json().message, /id/);
});

test('unknown API routes and methods are 404 JSON', async () => {
  for (const [method, url] of [
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/api/navigation'],
    ['GET', '/assets/missing.js'],
  ] as const) {
    const res = await req(method, url, { cookie });
    assert.equal(res.statusCode, 404, url);
    assert.match(String(res.headers['content-type']), /application\/json/);
    assert.equal(res.json().error, 'not found');
  }
});

test('security headers on pages, API answers, errors, 401s and assets', async () => {
  const responses = [
    await get('/'),
    await get('/api/navigation'),
    await get('/api/nope'),
    await get('/api/schools/a..b'),
    await get('/', false),
  ];
  const shell = await get('/');
  const script = /src="(\/assets\/preview-[^"]+\.js)"/.exec(shell.body)![1]!;
  responses.push(await get(script));
  for (const res of responses) {
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /frame-src https:\/\/www\.youtube-nocookie\.com(;|$)/);
    assert.match(csp, /img-src 'self' data:(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
    assert.equal(res.headers['permissions-policy'], 'camera=(), microphone=(), geolocation=(self)');
    // Helmet's other defaults stay off: the preview sends the headers it always has, no more.
    const extras = ['strict-transport-security', 'x-dns-prefetch-control', 'origin-agent-cluster', 'x-xss-protection'];
    for (const h of extras) assert.equal(res.headers[h], undefined, h);
  }
});

const jsonScript = (html: string, id: string) =>
  JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)![1]!);

test('pages: / , /schools/:slug and any other path are server-rendered with their data and the preview env', async () => {
  for (const url of ['/', '/schools/lincoln-middle?livepreview=1', '/some/other/path']) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.doesNotMatch(res.body, /<div id="root"><\/div>/, `${url}: rendered on the server, not blank`);
    const env = jsonScript(res.body, '__ENV__');
    assert.equal(env.preview.livepreview, url.includes('livepreview'));
    assert.equal(env.images.imageHost, '/', 'images come through this server, same URLs on server and client');
    assert.match(res.body, /<meta name="robots" content="noindex, nofollow">/);
    assert.match(res.body, /<aside class="preview-banner"/, `${url}: the banner is server-rendered`);
  }
  const landing = (await get('/')).body;
  const data = jsonScript(landing, '__DATA__');
  assert.equal(data.page, 'landing');
  assert.deepEqual(
    data.cards.map((c: { title: string }) => c.title),
    ['Lincoln Middle School', 'Summit Charter Academy', 'Washington Middle School'],
  );
  // The landing grid and the navigation, with image URLs through the proxy (as the client builds them).
  assert.match(landing, /Summit Charter Academy/);
  assert.match(landing, /src="\/images\/embedded\/production\/[^"]+"/);
  // The families' page (after the editor home, which lists drafts too, and before the page's env) is published only.
  const familyPart = landing.slice(landing.indexOf('</details>'), landing.indexOf('id="__ENV__"'));
  assert.doesNotMatch(familyPart, /New Horizons/, 'published perspective without ?livepreview');
  assert.match(landing, /Preview · published content/);

  const publishedRes = await get('/schools/lincoln-middle');
  const published = publishedRes.body;
  // Server-rendered theme styles are allowed by hash only (no 'unsafe-inline').
  const csp = String(publishedRes.headers['content-security-policy']);
  assert.match(published, /\sstyle="/);
  assert.match(csp, /style-src 'self' 'unsafe-hashes' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.doesNotMatch(csp, /unsafe-inline/);
  assert.match(published, /<h1[^>]*>[^<]*Lincoln Middle School/);
  assert.match(published, /Published subtitle/);
  assert.equal(jsonScript(published, '__DATA__').school._id, 'school-lincoln');
  assert.equal(jsonScript(published, '__ENV__').preview.initial.status, 'ready');
  assert.match(published, /<link rel="modulepreload" href="\/assets\//, 'the school chunk is preloaded');

  const draft = (await get('/schools/lincoln-middle?livepreview=1')).body;
  assert.match(draft, /Draft subtitle/, 'livepreview renders the draft');
  assert.deepEqual(jsonScript(draft, '__ENV__').preview.initial, {
    status: 'ready',
    mode: 'draft',
    failed: [],
    problem: null,
  });
  assert.match(draft, /Preview · draft/);
  const draftOnly = (await get('/schools/new-horizons?livepreview=1')).body;
  assert.match(draftOnly, /<h1[^>]*>[^<]*New Horizons Middle School/);
  const notPublished = (await get('/schools/new-horizons')).body;
  assert.equal(jsonScript(notPublished, '__ENV__').preview.initial.status, 'not-found');
  assert.match(notPublished, /school not found/);
  // The page data is inert JSON (not executed), so the CSP stays script-src 'self' with no hash or nonce.
  assert.doesNotMatch(published, /<script(?![^>]*(?:type="application\/(?:ld\+)?json"|src=))[^>]*>/);
});

test('pages: the Spanish edition (/es/...) renders in Spanish, with the English content marked', async () => {
  for (const url of ['/es/', '/es/schools/lincoln-middle', '/es/schools/lincoln-middle?livepreview=1']) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.match(res.body, /<html lang="es">/, url);
    assert.equal(jsonScript(res.body, '__ENV__').lang, 'es', `${url}: the preview client picks the Spanish catalogue`);
    assert.match(res.body, /Volver arriba/, url);
    assert.match(res.body, /<a class="nav__lang" href="\/(schools\/lincoln-middle)?"[^>]*>English<\/a>/, url);
  }
  // The fixture has no translation: the school is shown in English, marked for screen readers.
  const school = (await get('/es/schools/lincoln-middle?livepreview=1')).body;
  assert.match(school, /<p class="school-header__subtitle" lang="en">Draft subtitle<\/p>/);
  assert.deepEqual(jsonScript(school, '__DATA__').school._fallback.includes('subtitle'), true);
});

test('pages: the landing page opens with the editor home: every school, its state and a live-preview link', async () => {
  const res = await get('/');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /Editor home: 5 schools, 2 with unpublished changes/);
  const rows = [...res.body.matchAll(/<tr data-state="([^"]+)"><th scope="row">([^<]+)<\/th>/g)].map(
    (m) => `${m[2]}: ${m[1]}`,
  );
  assert.deepEqual(rows, [
    'Family Guide Center: published',
    'Lincoln Middle School: draft',
    'New Horizons Middle School: draft-only',
    'Summit Charter Academy: published',
    'Washington Middle School: published',
  ]);
  assert.match(res.body, /href="\/schools\/new-horizons\?livepreview=1"/);
  // The client hydrates the same list from the page's env.
  assert.match(res.body, /"editorSchools":\[/);
  const school = await get('/schools/lincoln-middle');
  assert.doesNotMatch(school.body, /Editor home/, 'only on the landing page');
});

test('the Studio’s Presentation handshake: a secret the Studio wrote opens a session; a wrong one is 401', async () => {
  // What the Presentation tool does before it loads the preview in its iframe (unmodified package).
  const { createPreviewSecret } = await import('@sanity/preview-url-secret/create-secret');
  const { secret } = await createPreviewSecret(
    editorClient(service.url, TOKEN),
    'test-studio',
    'http://127.0.0.1:3333',
    'editor-1',
  );
  const enable = (s: string, to: string) =>
    req(
      'GET',
      `/api/draft-mode/enable?sanity-preview-secret=${encodeURIComponent(s)}&sanity-preview-pathname=${encodeURIComponent(to)}`,
      {},
      '10.3.3.3',
    );
  const ok = await enable(secret, '/schools/lincoln-middle');
  assert.equal(ok.statusCode, 302);
  assert.equal(ok.headers.location, '/schools/lincoln-middle?livepreview=1', 'drafts, as the Studio shows them');
  const studioCookie = String(ok.headers['set-cookie']).split(';')[0]!;
  const page = await req('GET', '/schools/lincoln-middle?livepreview=1', { cookie: studioCookie });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /Draft subtitle/);
  // Presentation's perspective switch: its link, and the address it reloads its frame with, name
  // the perspective; the preview answers with its own address for it (live preview on or off).
  const published = await req(
    'GET',
    `/api/draft-mode/enable?sanity-preview-secret=${encodeURIComponent(secret)}&sanity-preview-pathname=${encodeURIComponent('/schools/lincoln-middle?livepreview=1')}&sanity-preview-perspective=published`,
    {},
    '10.3.3.3',
  );
  assert.equal(published.headers.location, '/schools/lincoln-middle', 'the published perspective: no live preview');
  for (const [perspective, to] of [
    ['published', '/schools/lincoln-middle?x=1'],
    ['drafts', '/schools/lincoln-middle?x=1&livepreview=1'],
    ['rSpring,drafts', '/schools/lincoln-middle?x=1&livepreview=1'],
  ] as const) {
    const reload = await req(
      'GET',
      `/schools/lincoln-middle?livepreview=1&x=1&sanity-preview-perspective=${perspective}`,
      {
        cookie: studioCookie,
      },
    );
    assert.equal(reload.statusCode, 302, perspective);
    assert.equal(reload.headers.location, to, perspective);
  }
  assert.doesNotMatch(
    (await req('GET', String(published.headers.location), { cookie: studioCookie })).body,
    /Draft subtitle/,
    'the published perspective reads published content',
  );
  // A pathname that would leave the preview lands on its home instead.
  const away = await enable(secret, '//evil.example/x');
  assert.equal(away.statusCode, 302);
  assert.ok(String(away.headers.location).startsWith('/') && !String(away.headers.location).startsWith('//'));
  for (const wrong of ['not-the-secret', '']) {
    const res = await enable(wrong, '/');
    assert.equal(res.statusCode, 401, `secret "${wrong}"`);
    assert.equal(res.headers['set-cookie'], undefined);
  }
  assert.ok(!log.text().includes(secret), 'the Studio secret never reaches the log');
});

test('pages: ?livepreview must be a single value (TypeBox querystring schema)', async () => {
  const res = await get('/schools/lincoln-middle?livepreview=1&livepreview=0');
  assert.equal(res.statusCode, 400);
});

test('pages: the bundle the pages name is served', async () => {
  const shell = (await get('/')).body;
  for (const m of shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    const asset = await get(m[1]!);
    assert.equal(asset.statusCode, 200, m[1]);
    assert.match(String(asset.headers['content-type']), m[1]!.endsWith('.js') ? /javascript/ : /css/);
    assert.ok(asset.body.length > 100);
  }
  const js = (await get(/src="(\/assets\/preview-[^"]+\.js)"/.exec(shell)![1]!)).body;
  assert.match(js, /api\/events\?id=/, 'the preview entry is bundled');
  assert.match(js, /Loading schools\.\.\.|SchoolPage/);
});

test('images are proxied from the content service; public files are served; nothing escapes public/', async () => {
  const img = await get(`/images/embedded/production/${IMAGE_FILE}?w=20&q=90&auto=format`);
  assert.equal(img.statusCode, 200);
  assert.match(String(img.headers['content-type']), /^image\//);
  assert.ok(img.rawPayload.length > 20);
  assert.equal((await get('/images/embedded/production/ffffffff-40x30.png')).statusCode, 404);
  const file = await get('/hello.txt');
  assert.equal(file.statusCode, 200);
  assert.equal(file.body, 'static hello');
  const traversal = await get('/..%2F..%2F..%2Fetc%2Fpasswd.txt');
  assert.ok(!traversal.body.includes('root:'), 'no traversal');
});

test('a hosted-style configuration works against any Sanity-compatible API host', async () => {
  const token = `hosted_${'k3'.repeat(16)}`;
  const hostedService = await startFixtureService(fixture.dir, token);
  const env = {
    SANITY_PROJECT_ID: 'district42',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: hostedService.url,
    SANITY_API_READ_TOKEN: token,
    PREVIEW_SECRET: SECRET,
  };
  const config = loadPreviewConfig(['--port', '0'], env);
  const source = await openContentSource({ env });
  assert.equal(source.embedded, false);
  const hosted = await buildPreviewServer(
    { content: { config: source.config, token: source.token }, previewSecret: config.previewSecret },
    { logStream: log.stream },
  );
  try {
    const login = await hosted.inject({ url: `/?secret=${SECRET}` });
    const c = String(login.headers['set-cookie']).split(';')[0]!;
    const lookup = await hosted.inject({ url: '/api/schools/lincoln-middle/lookup', headers: { cookie: c } });
    assert.deepEqual(lookup.json(), {
      id: 'school-lincoln',
      draftId: 'drafts.school-lincoln',
      hasDraft: true,
      hasPublished: true,
    });
    const draft = await hosted.inject({
      url: '/api/documents/school-lincoln?perspective=drafts',
      headers: { cookie: c },
    });
    assert.equal(draft.json().school.subtitle, 'Draft subtitle', 'drafts read with the hosted token');
    assert.doesNotMatch(draft.body + JSON.stringify(draft.headers) + lookup.body, new RegExp(token));
  } finally {
    await hosted.close();
    await source.close();
    await hostedService.close();
  }
  assert.throws(() => loadPreviewConfig([], { ...env, PREVIEW_SECRET: '' }), /PREVIEW_SECRET/);
});

test('a content service that is down makes the API answer 503 JSON; the token and secret appear in no response or log', async () => {
  await service.close();
  for (const url of [
    '/api/navigation',
    '/api/landing',
    '/api/schools/lincoln-middle',
    '/api/schools/lincoln-middle/lookup',
    '/api/documents/school-lincoln',
  ]) {
    const res = await get(url);
    assert.ok(res.statusCode === 503 || res.statusCode === 502, `${url}: ${res.statusCode}`);
    assert.equal(res.json().error, 'content service unavailable', url);
    assert.match(res.json().message, /content service/);
  }
  const img = await get(`/images/embedded/production/${IMAGE_FILE}`);
  assert.equal(img.statusCode, 503);
  // Pages still render (spec section 8: failures are logged, the lists show empty), and tell the
  // client what to load itself.
  const landing = await get('/');
  assert.equal(landing.statusCode, 200);
  assert.match(landing.body, /No schools found/);
  assert.deepEqual(jsonScript(landing.body, '__ENV__').preview.initial.failed.sort(), ['cards', 'nav', 'site']);
  const school = await get('/schools/lincoln-middle?livepreview=1');
  assert.equal(school.statusCode, 200);
  assert.match(school.body, /could not load the school/);
  assert.equal(jsonScript(school.body, '__ENV__').preview.initial.status, 'error');

  const everything = seen.map((r) => r.body + JSON.stringify(r.headers)).join('\n') + log.text();
  assert.ok(!everything.includes(TOKEN), 'token leaked');
  assert.ok(!log.text().includes(SECRET), 'secret logged');
  assert.match(log.text(), /secret=\[redacted\]/, 'requests with a secret are logged, redacted');
  assert.ok(!log.text().includes(cookie.split('=')[1]!), 'session cookie logged');
});
