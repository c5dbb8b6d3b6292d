// End to end over real HTTP on 127.0.0.1: the embedded content service (with a token), the preview
// server, and the browser-side flow (src/preview/loading/school-flow.ts, change-stream.ts + src/preview/api.ts) driven in Node
// against the real SSE endpoint. An editor's mutations reach the previewing client: a draft is
// re-fetched once after the 1000 ms quiet period, a burst ends on its last edit, a published
// school without a draft updates live, a draft-only school previews, and the page recovers by
// itself when the content service restarts. Shutdown ends open streams.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildPreviewServer } from '../../server/app.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { connectChangeStream, type EventSourceLike } from '../../src/preview/loading/change-stream.ts';
import { startSchoolFlow, type SchoolFlow, type SchoolFlowState } from '../../src/preview/loading/school-flow.ts';
import { createPreviewApi } from '../../src/preview/api.ts';
import type { School } from '../../src/lib/content/types.ts';
import { captureLog, editorClient, startFixtureService, writePreviewFixture } from './helpers/preview-fixture.ts';

const TOKEN = `e2e_token_${'x4'.repeat(16)}`;
const SECRET = `e2e-secret-${'m5'.repeat(10)}`;

let fixture: { dir: string; cleanup(): void };
let service: ContentService;
let servicePort = 0;
let app: FastifyInstance;
let origin = '';
let cookie = '';
const log = captureLog();
const bodies: string[] = [];

/** A minimal EventSource for Node over fetch, with the session cookie (what the browser sends). */
class NodeEventSource implements EventSourceLike {
  private listeners = new Map<string, ((e: { data?: unknown }) => void)[]>();
  private ac = new AbortController();
  private closed = false;
  constructor(url: string) {
    void this.run(url);
  }
  addEventListener(type: string, fn: (e: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.ac.abort();
  }
  private emit(type: string, data?: string) {
    if (!this.closed) for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
  private async run(url: string) {
    try {
      const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: this.ac.signal });
      if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
      this.emit('open');
      const decoder = new TextDecoder();
      let buf = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length) {
            bodies.push(data.join('\n'));
            this.emit(event, data.join('\n'));
          }
        }
      }
      throw new Error('stream ended');
    } catch {
      this.emit('error');
    }
  }
}

const sessionFetch = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
  const text = await res.clone().text();
  bodies.push(text, JSON.stringify([...res.headers]));
  return res;
};

