// The content service's event streams (`/listen`, `/live/events`), opened through one gate with
// one set of caps: each stream holds a connection and memory until its client leaves, so an
// address without the token may hold at most 100 of them whatever the route, all of them together
// 900, and a tenth of the total is kept for the token holder (the preview's upstream, the Studio).
// `/live/events` had none of this and took ~20,000 anonymous streams until every file descriptor
// was used. Every stream gets the same keep-alive comments, and a client that stops reading is cut
// off once its unread events pass the writer's buffer bound (core/sse.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openSse, type SseWriter } from '../core/sse.ts';

/** As hosted on the free plan: "Maximum concurrent listeners: 1,000"; beyond it, 429. */
export const MAX_STREAMS = 1000;

/** Anonymous streams one address may hold, every route together (a browser tab holds one or two). */
export const MAX_STREAMS_PER_ADDRESS = 100;

/** Seconds a client refused a stream is asked to wait before trying again. */
export const STREAM_RETRY_AFTER_S = 5;

export interface StreamLimits {
  /** Streams open at once, every client and route together (default MAX_STREAMS). */
  maxStreams?: number;
  /** Anonymous streams one address may hold (default MAX_STREAMS_PER_ADDRESS). */
  maxStreamsPerAddress?: number;
}

export interface StreamGateOptions extends StreamLimits {
  /** Interval of keep-alive comments (hosted: tens of seconds; tests use less). */
  keepAliveMs: number;
  corsHeaders: Record<string, string>;
}

/** Open streams by who holds them: anonymous ones per address, within what the token holder leaves. */
export class StreamSeats {
  private readonly byAddress = new Map<string, number>();
  private anonymous = 0;
  private total = 0;

  constructor(
    /** Streams open at once, every client together. */
    readonly max: number,
    /** Anonymous streams one address may hold. */
    readonly perAddress: number,
    /** Seats only a token holder may take. */
    readonly reserved = Math.floor(max / 10),
  ) {}

  /** Takes a seat, or says why none is left; the returned function gives it back (once). */
  take(address: string, editor: boolean): (() => void) | string {
    if (this.total >= this.max) return `Max listener limit exceeded at ${this.max}`;
    if (!editor) {
      if (this.anonymous >= this.max - this.reserved)
        return `Max listener limit exceeded at ${this.max - this.reserved} for requests without a token`;
      if ((this.byAddress.get(address) ?? 0) >= this.perAddress)
        return `Max listener limit exceeded at ${this.perAddress} per address for requests without a token`;
      this.anonymous++;
      this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    }
    this.total++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total--;
      if (editor) return;
      this.anonymous--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }
}

export interface StreamGate {
  /**
   * Takes a seat for this request, given back when its connection closes; false when refused,
   * with the 429 already sent (`listenerLimitError`, as hosted, and `Retry-After`).
   */
  admit(req: FastifyRequest, reply: FastifyReply, editor: boolean): boolean;
  /** Hijacks the reply and opens the event stream; the service's close ends it. */
  open(reply: FastifyReply, cacheControl?: string): SseWriter;
}

/** The gate every stream route of one service shares (registered once, on the service's root). */
export function streamGate(app: FastifyInstance, opts: StreamGateOptions): StreamGate {
  const seats = new StreamSeats(opts.maxStreams ?? MAX_STREAMS, opts.maxStreamsPerAddress ?? MAX_STREAMS_PER_ADDRESS);
  const open = new Set<SseWriter>();
  // Open event streams would keep close() waiting forever; end them first.
  app.addHook('preClose', async () => {
    for (const sse of [...open]) sse.close();
  });
  return {
    admit(req, reply, editor) {
      const seat = seats.take(req.ip, editor);
      if (typeof seat === 'string') {
        reply
          .code(429)
          .header('retry-after', String(STREAM_RETRY_AFTER_S))
          .header('cache-control', 'no-store')
          .send({ error: { description: seat, type: 'listenerLimitError' } });
        return false;
      }
      // Given back when the stream ends, or at once when none opens.
      reply.raw.once('close', seat);
      return true;
    },
    open(reply, cacheControl) {
      reply.hijack();
      // The hosted service's keep-alive is a bare ":" comment.
      const sse = openSse(reply.raw, {
        headers: opts.corsHeaders,
        ...(cacheControl ? { cacheControl } : {}),
        keepAliveMs: opts.keepAliveMs,
        keepAliveText: '',
      });
      open.add(sse);
      sse.onClose(() => open.delete(sse));
      return sse;
    },
  };
}
