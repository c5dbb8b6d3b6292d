// The preview loading flow, step by step with a fake clock: spec section 4 (fetch once without
// livepreview; draft lookup; draft re-fetched once per 1000 ms quiet period; published updated
// live) and the change stream's own capped reconnect backoff.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay } from '../../src/preview/loading/backoff.ts';
import {
  connectChangeStream,
  type ChangeEvent,
  type EventSourceLike,
  type StreamHandlers,
} from '../../src/preview/loading/change-stream.ts';
import { debounce, type Timers } from '../../src/preview/loading/debounce.ts';
import {
  chooseSource,
  DRAFT_REFRESH_DEBOUNCE_MS,
  startSchoolFlow,
  type SchoolFlowState,
  type SchoolLookup,
} from '../../src/preview/loading/school-flow.ts';

class FakeClock implements Timers {
  now = 0;
  private seq = 0;
  private tasks = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number) {
    const id = ++this.seq;
    this.tasks.set(id, { at: this.now + ms, fn });
    return id;
  }
  clearTimeout(h: unknown) {
    this.tasks.delete(h as number);
  }
  get pending() {
    return this.tasks.size;
  }
  async advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const next = [...this.tasks.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.tasks.delete(next[0]);
      this.now = next[1].at;
      next[1].fn();
      await flush();
    }
    this.now = end;
    await flush();
  }
}
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

test('the draft debounce is the spec value', () => assert.equal(DRAFT_REFRESH_DEBOUNCE_MS, 1000));

test('debounce: a burst runs once, after the quiet period following the last call', async () => {
  const clock = new FakeClock();
  let runs = 0;
  const d = debounce(() => runs++, 1000, clock);
  for (let i = 0; i < 5; i++) {
    d.call();
    await clock.advance(300);
  }
  assert.equal(runs, 0, 'still inside the burst');
  await clock.advance(699);
  assert.equal(runs, 0);
  await clock.advance(1);
  assert.equal(runs, 1);
  await clock.advance(5000);
  assert.equal(runs, 1);
  d.call();
  d.cancel();
  await clock.advance(2000);
  assert.equal(runs, 1, 'cancelled');
});

test('backoff: exponential from the base, capped, jitter only shortens', () => {
  const noJitter = { baseMs: 500, maxMs: 15000, jitter: 0 };
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 10, 1000].map((n) => backoffDelay(n, noJitter)),
    [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000, 15000],
  );
  for (const r of [0, 0.5, 0.999]) {
    const d = backoffDelay(20, { baseMs: 500, maxMs: 15000, jitter: 0.2 }, () => r);
    assert.ok(d <= 15000 && d >= 12000, `delay ${d}`);
  }
  assert.equal(backoffDelay(-3, noJitter), 500);
  assert.equal(backoffDelay(Number.NaN, noJitter), 500);
});

test('chooseSource: an unpublished draft wins, otherwise the published document', () => {
  assert.deepEqual(chooseSource({ id: 'a', draftId: 'drafts.a', hasDraft: true, hasPublished: true }), {
    mode: 'draft',
    id: 'drafts.a',
  });
  assert.deepEqual(chooseSource({ id: 'a', draftId: 'drafts.a', hasDraft: false, hasPublished: true }), {
    mode: 'published',
    id: 'a',
  });
  assert.deepEqual(chooseSource({ id: 'n', draftId: 'drafts.n', hasDraft: true, hasPublished: false }), {
    mode: 'draft',
    id: 'drafts.n',
  });
});

interface School {
  _id: string;
  title: string;
}

function harness(lookup: SchoolLookup | null, docs: Record<string, School>) {
  const clock = new FakeClock();
  const calls: string[] = [];
  let handlers: StreamHandlers | null = null;
  let unsubscribed = false;
  const states: SchoolFlowState<School>[] = [];
  const deps = {
    fetchBySlug: async (slug: string) => {
      calls.push(`slug:${slug}`);
      return docs[`slug:${slug}`] ?? null;
    },
    lookup: async (slug: string) => {
      calls.push(`lookup:${slug}`);
      return lookup;
    },
    fetchById: async (id: string) => {
      calls.push(`id:${id}`);
      return docs[id] ?? null;
    },
    subscribe: (id: string, h: StreamHandlers) => {
      calls.push(`subscribe:${id}`);
      handlers = h;
      return () => {
        unsubscribed = true;
      };
    },
    timers: clock,
    log: () => {},
  };
  const emit = (ev: ChangeEvent) => handlers!.onChange(ev);
  return {
    clock,
    calls,
    deps,
    states,
    emit,
    get handlers() {
      return handlers;
    },
    get unsubscribed() {
      return unsubscribed;
    },
    setLookup(l: SchoolLookup) {
      lookup = l;
    },
  };
}

