// The red team's GROQ attacks on the embedded service, replayed: a short ("77 chars")
// anonymous GET that grew memory until the heap ran out, a nested query that made a parallel
// count(*) wait 20 s, a 100 KB POSTed `1+1+…` that took 39 s to parse. Each must now end in a
// clear JSON error within its budget while other queries keep being answered promptly.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildContentServiceApp, startContentService, type ContentService } from '../../content-service/index.ts';
import type { QueryPool } from '../../content-service/query-pool.ts';
import { HOSTILE_QUERIES } from '../fixtures/hostile/queries.ts';

const SAMPLE = fileURLToPath(new URL('../../content/sample', import.meta.url));
const BUDGET_MS = 3000;

async function query(
  service: ContentService,
  groq: string,
  init: { method?: 'GET' | 'POST'; signal?: AbortSignal } = {},
): Promise<{
  status: number;
  body: { result?: unknown; error?: { type?: string; description?: string } };
  ms: number;
}> {
  const started = performance.now();
  const base = `${service.url}/v2025-02-19/data/query/production`;
  const res =
    init.method === 'POST'
      ? await fetch(base, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: groq }),
          ...(init.signal ? { signal: init.signal } : {}),
        })
      : await fetch(`${base}?query=${encodeURIComponent(groq)}`, init.signal ? { signal: init.signal } : {});
  const body = (await res.json()) as { result?: unknown; error?: { type?: string; description?: string } };
  return { status: res.status, body, ms: performance.now() - started };
}

let service: ContentService;
let pool: QueryPool;
let documents: number;

/**
 * Resolves once two workers are loaded and free. A worker stopped by a test is replaced at once,
 * but loading the copy took over 2.7 s on a loaded machine: a query sent then waited for it, which
 * looked like a query queued behind the attack.
 */
