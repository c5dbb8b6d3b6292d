// The export's byte-identical output depends on the exact GROQ text the site sends (the
// embedded service and the CDN cache by it). Wrapping the queries in defineQuery for TypeGen must
// not change one character: test/fixtures/queries-before.json pins the text, so any change to it is
// a deliberate one, made together with the fixture.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as queries from '../../src/lib/content/queries.ts';

const before = JSON.parse(readFileSync(new URL('../fixtures/queries-before.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

test('every query and fragment has the same text as before TypeGen', () => {
  const now = Object.fromEntries(Object.entries(queries).filter(([, v]) => typeof v === 'string'));
  assert.deepEqual(Object.keys(now).sort(), Object.keys(before).sort(), 'the set of exported strings changed');
  for (const [name, text] of Object.entries(before)) assert.equal(now[name], text, `${name} changed`);
});

test('no projection passes unknown fields through: every field a query reads is named', () => {
  // `...` copied whatever a block held, so one unknown field nested thousands deep made the
  // content service fail the whole export's read.
  for (const [name, text] of Object.entries(queries)) {
    if (typeof text === 'string') assert.doesNotMatch(text, /\.\.\./, `${name} spreads a document with ...`);
  }
});

test('queries are wrapped in defineQuery so TypeGen reads them', () => {
  const source = readFileSync(new URL('../../src/lib/content/queries.ts', import.meta.url), 'utf8');
  for (const name of Object.keys(before).filter((n) => n.endsWith('Query'))) {
    assert.match(source, new RegExp(`export const ${name} = defineQuery\\(`), `${name} is not a defineQuery call`);
  }
});
