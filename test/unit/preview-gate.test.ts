// The preview gate's building blocks and boot-time config: signed expiring sessions, constant-time
// secret check, the failure window, secret-free redirects and logs, and config errors that name
// the variable at fault.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  clientKey,
  createSessionSigner,
  FailureLimiter,
  GuessThrottle,
  redactUrl,
  withoutSecret,
} from '../../server/lib/session.ts';
import { loadPreviewConfig, parseTrustProxy } from '../../server/config/preview.ts';
import { InputError } from '../../core/errors.ts';

const SECRET = 'correct-horse-battery-staple';

test('sessions: issued values verify until they expire; tampered or foreign ones do not', () => {
  const signer = createSessionSigner(SECRET, 60_000);
  const now = 1_700_000_000_000;
  const value = signer.issue(now);
  assert.ok(signer.verify(value, now + 1000));
  assert.ok(!signer.verify(value, now + 61_000), 'expired');
  const parts = value.split('.');
  const later = [parts[0], (parseInt(parts[1]!, 36) + 100000).toString(36), parts[2], parts[3]].join('.');
  assert.ok(!signer.verify(later, now), 'expiry cannot be extended without the key');
  assert.ok(
    !createSessionSigner('another-secret-value!!', 60_000).verify(value, now),
    'rotating the secret ends sessions',
  );
  for (const junk of [undefined, '', 'v1', 'v1.a.b.c', 'x'.repeat(500), `${value}x`])
    assert.ok(!signer.verify(junk, now));
  assert.ok(!value.includes(SECRET));
});

test('secret check: exact match only, any length', () => {
  const signer = createSessionSigner(SECRET, 1000);
  assert.ok(signer.secretMatches(SECRET));
  for (const wrong of ['', SECRET.slice(0, -1), `${SECRET} `, SECRET.toUpperCase(), 'x'.repeat(10_000)])
    assert.ok(!signer.secretMatches(wrong));
});

test('failure limiter: blocks after max failures in the window, then forgets them', () => {
  const l = new FailureLimiter(3, 60_000, 2);
  for (let i = 0; i < 3; i++) {
    assert.ok(!l.blocked('a', i));
    l.recordFailure('a', i);
  }
  assert.ok(l.blocked('a', 10));
  assert.ok(!l.blocked('b', 10), 'per client');
  assert.ok(l.retryAfterSeconds('a', 10) >= 59);
  assert.ok(!l.blocked('a', 60_001), 'window slides');
  l.recordFailure('b', 1);
  l.recordFailure('c', 1);
  l.recordFailure('d', 1);
  assert.ok(!l.blocked('b', 2) && l.retryAfterSeconds('b', 2) === 0, 'bounded memory drops the oldest client');
});

test('guess throttle: only failures count; a slowed client waits, and only a few may wait at once', async () => {
  const t = new GuessThrottle({ max: 2, windowMs: 60_000, globalMax: 5, delayMs: 40, maxWaiting: 1 });
  assert.equal(await t.admit('a'), true);
  t.recordFailure('a');
  assert.ok(!t.slowed('a'));
  t.recordFailure('a');
  assert.ok(t.slowed('a') && !t.slowed('b'), 'per client');
  const started = Date.now();
  const [first, second] = await Promise.all([t.admit('a'), t.admit('a')]);
  assert.deepEqual([first, second], [true, false], 'one waits, the next is refused unchecked');
  assert.ok(Date.now() - started >= 35);
  for (const k of ['c', 'd', 'e']) t.recordFailure(k);
  assert.ok(t.slowed('fresh'), 'past the global limit everyone is slowed');
  assert.ok(t.retryAfterSeconds('fresh') >= 59);
});

test('guess throttle: guessers filling the waiting slots do not refuse a client that has not failed', async () => {
  const t = new GuessThrottle({
    max: 10,
    windowMs: 60_000,
    globalMax: 5,
    delayMs: 60,
    maxWaiting: 2,
    maxWaitingGlobal: 16,
  });
  const guessers = Array.from({ length: 9 }, (_, i) => `198.51.100.${i}`);
  for (const g of guessers) t.recordFailure(g);
  assert.ok(t.slowed('203.0.113.7'), 'everyone is slowed past the global failure limit');
  // 9 addresses × 2 guesses wait at once: the shared slots are full.
  const guesses = guessers.flatMap((g) => [t.admit(g), t.admit(g)]);
  const editor = await Promise.all([t.admit('203.0.113.7'), t.admit('203.0.113.8')]);
  assert.deepEqual(editor, [true, true], "the editors' checks wait their turn instead of a 429");
  const admitted = (await Promise.all(guesses)).filter(Boolean).length;
  assert.equal(admitted, 16, 'the guessers still get no more than the shared slots');
});

test('client key: IPv4 as is, IPv6 by its /64 however it is written', () => {
  assert.equal(clientKey('203.0.113.5'), '203.0.113.5');
  assert.equal(clientKey('::ffff:203.0.113.5'), '203.0.113.5');
  const a = clientKey('2001:db8:abcd:12::1');
  assert.equal(a, '2001:db8:abcd:12::/64');
  for (const same of ['2001:db8:abcd:12:ffff:1:2:3', '2001:0db8:abcd:0012::9', '2001:db8:abcd:12::1%eth0'])
    assert.equal(clientKey(same), a, same);
  assert.notEqual(clientKey('2001:db8:abcd:13::1'), a);
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
});

