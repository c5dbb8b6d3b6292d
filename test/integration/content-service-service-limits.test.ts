// Service-wide limits of the embedded content service and `npm start`'s static server, replayed
// from the red team: a request announcing a body it never sends (held 150 s), an anonymous 27 MB
// mutation parsed before its 401, and clients that ask for every document and stop reading
// (1.65 GB of answers held). Sizes are small here; the limits are what the tests prove.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startContentService, type ContentService } from '../../content-service/index.ts';
import { ANONYMOUS_BODY_LIMIT } from '../../content-service/plugin.ts';
import { createStaticServer } from '../../scripts/lib/static-server.ts';

/** The status of a GET sent from another loopback address (another client to the service). */
function getFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

const MINI = fileURLToPath(new URL('../fixtures/mini', import.meta.url));
const TOKEN = 'test-token-service-limits-0123456789';

/** Sends raw bytes and resolves with what came back and when the server closed or answered. */
function raw(port: number, text: string, waitMs: number): Promise<{ reply: string; ms: number; socket: Socket }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    const done = (): void => {
      clearTimeout(timer);
      resolve({ reply, ms: performance.now() - started, socket });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (d) => {
      reply += d.toString();
      if (reply.includes('\r\n\r\n')) done();
    });
    socket.on('close', done);
    socket.on('error', done);
  });
}

describe('content service: request limits', () => {
  let service: ContentService;
  before(async () => {
    service = await startContentService({
      contentDir: MINI,
      watch: false,
      log: () => {},
      token: TOKEN,
      timeouts: { requestMs: 1000, headersMs: 1000 },
    });
  });
  after(() => service.close());

  it('drops a request whose announced body never comes, at the request timeout', async () => {
    const r = await raw(
      service.port,
      'POST /v2025-02-19/data/query/production HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      4000,
    );
    r.socket.destroy();
    assert.ok(r.ms < 3000, `the request was held ${Math.round(r.ms)} ms`);
    assert.match(r.reply, /^(HTTP\/1.1 408|$)/);
  });

  it('refuses an anonymous mutation before its body arrives', async () => {
    for (const [length, status] of [
      [27 * 1024 * 1024, /^HTTP\/1.1 (401|413)/],
      [ANONYMOUS_BODY_LIMIT - 1, /^HTTP\/1.1 401/],
    ] as const) {
      const r = await raw(
        service.port,
        `POST /v2025-02-19/data/mutate/production HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"mutations":[`,
        2000,
      );
      r.socket.destroy();
      assert.match(r.reply, status);
    }
  });

  it('refuses an anonymous body past the anonymous limit, announced or chunked', async () => {
    const announced = await raw(
      service.port,
      `POST /v2025-02-19/data/query/production HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${ANONYMOUS_BODY_LIMIT + 1}\r\n\r\n{"query":"`,
      2000,
    );
    announced.socket.destroy();
    assert.match(announced.reply, /^HTTP\/1.1 413/);
    const body = JSON.stringify({ query: 'count(*)', params: { pad: 'x'.repeat(ANONYMOUS_BODY_LIMIT) } });
    const chunked = await fetch(`${service.url}/v2025-02-19/data/query/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([body]).stream(),
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 413);
    assert.equal(((await chunked.json()) as { error: { type: string } }).error.type, 'httpPayloadTooLarge');
    // With the token the same body is a query.
    const editor = await fetch(`${service.url}/v2025-02-19/data/query/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body,
    });
    assert.equal(editor.status, 200);
  });
});

describe('content service: answers held by clients that stop reading', () => {
  let service: ContentService;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'msg-inflight-'));
    // About 24 MB for `*`: more than the kernel's socket buffers take from a client that never reads.
    const filler = 'x'.repeat(20_000);
    const lines = Array.from({ length: 1200 }, (_, i) => JSON.stringify({ _id: `d${i}`, _type: 'note', filler }));
    writeFileSync(join(dir, 'dataset.ndjson'), `${lines.join('\n')}\n`);
    service = await startContentService({
      contentDir: dir,
      watch: false,
      log: () => {},
      maxAnswerBytesInFlight: 32 * 1024 * 1024,
    });
  });
  after(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 once the answers still being sent pass the limit, and frees it when they go', async () => {
    const ask = `GET /v2025-02-19/data/query/production?query=*%5B%5D HTTP/1.1\r\nHost: x\r\n\r\n`;
    // The first client's answer is sent and stays in flight: it never reads.
    const first = await raw(service.port, ask, 5000);
    assert.match(first.reply, /^HTTP\/1.1 200/);
    const second = await raw(service.port, ask, 5000);
    second.socket.destroy();
    assert.match(second.reply, /^HTTP\/1.1 503/);
    assert.match(second.reply, /\r\nretry-after: 1\r\n/i);
    first.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const third = await fetch(`${service.url}/v2025-02-19/data/query/production?query=count(*)`);
    assert.equal(third.status, 200);
  });
});

describe('content service: queries in progress per address', () => {
  it('answers 429 with Retry-After at once past the cap, without building the answer, and frees a place when one is sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msg-per-address-'));
    const filler = 'x'.repeat(20_000);
    const lines = Array.from({ length: 900 }, (_, i) => JSON.stringify({ _id: `d${i}`, _type: 'note', filler }));
    writeFileSync(join(dir, 'dataset.ndjson'), `${lines.join('\n')}\n`);
    const service = await startContentService({
      contentDir: dir,
      watch: false,
      log: () => {},
      maxQueriesPerAddress: 2,
    });
    const ask = `GET /v2025-02-19/data/query/production?query=*%5B%5D HTTP/1.1\r\nHost: x\r\n\r\n`;
    try {
      // Two clients that never read hold their answers (18 MB each) in progress.
      const held = [await raw(service.port, ask, 5000), await raw(service.port, ask, 5000)];
      for (const h of held) assert.match(h.reply, /^HTTP\/1.1 200/);
      const third = await fetch(`${service.url}/v2025-02-19/data/query/production?query=count(*)`);
      assert.equal(third.status, 429);
      assert.equal(third.headers.get('retry-after'), '1');
      const body = (await third.json()) as { error: { description: string; type: string } };
      assert.match(body.error.description, /already has 2/);
      assert.equal(body.error.type, 'rateLimitError');
      // Another address has its own share.
      const other = await getFrom('127.0.0.2', `${service.url}/v2025-02-19/data/query/production?query=count(*)`);
      assert.equal(other, 200);
      held[0]!.socket.destroy();
      await new Promise((r) => setTimeout(r, 200));
      assert.equal((await fetch(`${service.url}/v2025-02-19/data/query/production?query=count(*)`)).status, 200);
      held[1]!.socket.destroy();
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('static server: request limits', () => {
  it('drops a request whose announced body never comes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'msg-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    const app = await createStaticServer(dir, '/', { requestMs: 1000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    try {
      const r = await raw(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n', 4000);
      r.socket.destroy();
      assert.ok(r.ms < 3000, `the request was held ${Math.round(r.ms)} ms`);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
