// One Server-Sent Events writer for the two long-lived streams we serve: the preview's /api/events
// and the embedded content service's /listen (whose wire format @sanity/client parses). Both used
// to frame events by hand, separately. No Fastify SSE plugin fits: @fastify/sse 0.5+ needs Node
// >=20.20.2, and 0.4 only streams when the request says `Accept: text/event-stream` (@sanity/client
// and our tests do not always), sets its own headers and `: heartbeat` text, and splits data on
// "\n" only; fastify-sse-v2 pulls fastify-plugin 4 and readable-stream 3 and wants an async
// iterable, not the hijacked, event-driven responses both routes keep. This file is small instead.
import type { ServerResponse } from 'node:http';

export interface SseEvent {
  /** The `event:` field; omitted means the browser's default `message`. */
  event?: string;
  /** The `id:` field (Last-Event-ID on reconnect). */
  id?: string;
  /** The payload, split into one `data:` line per line. */
  data?: string;
  /** The `retry:` field: the client's reconnect delay in ms. */
  retry?: number;
}

// A field value may not contain a line break: it would end the field and start a new one.
function singleLine(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new TypeError(`SSE ${name} may not contain a line break`);
  // A NUL makes browsers ignore the id altogether (HTML spec, "process the field").
  if (name === 'id' && value.includes('\0')) throw new TypeError('SSE id may not contain NUL');
  return value;
}

/** One event's bytes: fields in a fixed order, data split on every kind of line break, a blank line after. */
export function formatEvent(ev: SseEvent): string {
  let out = '';
  if (ev.retry !== undefined) {
    if (!Number.isInteger(ev.retry) || ev.retry < 0) throw new TypeError('SSE retry must be a non-negative integer');
    out += `retry: ${ev.retry}\n`;
  }
  if (ev.id !== undefined) out += `id: ${singleLine('id', ev.id)}\n`;
  if (ev.event !== undefined) out += `event: ${singleLine('event', ev.event)}\n`;
  // The parser joins data lines with "\n", so CRLF and lone CR become "\n" on the other side.
  if (ev.data !== undefined) for (const line of ev.data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

/** A comment block (ignored by parsers; keeps proxies from closing an idle stream). `''` gives `:\n\n`. */
export function formatComment(text = ''): string {
  return `${text
    .split(/\r\n|\r|\n/)
    .map((line) => (line ? `: ${line}` : ':'))
    .join('\n')}\n\n`;
}

export interface SseOptions {
  /** Extra response headers (CORS, security headers); the SSE ones below win. */
  headers?: Record<string, string | number | string[]>;
  /** `cache-control`; hosted Sanity sends `no-cache, no-transform`. */
  cacheControl?: string;
  /** Interval of keep-alive comments; 0 or absent: none. */
  keepAliveMs?: number;
  /** Text of the keep-alive comment (`''` sends a bare `:`). */
  keepAliveText?: string;
  /**
   * Bytes the response may buffer for a client that stopped reading before the stream is closed.
   * Events are small and a stalled client reconnects (and re-reads state) anyway, so ending it is
   * better than buffering without bound. Default 1 MiB.
   */
  maxBufferedBytes?: number;
}

export interface SseWriter {
  /** Sends one event; `data` is JSON-encoded (JSON text has no raw line breaks). False once closed. */
  send(event: string, data: unknown, id?: string): boolean;
  /** Sends an event with a string payload (split into data lines as given), or only a `retry:`. */
  write(ev: SseEvent): boolean;
  comment(text?: string): boolean;
  /** Ends the response; idempotent. */
  close(): void;
  readonly closed: boolean;
  /** Runs once when the stream ends, whoever ended it (client gone, server close, overflow). */
  onClose(fn: () => void): void;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;

/** Writes the SSE head on a (hijacked) response and returns the writer for it. */
export function openSse(res: ServerResponse, opts: SseOptions = {}): SseWriter {
  res.writeHead(200, {
    ...opts.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': opts.cacheControl ?? 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise buffer the stream and deliver events late.
    'x-accel-buffering': 'no',
  });
  // Small frames should leave at once, not wait for Nagle's algorithm.
  res.socket?.setNoDelay(true);
  const maxBuffered = opts.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
  const closers: (() => void)[] = [];
  let closed = false;
  let keepAlive: ReturnType<typeof setInterval> | null = null;

  const finish = (): void => {
    if (closed) return;
    closed = true;
    if (keepAlive) clearInterval(keepAlive);
    for (const fn of closers.splice(0)) fn();
    if (!res.writableEnded) res.end();
  };
  const raw = (chunk: string): boolean => {
    if (closed || res.writableEnded || res.destroyed) return false;
    res.write(chunk);
    // write() returning false only means "buffered"; give up on a client that lets it grow past the bound.
    if (res.writableLength > maxBuffered) {
      finish();
      return false;
    }
    return true;
  };

  res.on('close', finish);
  res.on('error', finish);
  if (opts.keepAliveMs && opts.keepAliveMs > 0) {
    const text = opts.keepAliveText ?? '';
    keepAlive = setInterval(() => raw(formatComment(text)), opts.keepAliveMs);
  }

  return {
    send: (event, data, id) => raw(formatEvent({ event, id, data: JSON.stringify(data) ?? 'null' })),
    write: (ev) => raw(formatEvent(ev)),
    comment: (text) => raw(formatComment(text)),
    close: finish,
    get closed() {
      return closed;
    },
    onClose(fn) {
      if (closed) fn();
      else closers.push(fn);
    },
  };
}