test('without livepreview the school is fetched once by slug and nothing subscribes', async () => {
  const h = harness(null, { 'slug:lincoln': { _id: 'lincoln', title: 'Lincoln' } });
  const flow = startSchoolFlow('lincoln', false, h.deps, (s) => h.states.push(s));
  await h.clock.advance(5000);
  assert.deepEqual(h.calls, ['slug:lincoln']);
  assert.equal(flow.state().school?.title, 'Lincoln');
  assert.equal(flow.state().mode, null);
});

test('livepreview with a draft: lookup, fetch the draft, re-fetch once per quiet period after a burst', async () => {
  const docs = {
    'drafts.lincoln': { _id: 'drafts.lincoln', title: 'Draft 1' },
    lincoln: { _id: 'lincoln', title: 'Published' },
  };
  const h = harness({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: true, hasPublished: true }, docs);
  const flow = startSchoolFlow('lincoln', true, h.deps, (s) => h.states.push(s));
  await h.clock.advance(0);
  assert.deepEqual(h.calls, ['lookup:lincoln', 'subscribe:lincoln', 'id:drafts.lincoln']);
  assert.equal(flow.state().mode, 'draft');
  assert.equal(flow.state().school?.title, 'Draft 1');

  // A burst of five edits 200 ms apart: nothing until 1000 ms after the last one, then one fetch.
  docs['drafts.lincoln'] = { _id: 'drafts.lincoln', title: 'Draft 6' };
  for (let i = 0; i < 5; i++) {
    h.emit({ documentId: 'drafts.lincoln', transition: 'update' });
    await h.clock.advance(200);
  }
  await h.clock.advance(799);
  assert.equal(h.calls.filter((c) => c === 'id:drafts.lincoln').length, 1, 'no refetch inside the quiet period');
  await h.clock.advance(1);
  assert.equal(h.calls.filter((c) => c === 'id:drafts.lincoln').length, 2, 'exactly one refetch after it');
  assert.equal(flow.state().school?.title, 'Draft 6');
  await h.clock.advance(10_000);
  assert.equal(h.calls.filter((c) => c === 'id:drafts.lincoln').length, 2);
  flow.stop();
  assert.ok(h.unsubscribed);
});

test('livepreview without a draft: published school updated live on each change event', async () => {
  const docs = { lincoln: { _id: 'lincoln', title: 'v1' } };
  const h = harness({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: false, hasPublished: true }, docs);
  const flow = startSchoolFlow('lincoln', true, h.deps, () => {});
  await h.clock.advance(0);
  assert.equal(flow.state().mode, 'published');
  docs.lincoln = { _id: 'lincoln', title: 'v2' };
  h.emit({ documentId: 'lincoln', transition: 'update' });
  await h.clock.advance(0);
  assert.equal(flow.state().school?.title, 'v2', 'no debounce for published updates');
  assert.deepEqual(h.calls, ['lookup:lincoln', 'subscribe:lincoln', 'id:lincoln', 'id:lincoln']);
});

test('a draft appearing while previewing the published school switches to the draft (debounced)', async () => {
  const docs: Record<string, School> = { lincoln: { _id: 'lincoln', title: 'Published' } };
  const h = harness({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: false, hasPublished: true }, docs);
  const flow = startSchoolFlow('lincoln', true, h.deps, () => {});
  await h.clock.advance(0);
  docs['drafts.lincoln'] = { _id: 'drafts.lincoln', title: 'New draft' };
  h.emit({ documentId: 'drafts.lincoln', transition: 'appear' });
  await h.clock.advance(999);
  assert.equal(flow.state().school?.title, 'Published');
  await h.clock.advance(1);
  assert.equal(flow.state().mode, 'draft');
  assert.equal(flow.state().school?.title, 'New draft');
});

