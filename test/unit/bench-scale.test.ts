// The scale and peer parts of the benchmark judge by what they read from a run: the lines the export
// printed (its own, not /usr/bin/time's report or the runner's timing line), the largest page in
// out/, and whether Eleventy is there to compare against (else a reason, not a failure).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { printedLines } from '../../bench/lib/export-process.ts';
import { largestFile } from '../../bench/lib/scale-bench.ts';
import { eleventyOf } from '../../bench/lib/peer-bench.ts';
import { evaluateTargets, type Results } from '../../bench/lib/targets.ts';

test("printedLines counts the export's lines on stdout and stderr, not the harness's", () => {
  const stdout = 'Exported 4 pages (2 schools)\n  4 written\nReport: no warnings.\n\nEXPORT_MAIN_MS 12.5\n';
  const stderr =
    'warning: query x: retry 1 in 250 ms\n\tCommand being timed: "node bin/run.mjs export"\n\tUser time (seconds): 1.0\n\tMaximum resident set size (kbytes): 1000\n';
  assert.equal(printedLines({ stdout, stderr }), 4);
  assert.equal(printedLines({ stdout: '', stderr: 'a\r\nb\n\nMAX_RSS_KB 123\n' }), 2);
});

test('largestFile finds the largest page in nested folders, and the largest file of any kind', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-largest-'));
  try {
    mkdirSync(path.join(dir, 'es/schools'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), 'x'.repeat(10));
    writeFileSync(path.join(dir, 'es/schools/index.html'), 'x'.repeat(30));
    writeFileSync(path.join(dir, 'school-facts.json'), 'x'.repeat(50));
    assert.deepEqual(
      largestFile(dir, (n) => n.endsWith('.html')),
      { path: 'es/schools/index.html', bytes: 30 },
    );
    assert.deepEqual(largestFile(dir), { path: 'school-facts.json', bytes: 50 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the peer part is skipped with its reason when the peer folder or Eleventy is missing', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-peer-test-'));
  try {
    const none = eleventyOf(path.join(dir, 'nowhere'));
    assert.ok('missing' in none && /holds no eleventy/.test(none.missing));
    mkdirSync(path.join(dir, 'eleventy'));
    writeFileSync(path.join(dir, 'eleventy/eleventy.config.js'), 'export default () => ({});\n');
    const uninstalled = eleventyOf(dir);
    assert.ok('missing' in uninstalled && /npm install/.test(uninstalled.missing));
    const results = { peer: { skipped: uninstalled.missing } } as unknown as Results;
    const [row] = evaluateTargets(results);
    assert.equal(row?.pass, null);
    assert.match(row?.measured ?? '', /^skipped: /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
