// The shared SSE writer (core/sse.ts): framing per the HTML spec's event-stream format, because
// browsers' EventSource and @sanity/client both parse what the preview and the content service send.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatComment, formatEvent, openSse, type SseOptions, type SseWriter } from '../../core/sse.ts';

/** The spec's parser, reduced to what we send: events (data lines joined with "\n") and comments skipped. */
function parse(stream: string): { event: string; id?: string; data: string }[] {
  const out: { event: string; id?: string; data: string }[] = [];
  for (const block of stream.split('\n\n').filter(Boolean)) {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const [field, value] = i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1).replace(/^ /, '')];
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) out.push({ event, id, data: data.join('\n') });
  }
  return out;
}

test('one event: id, event and data fields, then a blank line', () => {
  assert.equal(
    formatEvent({ event: 'mutation', id: 'tx1#doc', data: '{"a":1}' }),
    'id: tx1#doc\nevent: mutation\ndata: {"a":1}\n\n',
  );
  assert.equal(formatEvent({ data: 'x' }), 'data: x\n\n');
  assert.equal(formatEvent({ retry: 60_000 }), 'retry: 60000\n\n');
});

test('multi-line data becomes one data line per line, whatever the line break', () => {
  assert.equal(
    formatEvent({ event: 'e', data: 'one\ntwo\r\nthree\rfour' }),
    'event: e\ndata: one\ndata: two\ndata: three\ndata: four\n\n',
  );
  assert.equal(formatEvent({ data: 'end\n' }), 'data: end\ndata: \n\n');
  assert.equal(formatEvent({ data: '' }), 'data: \n\n');
  const [ev] = parse(formatEvent({ event: 'e', id: '7', data: 'a\nb\r\n\nc' }));
  assert.deepEqual(ev, { event: 'e', id: '7', data: 'a\nb\n\nc' });
});

test('ids and event names that would break the framing are refused', () => {
  assert.throws(() => formatEvent({ id: 'a\nb', data: '' }), /line break/);
  assert.throws(() => formatEvent({ id: 'a\rb', data: '' }), /line break/);
  assert.throws(() => formatEvent({ id: 'a\0b', data: '' }), /NUL/);
  assert.throws(() => formatEvent({ event: 'x\ndata: forged', data: '' }), /line break/);
  assert.throws(() => formatEvent({ retry: -1 }), /retry/);
});

test('comments: bare ":" for the hosted keep-alive, every line prefixed, ignored by the parser', () => {
  assert.equal(formatComment(), ':\n\n');
  assert.equal(formatComment('keep-alive'), ': keep-alive\n\n');
  assert.equal(formatComment('a\nb'), ': a\n: b\n\n');
  assert.deepEqual(parse(formatComment('a\ndata: no') + formatEvent({ data: 'yes' })), [
    { event: 'message', id: undefined, data: 'yes' },
  ]);
});

async function withStream(
  opts: SseOptions,
  body: (sse: SseWriter, res: ServerResponse) => Promise<void> | void,
  read: (text: string, headers: Record<string, unknown>) => void,
): Promise<void> {
  let closedOnServer!: Promise<void>;
  const server = createServer((_req, res) => {
    const sse = openSse(res, opts);
    closedOnServer = new Promise((resolve) => sse.onClose(resolve));
    void body(sse, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (c: string) => {
            text += c;
          })
          .on('end', () => {
            try {
              read(text, res.headers);
              resolve();
            } catch (err) {
              reject(err);
            }
          });
      })
        .on('error', reject)
        .end();
    });
    await closedOnServer;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test('a stream: headers, JSON events, keep-alive comments, close runs the close handlers once', async () => {
  let closes = 0;
  await withStream(
    { headers: { 'x-extra': '1' }, cacheControl: 'no-store', keepAliveMs: 5, keepAliveText: 'ka' },
    async (sse) => {
      sse.onClose(() => closes++);
      assert.equal(sse.send('change', { documentId: 'a', note: 'two\nlines' }, 'id-1'), true);
      await new Promise((resolve) => setTimeout(resolve, 30));
      sse.close();
      sse.close();
      assert.equal(sse.closed, true);
      assert.equal(sse.send('late', {}), false);
    },
    (text, headers) => {
      assert.equal(headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.equal(headers['cache-control'], 'no-store');
      assert.equal(headers['x-accel-buffering'], 'no');
      assert.equal(headers['x-extra'], '1');
      assert.match(text, /^id: id-1\nevent: change\ndata: \{"documentId":"a","note":"two\\nlines"\}\n\n/);
      assert.match(text, /\n\n: ka\n\n/);
      assert.deepEqual(parse(text), [{ event: 'change', id: 'id-1', data: '{"documentId":"a","note":"two\\nlines"}' }]);
    },
  );
  assert.equal(closes, 1);
});

test('a client that stops reading is cut off once the buffer passes the bound', async () => {
  const server = createServer((_req, res) => {
    const sse = openSse(res, { maxBufferedBytes: 64 * 1024 });
    const big = 'x'.repeat(16 * 1024);
    // Far more than the socket and the bound can hold; the writer must end the stream by itself.
    for (let i = 0; i < 1000 && sse.send('fill', big); i++);
    assert.equal(sse.closed, true);
    server.emit('done');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const done = new Promise((resolve) => server.once('done', resolve));
  const { port } = server.address() as AddressInfo;
  // A raw request whose response is never read.
  const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => res.pause());
  req.on('error', () => {});
  req.end();
  await done;
  req.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
