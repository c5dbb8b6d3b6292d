// Watches one school (published and draft id) on the content service's listen endpoint and hands
// simple change events to the SSE route. The upstream subscription is retried with capped
// exponential backoff, so a restarted content service is picked up without the editor acting.
import type { SanityClient } from '@sanity/client';
import { draftIdOf, publishedIdOf } from '../../src/lib/queries.ts';
import { backoffDelay, type BackoffOptions } from '../../src/lib/backoff.ts';
import type { ChangeEvent } from '../../src/lib/change-stream.ts';

/** Listens for both ids of one document; results are never included (ids and transitions only). */
export const CHANGE_LISTEN_QUERY = '*[_id in [$id, $draftId]]';

export interface RelayHandlers {
  /** Upstream listener is connected (first time or again). */
  onReady(): void;
  onChange(event: ChangeEvent): void;
  /** Upstream dropped; a retry is scheduled after `delayMs`. */
  onReconnecting(delayMs: number, reason: string): void;
}

export function relayChanges(
  client: SanityClient,
  id: string,
  handlers: RelayHandlers,
  backoff: BackoffOptions = {},
): () => void {
  const params = { id: publishedIdOf(id), draftId: draftIdOf(id) };
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sub: { unsubscribe(): void } | null = null;

  const retry = (reason: string): void => {
    if (stopped) return;
    sub?.unsubscribe();
    sub = null;
    const delay = backoffDelay(attempt++, backoff);
    handlers.onReconnecting(delay, reason);
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, delay);
  };

  const connect = (): void => {
    if (stopped) return;
    sub = client
      .listen(CHANGE_LISTEN_QUERY, params, {
        includeResult: false,
        includePreviousRevision: false,
        visibility: 'query',
        events: ['welcome', 'mutation', 'reconnect'],
      })
      .subscribe({
        next: (event) => {
          if (stopped) return;
          if (event.type === 'welcome') {
            attempt = 0;
            handlers.onReady();
            return;
          }
          if (event.type === 'reconnect') {
            // The client retries by itself after a dropped connection; tell the browser meanwhile.
            handlers.onReconnecting(1000, 'upstream connection dropped');
            return;
          }
          if (event.type === 'mutation') {
            const documentId = (event as { documentId?: unknown }).documentId;
            const transition = (event as { transition?: unknown }).transition;
            if (typeof documentId !== 'string') return;
            handlers.onChange({
              documentId,
              transition: transition === 'appear' || transition === 'disappear' ? transition : 'update',
            });
          }
        },
        error: (err: unknown) => retry(err instanceof Error ? err.message : String(err)),
        complete: () => retry('upstream stream ended'),
      });
  };

  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    sub?.unsubscribe();
    sub = null;
  };
}
