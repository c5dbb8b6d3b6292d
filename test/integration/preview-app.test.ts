// The preview server through app.inject against the embedded content service over a fixture:
// the gate (401/302/cookie/429), the named-query API's shapes, validation (400), JSON 404s and
// security headers, and that neither token nor secret leaks into any response or log. The pages,
// the Studio's handshake, images, a hosted-style configuration and a failing content service are
// in preview-app-pages.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { captureLog, IMAGE_FILE } from './helpers/preview-fixture.ts';
import {
  assertNothingLeaked,
  cookie,
  get,
  log,
  publicDir,
  req,
  SECRET,
  service,
  TOKEN,
  withPreviewApp,
} from './helpers/preview-app-harness.ts';

withPreviewApp();

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

test('no response or log line of these checks carries the token, the secret or the session', () => {
  assertNothingLeaked();
});
