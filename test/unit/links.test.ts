// Every content address goes through src/lib/links.ts: allowed schemes pass, script-capable or
// obfuscated ones never do.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { safeHttpUrl, safeInternalHref, safeLinkHref, schemeOf, staticAssetUrl } from '../../src/lib/links.ts';

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u00a0javascript:alert(1)',
  'java\u200bscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:image/svg+xml,x',
  'vbscript:msgbox(1)',
  'VBScript:x',
  'file:///etc/passwd',
  'jar:http://x!/',
  '//evil.example/',
  '/\\evil.example/',
  '\\\\evil.example',
  'http:alert(1)',
  'https://',
];

test('rich-text links allow http, https, mailto, tel, relative and # addresses', () => {
  for (const ok of [
    'https://example.org/x?a=1',
    'http://example.org',
    'HTTPS://EXAMPLE.ORG',
    'mailto:a@b.org',
    'tel:+1-303-555-0100',
    '/schools/lincoln',
    './a',
    '../b',
    'page.html',
    '#tours',
    '?q=1',
  ]) {
    assert.equal(safeLinkHref(ok), ok, ok);
  }
  assert.equal(safeLinkHref('  https://example.org  '), 'https://example.org');
});

test('rich-text links refuse script-capable, obfuscated and protocol-relative addresses', () => {
  for (const bad of HOSTILE) assert.equal(safeLinkHref(bad), null, JSON.stringify(bad));
  for (const bad of [null, undefined, 42, {}, '', '   ']) assert.equal(safeLinkHref(bad), null);
});

test('schemeOf sees through case and whitespace like a browser would', () => {
  assert.equal(schemeOf('JaVaScRiPt:x'), 'javascript');
  assert.equal(schemeOf('java script:x'), 'javascript');
  assert.equal(schemeOf('/a:b'), null);
  assert.equal(schemeOf('#a:b'), null);
});

test('safeHttpUrl takes absolute http(s) URLs with a host only', () => {
  assert.equal(safeHttpUrl('https://district.example/tours'), 'https://district.example/tours');
  assert.equal(safeHttpUrl('http://x.org'), 'http://x.org');
  for (const bad of [...HOSTILE, '/relative', '#x', 'mailto:a@b.c', 'example.org', null])
    assert.equal(safeHttpUrl(bad), null, JSON.stringify(bad));
});

test('safeInternalHref takes site paths and fragments only', () => {
  assert.equal(safeInternalHref('/schools/lincoln'), '/schools/lincoln');
  assert.equal(safeInternalHref('#academics'), '#academics');
  for (const bad of [...HOSTILE, '#', 'https://x.org', 'schools/x', null])
    assert.equal(safeInternalHref(bad), null, JSON.stringify(bad));
});

test('staticAssetUrl prefixes site files with the base path and keeps absolute http(s) URLs', () => {
  assert.equal(staticAssetUrl('/img/hero.jpg', '/'), '/img/hero.jpg');
  assert.equal(
    staticAssetUrl('/img/hero.jpg', '/wp-content/themes/district/'),
    '/wp-content/themes/district/img/hero.jpg',
  );
  assert.equal(staticAssetUrl('https://cdn.example/a.png', '/base/'), 'https://cdn.example/a.png');
  for (const bad of [
    'img/hero.jpg',
    '//evil.example/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '',
    null,
    7,
  ]) {
    assert.equal(staticAssetUrl(bad, '/base/'), null, JSON.stringify(bad));
  }
});
