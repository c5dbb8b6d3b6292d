// The second red-team pass against the embedded content service, replayed: anonymous requests
// that crashed the process (a parameter nested 5000 deep), froze it (a listen filter whose cost
// multiplies), or took every listen stream. Each must now be refused with a clear answer while
// the service keeps answering others promptly.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { DatasetStore } from '../../content-service/store.ts';
import { DEFAULT_QUERY_LIMITS, QueryPool, WorkerQueryError } from '../../content-service/query-pool.ts';
import { HOSTILE_QUERIES } from '../fixtures/hostile/queries.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../content/sample', import.meta.url));
const TOKEN = 'test-token-hardening-0123456789';
const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;

const base = (s: ContentService, route: 'query' | 'listen' | 'mutate'): string =>
  `${s.url}/v2025-02-19/data/${route}/production`;

async function timed(url: string, init?: RequestInit): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(url, init);
  return { status: res.status, body: await res.text(), ms: performance.now() - started };
}

/** A GET from another loopback address (127.0.0.2): another client, as the service counts them. */
function timedFrom(localAddress: string, url: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { localAddress }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    }).on('error', reject);
  });
}

/** Reads a listen stream's first event (its name and data), then drops the stream. */
async function firstEvent(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; event: string; data: string }> {
  const ac = new AbortController();
  const res = await fetch(url, { ...init, signal: ac.signal });
  if (res.status !== 200) return { status: res.status, event: '', data: await res.text() };
  const reader = res.body!.getReader();
  let text = '';
  while (!/\n\n/.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  ac.abort();
  return {
    status: res.status,
    event: /^event: (.*)$/m.exec(text)?.[1] ?? '',
    data: /^data: (.*)$/m.exec(text)?.[1] ?? '',
  };
}

describe('content service: the second red-team pass', () => {
  let service: ContentService;
  const count = async (): Promise<{ status: number; body: string; ms: number }> =>
    timed(`${base(service, 'query')}?query=count(*)`);

  before(async () => {
    service = await startContentService({ contentDir: MINI, watch: false, log: () => {}, token: TOKEN });
  });
  after(() => service.close());

  it('answers a parameter nested 5000 deep with 400 queryParseError, twice, by GET, POST and listen', async () => {
    const url = `${base(service, 'query')}?query=count($p)&$p=${DEEP}`;
    const first = await timed(url);
    await new Promise((r) => setTimeout(r, 200));
    const second = await timed(url);
    for (const r of [first, second]) {
      assert.equal(r.status, 400);
      assert.equal(JSON.parse(r.body).error.type, 'queryParseError');
      assert.match(JSON.parse(r.body).error.description, /\$p is nested deeper than 64/);
    }
    const posted = await timed(base(service, 'query'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"query":"count($p)","params":{"p":${DEEP}}}`,
    });
    assert.equal(posted.status, 400);
    const listened = await firstEvent(`${base(service, 'listen')}?query=*[_id in $p]&$p=${DEEP}`);
    assert.equal(listened.event, 'channelError');
    assert.equal(JSON.parse(listened.data).error.type, 'queryParseError');
    const after = await count();
    assert.equal(after.status, 200);
  });

  it('refuses a listen filter whose cost multiplies, so the next edit does not freeze the service', async () => {
    const a = JSON.stringify(Array.from({ length: 60 }, () => ({})));
    const attack = `*[count($a[]{"x":$a[]{"y":$a}}[].x[].y[]) > 0]`;
    const refused = await firstEvent(`${base(service, 'listen')}?query=${encodeURIComponent(attack)}&$a=${a}`);
    assert.equal(refused.event, 'channelError');
    assert.match(JSON.parse(refused.data).error.description, /listen filter may not walk an array/);
    // The token holder (the Studio, the preview) may listen with any filter.
    const editor = await firstEvent(`${base(service, 'listen')}?query=${encodeURIComponent(attack)}&$a=[]`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    assert.equal(editor.event, 'welcome');
    // The site's own filters, and one traversal with per-element tests, still open a stream.
    for (const ok of ['*[_id in $a]', '*[_type == "school" && count(tags[@ in ["a", "b"]]) > 0]']) {
      const opened = await firstEvent(`${base(service, 'listen')}?query=${encodeURIComponent(ok)}&$a=["x"]`);
      assert.equal(opened.event, 'welcome', ok);
    }
    // The attack's stream, had it opened, would run at this edit; count(*) still answers promptly
    // (the bound leaves room for a machine busy with a browser test beside this one).
    const ac = new AbortController();
    const held = await fetch(`${base(service, 'listen')}?query=${encodeURIComponent(attack)}&$a=${a}`, {
      signal: ac.signal,
    });
    const edit = await timed(base(service, 'mutate'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ mutations: [{ createOrReplace: { _id: 'hardening-1', _type: 'note', n: 1 } }] }),
    });
    assert.equal(edit.status, 200);
    const r = await count();
    ac.abort();
    assert.equal(held.status, 200);
    assert.ok(r.ms < 5000, `count(*) took ${Math.round(r.ms)} ms after the edit`);
  });

  it('keeps listen seats for the token holder and shares the rest out per address', async () => {
    const capped = await startContentService({
      contentDir: MINI,
      watch: false,
      log: () => {},
      token: TOKEN,
      maxStreams: 10,
      maxStreamsPerAddress: 5,
    });
    const url = `${base(capped, 'listen')}?query=${encodeURIComponent('*[_type == "school"]')}`;
    const open: AbortController[] = [];
    const openOne = async (init: RequestInit = {}): Promise<number> => {
      const ac = new AbortController();
      const res = await fetch(url, { ...init, signal: ac.signal });
      if (res.status === 200) open.push(ac);
      else await res.text();
      return res.status;
    };
    try {
      const anonymous = [];
      for (let i = 0; i < 7; i++) anonymous.push(await openOne());
      assert.deepEqual(anonymous, [200, 200, 200, 200, 200, 429, 429]);
      // The editor's (the preview's) upstream still gets a stream.
      assert.equal(await openOne({ headers: { authorization: `Bearer ${TOKEN}` } }), 200);
    } finally {
      for (const ac of open) ac.abort();
      await capped.close();
    }
  });
});

describe('query pool: a job that cannot be sent to a worker', () => {
  it('is answered as a query error and leaves the worker free', async () => {
    const store = new DatasetStore('unused.ndjson', () => {});
    store.loadText('{"_id":"a","_type":"t"}\n');
    const pool = new QueryPool(store, { ...DEFAULT_QUERY_LIMITS, workers: 1, timeoutMs: 3000 }, () => {});
    try {
      const job = {
        query: 'count(*)',
        perspective: 'published' as const,
        authenticated: false,
        identity: '',
        origin: 'http://127.0.0.1',
        project: 'p',
        dataset: 'production',
      };
      await assert.rejects(pool.query({ ...job, params: { f: () => 1 } }), WorkerQueryError);
      const answer = await pool.query({ ...job, params: {} });
      assert.equal(answer.json?.toString(), '1');
    } finally {
      await pool.close();
    }
  });
});

describe('query pool: workers started with it', () => {
  const loaded = async (pool: QueryPool, want: number): Promise<void> => {
    const deadline = Date.now() + 60_000;
    while (pool.idleWorkers() < want) {
      assert.ok(Date.now() < deadline, `${pool.idleWorkers()} of ${want} query worker(s) ready after 60 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const text = '{"_id":"a","_type":"t"}\n';
  const poolOf = (limits: Partial<typeof DEFAULT_QUERY_LIMITS>): QueryPool =>
    new QueryPool(
      new DatasetStore('unused.ndjson', () => {}).loadText(text),
      { ...DEFAULT_QUERY_LIMITS, ...limits },
      () => {},
      text,
    );

  it('is one by default: a command that never asks two queries at once holds one copy of the dataset', async () => {
    const pool = poolOf({});
    try {
      await loaded(pool, 1);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(pool.idleWorkers(), 1);
    } finally {
      await pool.close();
    }
  });

  it('is every worker for a full read, each loaded before any query arrives', async () => {
    const pool = poolOf({ workers: 2, workersAtStart: Number.POSITIVE_INFINITY });
    try {
      await loaded(pool, 2);
      assert.equal(pool.idleWorkers(), 2);
    } finally {
      await pool.close();
    }
  });
});

describe('content service: two runaway queries at once', () => {
  // Bounds leave room for a busy machine: the light worker loads the dataset when it starts.
  it('leave a worker for short queries, which answer within seconds instead of the budget', async () => {
    const service = await startContentService({
      contentDir: SAMPLE,
      watch: false,
      log: () => {},
      queryLimits: { timeoutMs: 12_000, lightAfterMs: 300, lightBudgetMs: 1500 },
    });
    const url = (q: string): string => `${base(service, 'query')}?query=${encodeURIComponent(q)}`;
    let runawaysEnded = 0;
    const runaways = Promise.all([timed(url(HOSTILE_QUERIES.nestedRunaway)), timed(url(HOSTILE_QUERIES.nestedSlice))]);
    // Marked either way, on a promise of its own that never rejects (the runaways are awaited below).
    const ended = () => {
      runawaysEnded = performance.now();
    };
    runaways.then(ended, ended);
    try {
      await new Promise((r) => setTimeout(r, 200));
      // Another client's short query; the export, whose own queries fill the workers, waits instead.
      const short = await timedFrom('127.0.0.2', url('count(*[_type == "school"])'));
      assert.equal(short.status, 200);
      // Queued behind the runaways it would be answered only once they end. Its own time is not
      // the measure: a loaded machine took 7.7 s to start the light worker.
      assert.equal(runawaysEnded, 0, `a short query waited ${Math.round(short.ms)} ms, until the runaway ones ended`);
      // A long query on the light worker is stopped at its short budget, not the full one.
      const long = await timedFrom('127.0.0.2', url(HOSTILE_QUERIES.nestedRunaway));
      assert.equal(long.status, 503);
      // Held to the full budget it would run 12 s.
      assert.ok(long.ms < 12_000, `a third runaway query held the light worker ${Math.round(long.ms)} ms`);
      for (const r of await runaways) assert.equal(r.status, 503);
    } finally {
      await runaways.catch(() => {});
      await service.close();
    }
  });

  it("keep the full budget for the token holder's queries on the light worker", async () => {
    const service = await startContentService({
      contentDir: SAMPLE,
      watch: false,
      log: () => {},
      token: TOKEN,
      queryLimits: { workers: 1, timeoutMs: 8000, lightAfterMs: 200, lightBudgetMs: 20 },
    });
    const url = (q: string): string => `${base(service, 'query')}?query=${encodeURIComponent(q)}`;
    const medium = 'count(*[]{"a":*[_id != ^._id][0...50]{_id}})';
    try {
      const runaway = timed(url(HOSTILE_QUERIES.nestedRunaway));
      await new Promise((r) => setTimeout(r, 300));
      const anonymous = await timedFrom('127.0.0.2', url(medium));
      assert.equal(anonymous.status, 503, 'past the light budget without the token');
      const editor = await timed(url(medium), { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(editor.status, 200, editor.body);
      assert.equal((await runaway).status, 503);
    } finally {
      await service.close();
    }
  });
});
