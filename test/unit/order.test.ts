// The one sort order the export uses for ids, slugs and file names: code units, not the locale,
// so the same content gives the same bytes on any machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byCodeUnits, byKey } from '../../src/lib/order.ts';

test('byCodeUnits orders by UTF-16 code units: capitals before lower case, digits first, equal is 0', () => {
  assert.deepEqual(['b', 'a', 'B', '10', '9', 'é', 'e'].sort(byCodeUnits), ['10', '9', 'B', 'a', 'b', 'e', 'é']);
  assert.equal(byCodeUnits('same', 'same'), 0);
});

test('byKey sorts records by one string field', () => {
  const files = [{ file: 'schools/b/index.html' }, { file: '404.html' }, { file: 'index.html' }];
  assert.deepEqual(
    [...files].sort(byKey('file')).map((f) => f.file),
    ['404.html', 'index.html', 'schools/b/index.html'],
  );
});
