// One upstream listener per watched document, shared by every open event stream that watches it.
// A listen connection per stream would let one session hold thousands of upstream connections
// (9000 streams took the preview from 103 to 450 MB). The hub starts
// the relay (change-relay.ts, with its reconnect backoff) for the first watcher of an id, fans its
// events out to all watchers, and stops it when the last one leaves.
import type { SanityClient } from '@sanity/client';
import type { BackoffOptions } from '../../src/preview/loading/backoff.ts';
import { relayChanges, type RelayHandlers } from './change-relay.ts';

interface Upstream {
  watchers: Set<RelayHandlers>;
  /** Connected (welcome seen, no drop since): a new watcher is told at once. */
  ready: boolean;
  stop: () => void;
}

export class ChangeHub {
  private readonly upstreams = new Map<string, Upstream>();

  constructor(
    private readonly client: SanityClient,
    private readonly backoff: BackoffOptions = {},
  ) {}

  /** Upstream listeners open now (one per watched id). */
  get size(): number {
    return this.upstreams.size;
  }

  /** Watches one document (published id); returns the function that stops watching. */
  watch(id: string, handlers: RelayHandlers): () => void {
    let up = this.upstreams.get(id);
    if (!up) {
      const created: Upstream = { watchers: new Set(), ready: false, stop: () => {} };
      const each = (fn: (h: RelayHandlers) => void): void => {
        for (const h of [...created.watchers]) fn(h);
      };
      this.upstreams.set(id, created);
      created.stop = relayChanges(
        this.client,
        id,
        {
          onReady: () => {
            created.ready = true;
            each((h) => h.onReady());
          },
          onChange: (event) => each((h) => h.onChange(event)),
          onReconnecting: (delayMs, reason) => {
            created.ready = false;
            each((h) => h.onReconnecting(delayMs, reason));
          },
        },
        this.backoff,
      );
      up = created;
    }
    const upstream = up;
    upstream.watchers.add(handlers);
    if (upstream.ready) handlers.onReady();
    let watching = true;
    return () => {
      if (!watching) return;
      watching = false;
      upstream.watchers.delete(handlers);
      if (upstream.watchers.size > 0 || this.upstreams.get(id) !== upstream) return;
      this.upstreams.delete(id);
      upstream.stop();
    };
  }

  /** Stops every upstream listener (server shutdown). */
  close(): void {
    for (const up of this.upstreams.values()) up.stop();
    this.upstreams.clear();
  }
}
