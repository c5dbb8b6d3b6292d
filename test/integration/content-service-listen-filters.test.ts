// Listen filters that backtrack for minutes, replayed: groq-js turns `match` terms and `path()` globs
// into regular expressions V8 cannot interrupt, and on the event loop one such anonymous filter made
// every query wait 99 s at the next change. Filters now run in a listen-filter worker with a
// deadline and a budget; past either, that listener alone ends with a channelError.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { DatasetStore } from '../../content-service/store.ts';
import { parseQuery } from '../../content-service/groq.ts';
import { DEFAULT_FILTER_LIMITS, FilterPool } from '../../content-service/filter-pool.ts';
import { openEventStream, type EventStream } from './helpers/event-stream.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-listen-filters-0123456789';

/** `a*a*a*a*a*b` against 270 a's: ~99 s of backtracking in one `match`. */
const MATCH_ATTACK = { query: '*[$s match $p]', params: { s: 'a'.repeat(270), p: 'a*a*a*a*a*b' } };
/** `**.**…` against 135 dotted parts: the glob's regular expression never finishes. */
const PATH_ATTACK = {
  query: '*[$s in path($p)]',
  params: { s: Array.from({ length: 135 }, () => 'a').join('.'), p: '**.**.**.**.**.**.**.**.x' },
};

const listenUrl = (s: ContentService, query: string, params: Record<string, unknown>): string =>
  `${s.url}/v2025-02-19/data/listen/production?${new URLSearchParams({
    query,
    includeResult: 'true',
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [`$${k}`, JSON.stringify(v)])),
  })}`;

describe('listen filters: a filter that backtracks for minutes', () => {
  let service: ContentService;
  const streams: EventStream[] = [];

  before(async () => {
    service = await startContentService({ contentDir: MINI, watch: false, log: () => {}, token: TOKEN });
  });
  after(async () => {
    for (const s of streams) s.close();
    await service.close();
  });

  const edit = async (n: number): Promise<void> => {
    const res = await fetch(`${service.url}/v2025-02-19/data/mutate/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ mutations: [{ createOrReplace: { _id: 'filter-note', _type: 'note', n } }] }),
    });
    assert.equal(res.status, 200);
  };
  const probe = async (): Promise<number> => {
    const started = performance.now();
    const res = await fetch(`${service.url}/v2025-02-19/data/query/production?query=count(*)`);
    assert.equal(res.status, 200);
    await res.text();
    return performance.now() - started;
  };

  it('ends only those listeners, with a channelError, and queries answer at once at the next change', async () => {
    const open = async (url: string, localAddress?: string, headers?: Record<string, string>) => {
      const s = await openEventStream(url, {
        ...(localAddress ? { localAddress } : {}),
        ...(headers ? { headers } : {}),
      });
      streams.push(s);
      assert.equal(s.status, 200, s.body);
      await s.waitFor('welcome', 5000);
      return s;
    };
    const match = await open(listenUrl(service, MATCH_ATTACK.query, MATCH_ATTACK.params));
    const path = await open(listenUrl(service, PATH_ATTACK.query, PATH_ATTACK.params));
    // Another anonymous client, and the token holder (the preview's upstream), with ordinary filters.
    const other = await open(listenUrl(service, '*[_type == "note"]', {}), '127.0.0.2');
    const preview = await open(listenUrl(service, '*[_type == "note"]', {}), undefined, {
      authorization: `Bearer ${TOKEN}`,
    });

    const changed = performance.now();
    await edit(1);
    const ms = await probe();
    assert.ok(ms < 1000, `count(*) took ${Math.round(ms)} ms at the change`);
    const fromPreview = await preview.waitFor('mutation', 2000);
    assert.equal(JSON.parse(fromPreview.data).documentId, 'filter-note');

    const endedAfter: number[] = [];
    for (const attack of [match, path]) {
      const err = await attack.waitFor('channelError', 10_000);
      endedAfter.push(Math.round(performance.now() - changed));
      assert.match(JSON.parse(err.data).error.description, /listen filter ran longer than 1000 ms/);
      await waitUntil(() => attack.ended, 2000);
    }
    await other.waitFor('mutation', 10_000);

    // The next change: the service and the listeners left are as before.
    await edit(2);
    const again = await probe();
    assert.ok(again < 1000, `count(*) took ${Math.round(again)} ms at the next change`);
    await other.waitFor('mutation', 3000, other.events.findIndex((e) => e.event === 'mutation') + 1);
    await preview.waitFor('mutation', 3000, preview.events.findIndex((e) => e.event === 'mutation') + 1);
    console.log(
      `count(*) at the change: ${Math.round(ms)} ms, at the next: ${Math.round(again)} ms; ` +
        `match and path listeners ended by ${endedAfter.join(' and ')} ms after the change`,
    );
  });
});

async function waitUntil(cond: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('listen filters: the budget', () => {
  it('ends a listener whose filter keeps costing, however short each run, and keeps the others in order', async () => {
    const store = new DatasetStore('dataset.ndjson', () => {}, false);
    store.loadText('');
    const pool = new FilterPool(store, { ...DEFAULT_FILTER_LIMITS, budgetMs: 300 }, () => {});
    try {
      // ~60–150 ms per transaction here: under the deadline, over the budget within a few changes.
      const costly = { s: 'a'.repeat(100), p: 'a*a*a*a*a*b' };
      const ended: string[] = [];
      const seen: number[] = [];
      pool.open(
        {
          tree: parseQuery('*[$s match $p]', costly),
          query: '*[$s match $p]',
          params: costly,
          trusted: false,
          client: 'a',
        },
        { ready: () => {}, matched: () => {}, ended: (d) => ended.push(d) },
      );
      pool.open(
        {
          tree: parseQuery('*[_type == "note"]', {}),
          query: '*[_type == "note"]',
          params: {},
          trusted: false,
          client: 'a',
        },
        {
          ready: () => {},
          matched: (_tx, verdicts) => {
            for (const [change] of verdicts) seen.push(Number(change.after?.n));
          },
          ended: (d) => assert.fail(`the cheap listener was ended: ${d}`),
        },
      );
      for (let n = 1; n <= 12; n++) {
        await store.mutate([{ createOrReplace: { _id: `note-${n}`, _type: 'note', n } }], { identity: 'test' });
        await new Promise((r) => setTimeout(r, 10));
      }
      await waitUntil(() => ended.length === 1 && seen.length === 12, 30_000);
      assert.match(ended[0]!, /used its 300 ms of evaluation a minute/);
      assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    } finally {
      await pool.close();
    }
  });
});
