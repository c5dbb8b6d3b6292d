// The preview server's pages through app.inject against the embedded content service over a
// fixture: the server-rendered pages in both editions and the editor home, the Studio's
// Presentation handshake, the bundle, the image proxy and public files, a hosted-style
// configuration, and upstream failure (503 JSON) with neither token nor secret leaking anywhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPreviewServer } from '../../server/app.ts';
import { loadPreviewConfig } from '../../server/config/preview.ts';
import { openContentSource } from '../../core/content-source.ts';
import { editorClient, IMAGE_FILE, startFixtureService } from './helpers/preview-fixture.ts';
import {
  assertNothingLeaked,
  fixture,
  get,
  jsonScript,
  log,
  req,
  SECRET,
  service,
  TOKEN,
  withPreviewApp,
} from './helpers/preview-app-harness.ts';

withPreviewApp();

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
  // What this dataset (no site settings, no landing page) leaves out, named field by field.
  assert.match(res.body, /\d+ things the site leaves out or shows another way/);
  assert.match(res.body, /siteSettings &quot;siteSettings&quot;: districtName, logo, elementaryLink, highSchoolLink/);
  assert.match(res.body, /"editorNotes":\[/);
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
  // Each request first spends the content client's retries (about 3 s): sent together, they
  // wait those out once, not once per request.
  const apis = [
    '/api/navigation',
    '/api/landing',
    '/api/schools/lincoln-middle',
    '/api/schools/lincoln-middle/lookup',
    '/api/documents/school-lincoln',
  ];
  const pages = [`/images/embedded/production/${IMAGE_FILE}`, '/', '/schools/lincoln-middle?livepreview=1'];
  const [img, landing, school, ...answers] = await Promise.all([...pages, ...apis].map((url) => get(url)));
  for (const [i, url] of apis.entries()) {
    const res = answers[i]!;
    assert.ok(res.statusCode === 503 || res.statusCode === 502, `${url}: ${res.statusCode}`);
    assert.equal(res.json().error, 'content service unavailable', url);
    assert.match(res.json().message, /content service/);
  }
  assert.equal(img!.statusCode, 503);
  // Pages still render (spec section 8: failures are logged, the lists show empty), and tell the
  // client what to load itself.
  assert.equal(landing!.statusCode, 200);
  assert.match(landing!.body, /No schools found/);
  assert.deepEqual(jsonScript(landing!.body, '__ENV__').preview.initial.failed.sort(), ['cards', 'nav', 'site']);
  assert.equal(school!.statusCode, 200);
  assert.match(school!.body, /could not load the school/);
  assert.equal(jsonScript(school!.body, '__ENV__').preview.initial.status, 'error');

  assertNothingLeaked();
  assert.match(log.text(), /secret=\[redacted\]/, 'requests with a secret are logged, redacted');
});
