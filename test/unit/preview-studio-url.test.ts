// SANITY_STUDIO_URL: the Studio that frames the preview and that stega's edit links open. The
// local `npm run studio` address by default; anything but a plain http(s) address stops the start
// with a message naming the variable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_STUDIO_URL, parseStudioUrl } from '../../server/config/preview.ts';
import { InputError } from '../../core/errors.ts';

test('SANITY_STUDIO_URL: default, trimmed, trailing slash dropped', () => {
  assert.equal(parseStudioUrl(undefined), DEFAULT_STUDIO_URL);
  assert.equal(parseStudioUrl('  '), 'http://localhost:3333');
  assert.equal(parseStudioUrl(' https://district.sanity.studio/ '), 'https://district.sanity.studio');
  assert.equal(parseStudioUrl('https://example.org/studio'), 'https://example.org/studio');
});

test('SANITY_STUDIO_URL: not an http(s) address is a configuration error naming the variable', () => {
  for (const bad of ['localhost:3333', 'ftp://x.example', 'https://x.example/?a=1', 'https://u:p@x.example', 'nope']) {
    assert.throws(
      () => parseStudioUrl(bad),
      (err: unknown) =>
        err instanceof InputError && /SANITY_STUDIO_URL/.test(String((err as Error).message) + JSON.stringify(err)),
      bad,
    );
  }
});
