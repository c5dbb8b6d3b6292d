// Services fail, and a scheduled export must neither hang nor publish half a site. A fault-injecting
// proxy (helpers/faulty-proxy.ts) sits between the real export CLI and the embedded content service,
// configured as a hosted project (SANITY_API_HOST), and makes the service answer 5xx, hang, reset
// connections, cut bodies off, send malformed JSON, or answer slowly but correctly. The export must
// retry, then fail with exit 2 and a clear message within its time limit, leaving out/ byte-for-byte
// (and mtime-for-mtime) as it was; slow and briefly failing services must still export the same site.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import {
  cleanEnv,
  MINI,
  removeDir,
  runExport,
  snapshot,
  tempDir,
  type RunResult,
  type Snapshot,
} from './export-helpers.ts';
import { FAULTS, startFaultyProxy, type Fault, type FaultyProxy } from './helpers/faulty-proxy.ts';

/** Short overall limit for failing runs: the export must give up within it (plus process start-up). */
const LIMIT_MS = 3_000;
/** Generous bound on a failing run's wall time: tsx start-up on a busy 2-core machine plus the limit. */
const FAIL_BOUND_MS = LIMIT_MS + 12_000;

const work = tempDir('faults');
const out = path.join(work, 'site', 'out');
let service: ContentService;
let proxy: FaultyProxy;
let good: Snapshot;
const figures = { faultRuns: 0, failedCleanly: 0, exportedAnyway: 0, requests: 0, maxFailMs: 0 };

const env = (limitMs: number) =>
  cleanEnv({
    SANITY_PROJECT_ID: 'faults',
    SANITY_DATASET: 'production',
    SANITY_API_HOST: proxy.url,
    EXPORT_TIME_LIMIT_MS: String(limitMs),
  });

/** One hash over every file's path and bytes: equal trees, equal hashes. */
function treeHash(snap: Snapshot): string {
  const h = createHash('sha256');
  for (const f of Object.keys(snap).sort()) h.update(f).update('\0').update(snap[f]!.bytes).update('\0');
  return h.digest('hex');
}

function assertUntouched(before: Snapshot, now: Snapshot) {
  assert.equal(treeHash(now), treeHash(before), 'out/ tree hash unchanged');
  for (const [f, s] of Object.entries(before)) assert.equal(now[f]!.mtimeMs, s.mtimeMs, `${f} not rewritten`);
  assert.deepEqual(readdirSync(path.dirname(out)), ['out'], 'no temp folder left next to out/');
}

async function exportWith(
  plan: (n: number) => Fault,
  limitMs: number,
): Promise<RunResult & { ms: number; requests: number }> {
  proxy.reset();
  proxy.setPlan(plan);
  const started = Date.now();
  const r = await runExport(['--out', out], env(limitMs));
  const ms = Date.now() - started;
  const requests = proxy.log().length;
  figures.faultRuns++;
  figures.requests += requests;
  return { ...r, ms, requests };
}

before(async () => {
  service = await startContentService({ contentDir: MINI, host: '127.0.0.1', port: 0, watch: false, log: () => {} });
  proxy = await startFaultyProxy(service.url);
  const r = await exportWith(() => FAULTS.pass, 30_000);
  assert.equal(r.code, 0, r.stderr);
  good = snapshot(out);
});

after(async () => {
  await proxy?.close();
  await service?.close();
  removeDir(work);
  // eslint-disable-next-line no-console
  console.log(
    `faults: ${figures.faultRuns} exports through the fault proxy (${figures.requests} requests); ${figures.failedCleanly} failed cleanly with exit 2 ` +
      `and out/ unchanged (slowest ${figures.maxFailMs} ms with a ${LIMIT_MS} ms limit), ${figures.exportedAnyway} exported despite slow or transient faults`,
  );
});

describe('a failing content service: retries, then exit 2 within the time limit, out/ untouched', () => {
  const cases: [string, Fault, RegExp][] = [
    ['every request answered 503', FAULTS.status(503), /HTTP 503|503|Service Unavailable|injected/i],
    ['every request answered 500', FAULTS.status(500), /500|injected/i],
    ['every request hangs', FAULTS.hang, /time limit/],
    ['every connection is reset', FAULTS.reset, /socket|ECONNRESET|reset|network|fetch failed|time limit/i],
    ['every body is cut off halfway', FAULTS.truncate, /./],
    ['every body is malformed JSON', FAULTS.malformed, /JSON|Unexpected|parse|Unterminated/i],
  ];
  for (const [name, fault, reason] of cases) {
    test(name, async () => {
      const r = await exportWith(() => fault, LIMIT_MS);
      assert.equal(r.code, 2, `exit code\n${r.stderr}`);
      assert.match(r.stderr, /export failed \(fetch\):/);
      assert.match(r.stderr.split('\n').find((l) => l.startsWith('export failed')) ?? '', reason);
      assert.match(r.stderr, /left untouched/);
      assert.ok(r.ms < FAIL_BOUND_MS, `gave up in ${r.ms} ms (bound ${FAIL_BOUND_MS})`);
      // Malformed JSON is not transient: the one content query is asked once and not retried.
      assert.ok(r.requests >= 1, `the service was asked (${r.requests} requests)`);
      assertUntouched(good, snapshot(out));
      figures.failedCleanly++;
      figures.maxFailMs = Math.max(figures.maxFailMs, r.ms);
    });
  }

  test('transient faults are retried: 5xx and resets each get more than one attempt', async () => {
    const r = await exportWith((n) => (n % 2 ? FAULTS.status(502) : FAULTS.reset), LIMIT_MS);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /retry 1 in \d+ ms/);
    assert.ok(r.requests > 1, `${r.requests} requests for one query`);
    assertUntouched(good, snapshot(out));
    figures.failedCleanly++;
  });
});

describe('services that recover or are merely slow still export the same site', () => {
  test('the first two requests answered 503, then fine: exported, identical to the clean export', async () => {
    const r = await exportWith((n) => (n <= 2 ? FAULTS.status(503) : FAULTS.pass), 30_000);
    assert.equal(r.code, 0, r.stderr);
    // The first 503 answers the plan's early question for the revisions (out/ and its manifest
    // exist), which is asked once and dropped; the second answers the read's, which is retried.
    assert.equal((r.stderr.match(/retry \d in/g) ?? []).length, 1, r.stderr);
    assert.equal(treeHash(snapshot(out)), treeHash(good));
    figures.exportedAnyway++;
  });

  test('one reset and one cut-off body, then fine: exported (a cut-off body is abandoned after its time share, not waited on forever)', async () => {
    const r = await exportWith((n) => (n === 1 ? FAULTS.reset : n === 2 ? FAULTS.truncate : FAULTS.pass), 10_000);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /query \w+: no complete answer within \d+ ms; retry \d/);
    assert.equal(treeHash(snapshot(out)), treeHash(good));
    figures.exportedAnyway++;
  });

  test('every answer 800 ms late and trickled in pieces: exported, identical', async () => {
    const r = await exportWith(() => FAULTS.slow(800, 100), 30_000);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.ms >= 800, 'the delay was applied');
    assert.equal(treeHash(snapshot(out)), treeHash(good));
    figures.exportedAnyway++;
  });
});
