// Hydration data is content typed by editors; these tests show it cannot end the <script> element,
// open a comment or break on line separators, and that the browser reads back exactly what was sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { serializeForScript } from '../../src/lib/serialize.ts';

test('escapes <, >, &, U+2028 and U+2029 as \\u escapes', () => {
  const out = serializeForScript({ t: '</script><!-- & \u2028\u2029 -->' });
  assert.equal(out, '{"t":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 --\\u003e"}');
});

test('the output never contains a raw HTML-significant character', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const out = serializeForScript(value);
      assert.ok(!/[<>&\u2028\u2029]/.test(out), out);
    }),
    { numRuns: 300 },
  );
});

test('round-trips any JSON value, including hostile strings', () => {
  const hostile = fc.string({
    unit: fc.constantFrom('<', '>', '&', '/', '\u2028', '\u2029', '"', '\\', 's', 'c', 'r', 'i', 'p', 't', '!', '-'),
  });
  fc.assert(
    fc.property(fc.oneof(fc.jsonValue(), fc.dictionary(hostile, hostile)), (value) => {
      assert.deepEqual(JSON.parse(serializeForScript(value)), JSON.parse(JSON.stringify(value)));
    }),
    { numRuns: 300 },
  );
});

test('undefined becomes null rather than the string "undefined"', () => {
  assert.equal(serializeForScript(undefined), 'null');
});
