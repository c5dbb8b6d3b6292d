// A slug becomes a file name in out/ and an address families read: names special to hosts and
// tools, file names and text that does not show what it says are refused, while the odd
// but honest names the hostile corpus publishes stay valid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { showInvisible, slugKey, slugProblem } from '../../src/lib/slug.ts';

test('dot-names are refused: hidden or special to hosts and tools', () => {
  for (const slug of ['.git', '.well-known', '.htaccess', '.', '..'])
    assert.match(slugProblem(slug) ?? 'accepted', /dot|"\.\."|usable/, slug);
});

test('file names with a web file extension are refused; other dotted names are not', () => {
  for (const slug of ['index.html', 'INDEX.HTM', 'feed.xml', 'robots.txt', 'sitemap.xml', 'app.js', 'logo.PNG'])
    assert.match(slugProblem(slug) ?? 'accepted', /ends in a file extension/, slug);
  for (const slug of ['school.v2', 'a.b.c', 'st.-mary', 'lincoln-middle']) assert.equal(slugProblem(slug), null, slug);
});

test('bidi overrides, zero-width, format and other invisible characters are refused', () => {
  const invisible = [
    '\u202e',
    '\u202d',
    '\u2066',
    '\u200b',
    '\u200d',
    '\ufeff',
    '\u00ad',
    '\u2028',
    '\u00a0',
    '\u3164',
  ];
  for (const c of invisible) {
    assert.match(slugProblem(`ab${c}cd`) ?? 'accepted', /invisible|usable/, JSON.stringify(c));
  }
  for (const slug of ['école-ñandú-日本語', 'stars-★-✓', 'x'.repeat(200)]) assert.equal(slugProblem(slug), null, slug);
});

test('a warning quoting such a slug shows the characters as escapes', () => {
  assert.equal(showInvisible('"admin\u202egnp.html"'), '"admin\\u{202e}gnp.html"');
});

test('a slug is limited in bytes, not only in characters: it becomes a folder name', () => {
  assert.match(slugProblem('中'.repeat(90)) ?? 'accepted', /longer than 200 bytes/);
  assert.equal(slugProblem('中'.repeat(66)), null);
});

test('"index" and a trailing dot are refused; case-folded slugs share one key', () => {
  for (const slug of ['index', 'INDEX', 'trailingdot.', 'a.b.']) assert.notEqual(slugProblem(slug), null, slug);
  assert.equal(slugKey('ASPEN-RIDGE'), slugKey('aspen-ridge'));
  assert.equal(slugProblem('indexes'), null);
});
