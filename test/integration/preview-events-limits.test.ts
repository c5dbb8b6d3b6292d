// A red-team review held 9000 /api/events streams in one preview session, each with its own
// listen connection to the content service (memory 103 → 450 MB). Now a session may hold a few
// streams (429 beyond), and all streams watching one school share a single upstream listener.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { SanityClient } from '@sanity/client';
import { buildPreviewServer } from '../../server/app.ts';
import { createPreviewClient } from '../../server/lib/preview-client.ts';
import { embeddedConfig } from '../../src/config/public.ts';
import type { ContentService } from '../../content-service/index.ts';
import { editorClient, startFixtureService, writePreviewFixture } from './helpers/preview-fixture.ts';

const TOKEN = `tok_${'E5'.repeat(20)}`;
const SECRET = `preview-secret-${'w3'.repeat(10)}`;
const MAX = 3;
/** Streams over all sessions: more sessions must not get past it. */
const MAX_ALL = 5;

let fixture: Awaited<ReturnType<typeof writePreviewFixture>>;
let service: ContentService;
let app: FastifyInstance;
let origin: string;
let listens = 0;

/** An open event stream, its events as they arrive. */
interface Stream {
  status: number;
  events: string[];
  body: string;
  close(): void;
}

async function open(url: string, cookie: string): Promise<Stream> {
  const ac = new AbortController();
  const res = await fetch(`${origin}${url}`, { headers: { cookie }, signal: ac.signal });
  const stream: Stream = { status: res.status, events: [], body: '', close: () => ac.abort() };
  if (res.status !== 200) {
    stream.body = await res.text();
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const m of decoder.decode(value).matchAll(/^event: (\w+)/gm)) stream.events.push(m[1]!);
      }
    } catch {
      /* aborted */
    }
  })();
  return stream;
}

async function login(): Promise<string> {
  const res = await fetch(`${origin}/?secret=${SECRET}`, { redirect: 'manual' });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

before(async () => {
  fixture = await writePreviewFixture();
  service = await startFixtureService(fixture.dir, TOKEN);
  const real = createPreviewClient(embeddedConfig(service.url), TOKEN);
  // Counts upstream listen connections the preview opens.
  const client = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'listen')
        return (...args: Parameters<SanityClient['listen']>) => {
          listens++;
          return target.listen(...args);
        };
      // Bound to the real client: its methods use private fields a proxy as `this` does not have.
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  app = await buildPreviewServer(
    {
      content: { config: embeddedConfig(service.url), token: TOKEN },
      previewSecret: SECRET,
      client,
      maxStreamsPerSession: MAX,
      maxStreams: MAX_ALL,
    },
    { logLevel: 'silent' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

after(async () => {
  await app?.close();
  await service?.close();
  fixture?.cleanup();
});

test('one session gets at most its cap of event streams, then a 429 that says why', async () => {
  const cookie = await login();
  const streams = await Promise.all(Array.from({ length: MAX }, () => open('/api/events?id=school-lincoln', cookie)));
  try {
    assert.deepEqual(
      streams.map((s) => s.status),
      Array(MAX).fill(200),
    );
    const refused = await open('/api/events?id=school-lincoln', cookie);
    assert.equal(refused.status, 429);
    assert.match(JSON.parse(refused.body).message, /at most 3/);
    // Another session is counted on its own.
    const other = await open('/api/events?id=school-lincoln', await login());
    assert.equal(other.status, 200);
    other.close();
    // A closed stream frees its place (once the server has seen the connection close).
    streams.pop()!.close();
    let again: Stream | null = null;
    for (let i = 0; i < 40 && again?.status !== 200; i++) {
      again?.close();
      again = await open('/api/events?id=school-lincoln', cookie);
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(again?.status, 200);
    again?.close();
  } finally {
    for (const s of streams) s.close();
  }
});

test('streams watching one school share one upstream listener, and all of them see a change', async () => {
  const before = listens;
  const sessions = [await login(), await login()];
  const streams = await Promise.all([0, 0, 1, 1, 1].map((i) => open('/api/events?id=school-lincoln', sessions[i]!)));
  try {
    await until(() => streams.every((s) => s.events.includes('ready')), 'every stream to be ready');
    assert.equal(listens - before, 1, 'one upstream listen connection for five streams');
    await editorClient(service.url, TOKEN).patch('school-lincoln').set({ name: 'Lincoln Middle (renamed)' }).commit();
    await until(() => streams.every((s) => s.events.includes('change')), 'every stream to see the change');
  } finally {
    for (const s of streams) s.close();
  }
  // Once the last watcher left, the upstream listener stopped; a new watcher opens a new one.
  await new Promise((r) => setTimeout(r, 200));
  const later = await open('/api/events?id=school-lincoln', sessions[0]!);
  await until(() => later.events.includes('ready'), 'the new stream to be ready');
  later.close();
  assert.equal(listens - before, 2);
});

test('all sessions together get at most the global cap of event streams', async () => {
  const streams: Stream[] = [];
  let refused: Stream | null = null;
  try {
    // Two streams per session, under the per-session cap: only the global one can refuse.
    for (let i = 0; i < 2 * MAX_ALL && !refused; i++) {
      const cookie = await login();
      for (let j = 0; j < 2 && !refused; j++) {
        const s = await open('/api/events?id=school-lincoln', cookie);
        if (s.status === 200) streams.push(s);
        else refused = s;
      }
    }
    assert.equal(refused?.status, 429);
    assert.match(JSON.parse(refused!.body).message, new RegExp(`at most ${MAX_ALL}`));
    assert.ok(streams.length <= MAX_ALL, `${streams.length} streams open`);
  } finally {
    for (const s of streams) s.close();
  }
});