test('the draft disappearing (published) looks the school up again and shows the published version', async () => {
  const docs: Record<string, School> = {
    lincoln: { _id: 'lincoln', title: 'Old' },
    'drafts.lincoln': { _id: 'drafts.lincoln', title: 'Draft' },
  };
  const h = harness({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: true, hasPublished: true }, docs);
  const flow = startSchoolFlow('lincoln', true, h.deps, () => {});
  await h.clock.advance(0);
  assert.equal(flow.state().school?.title, 'Draft');
  docs.lincoln = { _id: 'lincoln', title: 'Published now' };
  delete docs['drafts.lincoln'];
  h.setLookup({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: false, hasPublished: true });
  h.emit({ documentId: 'drafts.lincoln', transition: 'disappear' });
  await h.clock.advance(0);
  assert.equal(flow.state().mode, 'published');
  assert.equal(flow.state().school?.title, 'Published now');
  assert.equal(h.calls.filter((c) => c.startsWith('subscribe')).length, 1, 'one subscription throughout');
});

test('a resync after a stream gap reloads; unknown slugs end as not-found; a slow response never overwrites a newer one', async () => {
  const h = harness(null, {});
  const flow = startSchoolFlow('nope', true, h.deps, () => {});
  await h.clock.advance(0);
  assert.equal(flow.state().status, 'not-found');

  const clock = new FakeClock();
  let release: ((s: School) => void) | null = null;
  let n = 0;
  let handlers: StreamHandlers | null = null;
  const flow2 = startSchoolFlow<School>(
    'x',
    true,
    {
      lookup: async () => ({ id: 'x', draftId: 'drafts.x', hasDraft: false, hasPublished: true }),
      fetchBySlug: async () => null,
      fetchById: () => {
        n++;
        if (n === 1) return Promise.resolve({ _id: 'x', title: 'first' });
        if (n === 2)
          return new Promise<School>((r) => {
            release = r;
          });
        return Promise.resolve({ _id: 'x', title: `fetch ${n}` });
      },
      subscribe: (_id, hh) => {
        handlers = hh;
        return () => {};
      },
      timers: clock,
      log: () => {},
    },
    () => {},
  );
  await clock.advance(0);
  handlers!.onChange({ documentId: 'x', transition: 'update' }); // fetch 2, held
  handlers!.onChange({ documentId: 'x', transition: 'update' }); // coalesced: runs after fetch 2
  await clock.advance(0);
  release!({ _id: 'x', title: 'second' });
  await clock.advance(0);
  assert.equal(flow2.state().school?.title, 'fetch 3', 'the coalesced follow-up fetch is the last word');
  handlers!.onResync();
  await clock.advance(0);
  assert.equal(flow2.state().school?.title, 'fetch 4');
  flow2.stop();
});

test('a page opened while the service is down keeps trying and shows the school once it answers (one log line)', async () => {
  for (const live of [false, true]) {
    const clock = new FakeClock();
    let up = false;
    const logged: string[] = [];
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const states: SchoolFlowState<School>[] = [];
    const flow = startSchoolFlow<School>(
      'x',
      live,
      {
        lookup: () =>
          up ? Promise.resolve({ id: 'x', draftId: 'drafts.x', hasDraft: true, hasPublished: true }) : down(),
        fetchBySlug: () => (up ? Promise.resolve({ _id: 'x', title: 'back' }) : down()),
        fetchById: (id) => (up ? Promise.resolve({ _id: id, title: 'back' }) : down()),
        subscribe: () => () => {},
        timers: clock,
        log: (m) => logged.push(m),
      },
      (st) => states.push(st),
    );
    await clock.advance(30_000);
    assert.equal(flow.state().status, 'error', `${live}: still down`);
    assert.equal(logged.length, 1, `${live}: one log line for the whole outage: ${logged.join(' | ')}`);
    up = true;
    // Retries are at most 4 s apart, so the school is there within 4 s of the service's return.
    await clock.advance(4000);
    assert.equal(flow.state().status, 'ready', `${live}: recovered`);
    assert.equal(flow.state().school?.title, 'back');
    flow.stop();
    assert.equal(clock.pending, 0, `${live}: stop cancels every pending retry`);
  }
});

class FakeES implements EventSourceLike {
  static all: FakeES[] = [];
  listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeES.all.push(this);
  }
  addEventListener(type: string, fn: (e: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data?: unknown) {
    for (const fn of this.listeners.get(type) ?? [])
      fn({ data: data === undefined ? undefined : JSON.stringify(data) });
  }
}