async function waitFor(what: string, pred: () => boolean, timeoutMs = 8000): Promise<void> {
  const start = Date.now();
  while (!pred()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

interface Watched {
  flow: SchoolFlow<School>;
  fetches: { id: string; at: number }[];
  state(): SchoolFlowState<School>;
}

function watchSchool(slug: string, livepreview = true): Watched {
  const api = createPreviewApi(sessionFetch, origin);
  const fetches: { id: string; at: number }[] = [];
  let last: SchoolFlowState<School> | null = null;
  const flow = startSchoolFlow<School>(
    slug,
    livepreview,
    {
      fetchBySlug: (s) => api.schoolBySlug(s),
      lookup: (s) => api.lookup(s),
      fetchById: (id) => {
        fetches.push({ id, at: Date.now() });
        return api.document(id, 'drafts');
      },
      subscribe: (id, handlers) =>
        connectChangeStream({
          url: api.eventsUrl(id),
          createEventSource: (u) => new NodeEventSource(u),
          backoff: { baseMs: 100, maxMs: 400 },
          // As a school page asks (PreviewRoot.tsx).
          resyncWhenLive: true,
          ...handlers,
        }),
      log: () => {},
    },
    (s) => {
      last = s;
    },
  );
  return { flow, fetches, state: () => last ?? flow.state() };
}

before(async () => {
  fixture = await writePreviewFixture();
  service = await startFixtureService(fixture.dir, TOKEN);
  servicePort = service.port;
  app = await buildPreviewServer(
    {
      content: { config: embeddedConfig(service.url), token: TOKEN },
      previewSecret: SECRET,
      keepAliveMs: 500,
      relayBackoff: { baseMs: 100, maxMs: 400 },
    },
    { logStream: log.stream },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const login = await fetch(`${origin}/schools/lincoln-middle?livepreview=1&secret=${SECRET}`, { redirect: 'manual' });
  assert.equal(login.status, 302);
  assert.equal(login.headers.get('location'), '/schools/lincoln-middle?livepreview=1');
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
});

after(async () => {
  await app?.close();
  await service?.close();
  fixture?.cleanup();
});

const editor = () => editorClient(service.url, TOKEN);

test('a published school with a pending draft: the draft is shown and re-fetched once, 1000 ms after the edit', async () => {
  const w = watchSchool('lincoln-middle');
  try {
    await waitFor(
      'draft shown and stream live',
      () => w.state().school?.subtitle === 'Draft subtitle' && w.state().connection === 'live',
    );
    assert.equal(w.state().mode, 'draft');
    // Read once, then once more when the stream is first live (a change in between is not lost).
    await waitFor('the read once live', () => w.fetches.length === 2);
    assert.deepEqual(
      w.fetches.map((f) => f.id),
      ['drafts.school-lincoln', 'drafts.school-lincoln'],
    );

    const editedAt = Date.now();
    await editor().patch('drafts.school-lincoln').set({ subtitle: 'Edit 1' }).commit();
    await waitFor('the refetch', () => w.fetches.length === 3, 5000);
    const waited = w.fetches[2]!.at - editedAt;
    assert.ok(waited >= 1000, `refetched after ${waited} ms: not before the quiet period`);
    assert.ok(waited < 3000, `refetched after ${waited} ms`);
    await waitFor('the edit shown', () => w.state().school?.subtitle === 'Edit 1');

    // A burst of edits ends on the last one: one refetch, after the quiet period that follows it.
    let lastEdit = 0;
    for (let i = 1; i <= 5; i++) {
      await editor()
        .patch('drafts.school-lincoln')
        .set({ subtitle: `Burst ${i}` })
        .commit();
      lastEdit = Date.now();
      await new Promise((r) => setTimeout(r, 150));
    }
    await waitFor('the burst refetch', () => w.fetches.length === 4, 5000);
    assert.ok(w.fetches[3]!.at - lastEdit >= 1000, 'after the quiet period');
    await waitFor('the last edit shown', () => w.state().school?.subtitle === 'Burst 5');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(w.fetches.length, 4, 'exactly one refetch for the burst');
  } finally {
    w.flow.stop();
  }
});

test('a published school without a draft updates live from change events', async () => {
  const w = watchSchool('washington-middle');
  try {
    await waitFor(
      'published shown and live',
      () => w.state().school?.subtitle === 'No draft here' && w.state().connection === 'live',
    );
    assert.equal(w.state().mode, 'published');
    await waitFor('the read once live', () => w.fetches.length === 2);
    const at = Date.now();
    await editor().patch('school-washington').set({ subtitle: 'Published live edit' }).commit();
    await waitFor('live update', () => w.state().school?.subtitle === 'Published live edit', 5000);
    assert.ok(w.fetches[2]!.at - at < 1000, 'no draft debounce for published updates');
    assert.deepEqual(
      w.fetches.map((f) => f.id),
      ['school-washington', 'school-washington', 'school-washington'],
    );

    // An editor starts a draft: the preview follows the draft from then on.
    await editor().createOrReplace({
      _id: 'drafts.school-washington',
      _type: 'school',
      title: 'Washington Middle School',
      subtitle: 'Now a draft',
      slug: { _type: 'slug', current: 'washington-middle' },
    });
    await waitFor(
      'switch to the draft',
      () => w.state().mode === 'draft' && w.state().school?.subtitle === 'Now a draft',
      5000,
    );
  } finally {
    w.flow.stop();
  }
});

test('a draft-only school previews and follows its edits; without livepreview the published school is fetched once', async () => {
  const w = watchSchool('new-horizons');
  try {
    await waitFor(
      'draft-only shown',
      () => w.state().school?.title === 'New Horizons Middle School' && w.state().connection === 'live',
    );
    assert.equal(w.state().mode, 'draft');
    await editor().patch('drafts.school-horizons').set({ title: 'New Horizons Academy' }).commit();
    await waitFor('draft edit shown', () => w.state().school?.title === 'New Horizons Academy', 5000);
  } finally {
    w.flow.stop();
  }

  const once = watchSchool('washington-middle', false);
  await waitFor('published by slug', () => once.state().status === 'ready');
  assert.equal(once.state().school?.subtitle, 'Published live edit', 'published content, not the draft');
  assert.equal(once.state().connection, null, 'no stream without livepreview');
  once.flow.stop();
});

test('the preview recovers by itself when the content service goes away and comes back', async () => {
  const w = watchSchool('lincoln-middle');
  try {
    await waitFor('live', () => w.state().connection === 'live' && w.state().status === 'ready');
    const before = w.fetches.length;
    await service.close();
    await waitFor('reconnecting shown', () => w.state().connection === 'reconnecting', 8000);
    const down = await sessionFetch(`${origin}/api/navigation`);
    assert.equal(down.status, 503);
    assert.equal((await down.json()).error, 'content service unavailable');

    // Back on the same port, so the preview server's configuration still points at it.
    service = await startContentService({
      contentDir: fixture.dir,
      token: TOKEN,
      port: servicePort,
      host: '127.0.0.1',
      watch: false,
      log: () => {},
    });
    await waitFor('live again', () => w.state().connection === 'live', 15000);
    await waitFor('reloaded after the gap', () => w.fetches.length > before, 5000);
    assert.equal(w.state().status, 'ready');
    assert.equal((await sessionFetch(`${origin}/api/navigation`)).status, 200);
  } finally {
    w.flow.stop();
  }
});

test('no response, stream event, bundle or log carries the token; SIGTERM-style close ends open streams', async () => {
  const shell = await sessionFetch(`${origin}/`);
  const html = await shell.text();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) await sessionFetch(origin + m[1]!);
  const all = bodies.join('\n') + log.text();
  assert.ok(bodies.length > 20);
  assert.ok(!all.includes(TOKEN), 'token leaked');
  assert.ok(!log.text().includes(SECRET), 'secret logged');

  const es = new NodeEventSource(`${origin}/api/events?id=school-lincoln`);
  let ready = false;
  let ended = false;
  es.addEventListener('ready', () => {
    ready = true;
  });
  es.addEventListener('error', () => {
    ended = true;
  });
  await waitFor('stream ready', () => ready);
  const start = Date.now();
  await app.close();
  assert.ok(Date.now() - start < 3000, 'close does not wait for the open stream');
  await waitFor('stream ended', () => ended, 3000);
  es.close();
});