test('redact: every spelling of a secret parameter, judged decoded', () => {
  const S = 'Sekrit-Value-1234567890';
  for (const url of [
    `/?%73ecret=${S}`,
    `/?SECRET=${S}`,
    `/?secret[]=${S}`,
    `/?x=1;secret=${S}`,
    `/?%2573ecret=${S}`,
    `/?next=%2F%3Fsecret%3D${S}`,
    `/?secret%=${S}`,
    `/?a=1&secret=${S}%ZZ`,
  ])
    assert.ok(!redactUrl(url)!.includes(S), url);
  assert.equal(redactUrl('/schools/x?livepreview=1&id=school-x'), '/schools/x?livepreview=1&id=school-x');
  assert.equal(redactUrl(`/x?a=1;secret=${S}&b=2`), '/x?a=1;secret=[redacted]&b=2');
});

test('PREVIEW_TRUST_PROXY: proxy addresses only; "true" and hop counts are refused, naming the variable', () => {
  assert.deepEqual(parseTrustProxy(undefined), []);
  assert.deepEqual(parseTrustProxy(' 0 '), []);
  assert.deepEqual(parseTrustProxy('false'), []);
  assert.deepEqual(parseTrustProxy('loopback'), ['loopback']);
  assert.deepEqual(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1'), ['10.0.0.5', '10.1.0.0/16', '::1']);
  for (const bad of ['1', 'true', 'yes', '*', '2', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2'])
    assert.throws(
      () => parseTrustProxy(bad),
      (e: unknown) => e instanceof InputError && e.variable === 'PREVIEW_TRUST_PROXY' && /address/.test(e.message),
      bad,
    );
  assert.deepEqual(loadPreviewConfig([], { PREVIEW_TRUST_PROXY: '127.0.0.1' }).trustProxy, ['127.0.0.1']);
});

test('redirect target drops only the secret and never leaves the origin', () => {
  assert.equal(withoutSecret(`/schools/lincoln?secret=${SECRET}&livepreview=1`), '/schools/lincoln?livepreview=1');
  assert.equal(withoutSecret(`/?secret=${SECRET}`), '/');
  assert.equal(withoutSecret('//evil.example/path?secret=x'), '/evil.example/path');
  assert.equal(withoutSecret('/a?secret=1&secret=2&x=%20y'), '/a?x=+y');
  assert.equal(redactUrl(`/x?livepreview=1&secret=${SECRET}`), '/x?livepreview=1&secret=[redacted]');
});

test('config: embedded default generates a secret; hosted needs PREVIEW_SECRET and the token', () => {
  const embedded = loadPreviewConfig(['--port', '0', '--content', 'content/sample'], {}, '/repo');
  assert.equal(embedded.hosted, null);
  assert.ok(embedded.secretGenerated && embedded.previewSecret.length >= 16);
  assert.equal(embedded.port, 0);
  assert.equal(embedded.contentDir, '/repo/content/sample');
  assert.equal(embedded.host, '127.0.0.1');

  const hosted = {
    SANITY_PROJECT_ID: 'abc123',
    SANITY_API_READ_TOKEN: 'tok',
    PREVIEW_SECRET: SECRET,
    SANITY_API_HOST: 'http://127.0.0.1:4000',
  };
  const cfg = loadPreviewConfig([], hosted);
  assert.equal(cfg.hosted?.projectId, 'abc123');
  assert.equal(cfg.previewSecret, SECRET);
  assert.equal(cfg.secretGenerated, false);

  const fails = (env: Record<string, string>, variable: string, argv: string[] = []) =>
    assert.throws(
      () => loadPreviewConfig(argv, env),
      (e: unknown) => e instanceof InputError && e.variable === variable && e.message.startsWith(variable),
    );
  fails({ ...hosted, PREVIEW_SECRET: '' }, 'PREVIEW_SECRET');
  fails({ ...hosted, PREVIEW_SECRET: 'short' }, 'PREVIEW_SECRET');
  fails({ ...hosted, SANITY_API_READ_TOKEN: '' }, 'SANITY_API_READ_TOKEN');
  fails({ ...hosted, SANITY_PROJECT_ID: 'Not Valid' }, 'SANITY_PROJECT_ID');
  fails({ ...hosted, SANITY_API_HOST: 'ftp://x' }, 'SANITY_API_HOST');
  fails({ PORT: 'eighty' }, 'PORT');
  fails({ PREVIEW_SESSION_HOURS: '0' }, 'PREVIEW_SESSION_HOURS');
  fails({ PREVIEW_TRUST_PROXY: 'maybe' }, 'PREVIEW_TRUST_PROXY');
  assert.throws(() => loadPreviewConfig(['--prot', '1'], {}), InputError);
  assert.throws(() => loadPreviewConfig(['--port', '99999'], {}), InputError);
  assert.throws(() => loadPreviewConfig(['--content', 'x'], hosted), InputError);
});