test('change stream: resyncs when first live and after a gap; closes a failed source and reopens with capped exponential backoff', async () => {
  FakeES.all = [];
  const clock = new FakeClock();
  const statuses: string[] = [];
  const changes: ChangeEvent[] = [];
  let resyncs = 0;
  const stop = connectChangeStream({
    url: '/api/events?id=x',
    createEventSource: (u) => new FakeES(u),
    timers: clock,
    backoff: { baseMs: 100, maxMs: 800, jitter: 0 },
    onChange: (e) => changes.push(e),
    onStatus: (s) => statuses.push(s),
    onResync: () => resyncs++,
    resyncWhenLive: true,
  });
  assert.equal(FakeES.all.length, 1);
  FakeES.all[0]!.fire('ready', { id: 'x' });
  FakeES.all[0]!.fire('change', { documentId: 'drafts.x', transition: 'update' });
  FakeES.all[0]!.fire('change', { documentId: 7 });
  assert.deepEqual(changes, [{ documentId: 'drafts.x', transition: 'update' }]);
  assert.equal(resyncs, 1, 'reload once live: what the page shows was read before the stream was');

  // Five failures in a row: reopen delays 100, 200, 400, 800, 800.
  const opened: number[] = [];
  for (let i = 0; i < 5; i++) {
    const es = FakeES.all.at(-1)!;
    es.fire('error');
    assert.ok(es.closed, 'the built-in retry is not relied upon');
    const before: number = FakeES.all.length;
    const start = clock.now;
    while (FakeES.all.length === before) await clock.advance(50);
    opened.push(clock.now - start);
  }
  assert.deepEqual(opened, [100, 200, 400, 800, 800]);
  assert.equal(statuses.at(-1), 'reconnecting');
  FakeES.all.at(-1)!.fire('ready', { id: 'x' });
  assert.equal(statuses.at(-1), 'live');
  assert.equal(resyncs, 2, 'reload after the gap');
  // The backoff starts over after a successful connection.
  FakeES.all.at(-1)!.fire('error');
  const before: number = FakeES.all.length;
  await clock.advance(100);
  assert.equal(FakeES.all.length, before + 1);
  stop();
  assert.ok(FakeES.all.at(-1)!.closed);
  assert.equal(clock.pending, 0);
});

test('change stream: an upstream outage reported by the server also triggers a resync once it is back', () => {
  FakeES.all = [];
  let resyncs = 0;
  const statuses: string[] = [];
  const stop = connectChangeStream({
    url: 'u',
    createEventSource: (u) => new FakeES(u),
    timers: new FakeClock(),
    onChange: () => {},
    onStatus: (s) => statuses.push(s),
    onResync: () => resyncs++,
  });
  const es = FakeES.all[0]!;
  es.fire('ready', {});
  es.fire('upstream', { state: 'reconnecting' });
  assert.equal(statuses.at(-1), 'reconnecting');
  es.fire('ready', {});
  assert.equal(statuses.at(-1), 'live');
  assert.equal(resyncs, 1, 'without resyncWhenLive, only once back');
  stop();
});

test('refresh (the Studio asks): a draft after the same debounce as edits, merged with them; a published school at once', async () => {
  const docs = {
    'drafts.lincoln': { _id: 'drafts.lincoln', title: 'Draft' },
    lincoln: { _id: 'lincoln', title: 'Pub' },
  };
  const h = harness({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: true, hasPublished: true }, docs);
  const flow = startSchoolFlow('lincoln', true, h.deps, (s) => h.states.push(s));
  await h.clock.advance(0);
  const fetches = () => h.calls.filter((c) => c === 'id:drafts.lincoln').length;
  assert.equal(fetches(), 1);
  h.emit({ documentId: 'drafts.lincoln', transition: 'update' });
  await h.clock.advance(500);
  flow.refresh();
  await h.clock.advance(999);
  assert.equal(fetches(), 1, 'the refresh restarted the quiet period, as an edit would');
  await h.clock.advance(1);
  assert.equal(fetches(), 2, 'one fetch for the edit and the refresh together');
  flow.stop();

  const p = harness({ id: 'lincoln', draftId: 'drafts.lincoln', hasDraft: false, hasPublished: true }, docs);
  const published = startSchoolFlow('lincoln', true, p.deps, () => {});
  await p.clock.advance(0);
  published.refresh();
  await p.clock.advance(0);
  assert.equal(p.calls.filter((c) => c === 'id:lincoln').length, 2);
  published.stop();

  const s = harness(null, { 'slug:lincoln': { _id: 'lincoln', title: 'Lincoln' } });
  const once = startSchoolFlow('lincoln', false, s.deps, () => {});
  await s.clock.advance(0);
  once.refresh();
  await s.clock.advance(0);
  assert.deepEqual(s.calls, ['slug:lincoln', 'slug:lincoln'], 'without livepreview the school is read again');
  once.stop();
});