async function twoIdleWorkers(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (pool.idleWorkers() < 2) {
    assert.ok(Date.now() < deadline, `${pool.idleWorkers()} idle query worker(s) after 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('content service: GROQ limits hold against the red team queries', () => {
  before(async () => {
    const built = await buildContentServiceApp({
      contentDir: SAMPLE,
      watch: false,
      log: () => {},
      queryLimits: { timeoutMs: BUDGET_MS, memoryMb: 256 },
    });
    pool = built.pool;
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = built.app.server.address() as AddressInfo;
    service = { url: `http://127.0.0.1:${port}`, port, persists: false, close: () => built.app.close() };
    documents = (await query(service, 'count(*)')).body.result as number;
    // A second worker starts when a query has to wait (query-pool.ts): two at once start it.
    const medium = 'count(*[]{"a":*[0...50]{_id}})';
    await Promise.all([query(service, medium), query(service, medium)]);
  });

  after(() => service.close());

  it('stops the short nested count query at its budget while count(*) keeps answering', async () => {
    await twoIdleWorkers();
    const attack = query(service, HOSTILE_QUERIES.nestedRunaway);
    await new Promise((r) => setTimeout(r, 300));
    const during: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await query(service, 'count(*)');
      assert.equal(r.body.result, documents);
      during.push(r.ms);
    }
    const stopped = await attack;
    assert.equal(stopped.status, 503);
    assert.match(stopped.body.error?.type ?? '', /^query(Timeout|MemoryLimit)Error$/);
    assert.ok(stopped.ms < BUDGET_MS + 2000, `the runaway query was answered after ${Math.round(stopped.ms)} ms`);
    // Queued behind the attack, the first count(*) would wait out the rest of its budget (2.7 s);
    // a loaded machine can take a second or two for an answer that is not queued.
    assert.ok(
      Math.max(...during) < BUDGET_MS - 300,
      `count(*) took up to ${Math.round(Math.max(...during))} ms during the attack`,
    );
    // A fresh worker took the stopped one's place: the service still answers.
    assert.equal((await query(service, 'count(*)')).body.result, documents);
  });

  it('keeps answering while the nested slice query runs, and stops it at the budget', async () => {
    await twoIdleWorkers();
    const attack = query(service, HOSTILE_QUERIES.nestedSlice);
    await new Promise((r) => setTimeout(r, 300));
    const r = await query(service, 'count(*)');
    assert.equal(r.body.result, documents);
    // Queued behind the attack it would wait out the rest of the attack's budget.
    assert.ok(r.ms < BUDGET_MS - 300, `count(*) took ${Math.round(r.ms)} ms`);
    assert.equal((await attack).status, 503);
  });

  it('refuses a 100 KB POSTed query with 413 before parsing it', async () => {
    const r = await query(service, HOSTILE_QUERIES.longSum(100_000), { method: 'POST' });
    assert.equal(r.status, 413);
    assert.equal(r.body.error?.type, 'queryTooLargeError');
    assert.ok(r.ms < 1000, `refused after ${Math.round(r.ms)} ms`);
  });

  it('refuses a GET URL over 11 KB (an 11.7 KB one: +1 is %2B1) with 414, telling the client to POST', async () => {
    const r = await query(service, HOSTILE_QUERIES.longSum(5_800));
    assert.equal(r.status, 414);
    assert.match(r.body.error?.description ?? '', /POST/);
  });

  it('ends the query of a client that went away, freeing its worker', async () => {
    const solo = await startContentService({
      contentDir: SAMPLE,
      watch: false,
      log: () => {},
      queryLimits: { workers: 1, timeoutMs: 20_000 },
    });
    try {
      assert.equal((await query(solo, 'count(*)')).body.result, documents);
      const gone = new AbortController();
      const attack = query(solo, HOSTILE_QUERIES.nestedRunaway, { signal: gone.signal }).catch((e: Error) => e);
      await new Promise((r) => setTimeout(r, 300));
      gone.abort();
      assert.ok((await attack) instanceof Error);
      // With one worker, this answers only because the abandoned query's worker was replaced.
      const r = await query(solo, 'count(*)');
      assert.equal(r.body.result, documents);
      assert.ok(r.ms < 10_000, `count(*) after the abandoned query took ${Math.round(r.ms)} ms`);
    } finally {
      await solo.close();
    }
  });

  it('stops a query that outgrows the worker heap with 503 queryMemoryLimitError', async () => {
    const tight = await startContentService({
      contentDir: SAMPLE,
      watch: false,
      log: () => {},
      queryLimits: { workers: 1, timeoutMs: 60_000, memoryMb: 48 },
    });
    try {
      const r = await query(tight, HOSTILE_QUERIES.memoryBomb);
      assert.equal(r.status, 503);
      assert.equal(r.body.error?.type, 'queryMemoryLimitError');
      assert.equal((await query(tight, 'count(*)')).body.result, documents);
    } finally {
      await tight.close();
    }
  });
  it('refuses listen streams beyond its cap with 429, and frees a place when one closes', async () => {
    const capped = await startContentService({ contentDir: SAMPLE, watch: false, log: () => {}, maxStreams: 2 });
    const url = `${capped.url}/v2025-02-19/data/listen/production?query=${encodeURIComponent('*[_type == "school"]')}`;
    const streams: AbortController[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        const ac = new AbortController();
        streams.push(ac);
        const res = await fetch(url, { signal: ac.signal });
        assert.equal(res.status, 200);
      }
      const refused = await fetch(url);
      assert.equal(refused.status, 429);
      assert.match(((await refused.json()) as { error: { description: string } }).error.description, /limit.*2/);
      streams.shift()!.abort();
      let again = 429;
      for (let i = 0; i < 40 && again !== 200; i++) {
        const ac = new AbortController();
        const res = await fetch(url, { signal: ac.signal });
        again = res.status;
        if (again === 200) streams.push(ac);
        else await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(again, 200);
    } finally {
      for (const ac of streams) ac.abort();
      await capped.close();
    }
  });
});
