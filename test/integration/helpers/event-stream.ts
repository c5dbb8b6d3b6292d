// A raw Server-Sent Events client for tests that play several clients at once: it opens a stream
// from a chosen loopback address (127.0.0.2 is another client to the service), keeps every event
// it parses, and lets a test wait, bounded, for one.
import { get, type ClientRequest, type IncomingMessage } from 'node:http';

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStream {
  status: number;
  /** The body when the service refused the stream. */
  body: string;
  events: StreamEvent[];
  /** Resolves with the first event named `name` (from index `from` on), or rejects after `ms`. */
  waitFor(name: string, ms: number, from?: number): Promise<StreamEvent>;
  /** True once the service ended the stream. */
  readonly ended: boolean;
  headers: IncomingMessage['headers'];
  close(): void;
}

export function openEventStream(
  url: string,
  opts: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    const events: StreamEvent[] = [];
    const waiters = new Set<() => void>();
    let ended = false;
    let buffer = '';
    const notify = (): void => {
      for (const w of [...waiters]) w();
    };
    req = get(
      url,
      { ...(opts.localAddress ? { localAddress: opts.localAddress } : {}), headers: opts.headers ?? {} },
      (res) => {
        res.setEncoding('utf8');
        const stream: EventStream = {
          status: res.statusCode ?? 0,
          body: '',
          events,
          headers: res.headers,
          get ended() {
            return ended;
          },
          waitFor(name, ms, from = 0) {
            return new Promise((done, fail) => {
              const check = (): void => {
                const hit = events.slice(from).find((e) => e.event === name);
                if (hit) {
                  finish();
                  done(hit);
                } else if (ended) {
                  finish();
                  fail(new Error(`the stream ended without "${name}"; got ${events.map((e) => e.event).join(', ')}`));
                }
              };
              const timer = setTimeout(() => {
                finish();
                fail(new Error(`no "${name}" within ${ms} ms; got ${events.map((e) => e.event).join(', ')}`));
              }, ms);
              const finish = (): void => {
                clearTimeout(timer);
                waiters.delete(check);
              };
              waiters.add(check);
              check();
            });
          },
          close: () => req.destroy(),
        };
        res.on('data', (chunk: string) => {
          if (stream.status !== 200) {
            stream.body += chunk;
            return;
          }
          buffer += chunk;
          let at = buffer.indexOf('\n\n');
          while (at >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            if (event) events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
            at = buffer.indexOf('\n\n');
          }
          notify();
        });
        const end = (): void => {
          ended = true;
          notify();
        };
        res.on('end', end);
        res.on('close', end);
        res.on('error', end);
        if (stream.status !== 200) res.on('end', () => resolve(stream));
        else resolve(stream);
      },
    );
    req.on('error', reject);
  });
}
