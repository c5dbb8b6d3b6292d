// The bench's long-task row: a task of more than 50 ms once the page shows (Lighthouse's simulated
// 4x CPU) fails it; the first layout before anything is painted is reported, not held against it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { longTaskRow } from '../../bench/lib/targets.ts';

const observed = { ms: 12, kind: 'Layout' };

test('no task over 50 ms from first paint passes, and says what came before it', () => {
  const [, measured, limit, pass] = longTaskRow({
    long: [{ url: '', ms: 98, startMs: 640 }],
    fcpMs: 1400,
    observed,
  });
  assert.equal(pass, true);
  assert.equal(limit, '<= 50 ms');
  assert.match(measured, /^none over 50 ms; before first paint: 98 ms; longest recorded 12 ms \(Layout, 1x\)$/);
});

test('a script task over 50 ms after first paint fails, named by its file', () => {
  const [, measured, , pass] = longTaskRow({
    long: [{ url: 'http://127.0.0.1:1/assets/chunk-AB12CD34.js', ms: 61, startMs: 2100 }],
    fcpMs: 1400,
    observed,
  });
  assert.equal(pass, false);
  assert.match(measured, /^61 ms \(chunk-AB12CD34\.js\)/);
});
