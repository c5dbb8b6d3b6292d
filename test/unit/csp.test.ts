// The exported site's security policy (render/csp.ts): what it allows follows what the site loads,
// the <meta> form leaves out what a meta cannot carry, and `_headers` round-trips through the
// reader `npm start`'s server uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headersFile, readHeadersFile, siteCsp, siteHeaders, VIDEO_PLAYER_ORIGIN } from '../../render/csp.ts';
import { embedUrl } from '../../src/components/VideoFacade.tsx';

test('images: self-hosted variants need no image host; remote ones allow exactly the CDN origin', () => {
  const self = siteCsp({ imageHost: 'http://127.0.0.1:4000', selfHostBase: '/' });
  assert.match(self, /img-src 'self' data:;/);
  assert.doesNotMatch(self, /127\.0\.0\.1/);
  const remote = siteCsp({ imageHost: 'https://cdn.sanity.io/some/path', selfHostBase: null });
  assert.match(remote, /img-src 'self' data: https:\/\/cdn\.sanity\.io;/);
  assert.match(siteCsp({ imageHost: 'javascript:alert(1)' }), /img-src 'self' data:;/, 'only http(s) origins');
});

test('the policy: no inline or foreign script, the video player as the only frame, nothing a meta ignores', () => {
  const csp = siteCsp({ imageHost: '', selfHostBase: '/' });
  assert.match(csp, /script-src 'self';/);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe/);
  assert.equal(new URL(embedUrl('abc')).origin, VIDEO_PLAYER_ORIGIN);
  assert.match(csp, new RegExp(`frame-src ${VIDEO_PLAYER_ORIGIN};`));
  assert.doesNotMatch(csp, /frame-ancestors|report-uri|sandbox/);
  const headers = siteHeaders({ imageHost: '', selfHostBase: '/' });
  assert.equal(headers['Content-Security-Policy'], `${csp}; frame-ancestors 'none'`);
  assert.equal(headers['X-Frame-Options'], 'DENY');
});

test('_headers: written for every path, read back by the static server', () => {
  const headers = siteHeaders({ imageHost: 'https://cdn.sanity.io', selfHostBase: null });
  const text = headersFile(headers);
  assert.match(text, /^\/\*\n {2}Content-Security-Policy: /);
  const read = readHeadersFile(`# comment\n/schools/*\n  X-Other: 1\n${text}`);
  assert.deepEqual(read, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])));
});
