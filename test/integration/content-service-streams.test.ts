// Every event stream route shares one set of caps (streams.ts), replayed: `/live/events` took ~20,000
// anonymous streams from one address until the file descriptors ran out and every new connection,
// the preview's included, was reset. Now an address without the token holds at most 100 streams
// over `/listen` and `/live/events` together, and is told when to try again.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { openEventStream, type EventStream } from './helpers/event-stream.ts';

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-streams-0123456789';

describe('event streams: one set of caps for every stream route', () => {
  let service: ContentService;
  const open: EventStream[] = [];
  const live = (): string => `${service.url}/v2025-02-19/data/live/events/production`;
  const listen = (): string =>
    `${service.url}/v2025-02-19/data/listen/production?query=${encodeURIComponent('*[_type == "school"]')}`;

  before(async () => {
    service = await startContentService({ contentDir: MINI, watch: false, log: () => {}, token: TOKEN });
  });
  after(async () => {
    for (const s of open) s.close();
    await service.close();
  });

  it('opens at most 100 of 400 live-event streams from one address, and queries still answer', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 400 }, () => openEventStream(live()).then((s) => (open.push(s), s))),
    );
    const opened = attempts.filter((s) => s.status === 200);
    const refused = attempts.filter((s) => s.status === 429);
    assert.equal(opened.length, 100);
    assert.equal(refused.length, 300);
    assert.equal(refused[0]!.headers['retry-after'], '5');
    assert.equal(JSON.parse(refused[0]!.body).error.type, 'listenerLimitError');
    await Promise.all(opened.map((s) => s.waitFor('welcome', 5000)));

    const started = performance.now();
    const res = await fetch(`${service.url}/v2025-02-19/data/query/production?query=count(*)`);
    const ms = performance.now() - started;
    assert.equal(res.status, 200);
    assert.ok(ms < 1000, `count(*) took ${Math.round(ms)} ms beside 100 streams`);

    // The cap is per address over every stream route: /listen is full for this address too…
    const listenToo = await openEventStream(listen());
    open.push(listenToo);
    assert.equal(listenToo.status, 429);
    // …but not for another address, nor for the token holder (the preview's upstream).
    const elsewhere = await openEventStream(live(), { localAddress: '127.0.0.2' });
    const preview = await openEventStream(listen(), { headers: { authorization: `Bearer ${TOKEN}` } });
    open.push(elsewhere, preview);
    assert.equal(elsewhere.status, 200);
    assert.equal(preview.status, 200);
    console.log(`400 live streams from one address: ${opened.length} opened, count(*) ${Math.round(ms)} ms`);

    // A seat is given back when its stream ends.
    opened[0]!.close();
    let again: EventStream | null = null;
    for (let i = 0; i < 50 && again?.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await openEventStream(live());
      open.push(again);
    }
    assert.equal(again?.status, 200);
  });

  it('ends the streams of every route when the service closes', async () => {
    const own = await startContentService({ contentDir: MINI, watch: false, log: () => {}, token: TOKEN });
    const a = await openEventStream(`${own.url}/v2025-02-19/data/live/events/production`);
    const b = await openEventStream(`${own.url}/v2025-02-19/data/listen/production?query=*`);
    await a.waitFor('welcome', 5000);
    await b.waitFor('welcome', 5000);
    await own.close();
    assert.ok(a.ended && b.ended);
  });
});
