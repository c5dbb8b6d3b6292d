// Watches one school on the content service's listen endpoint and hands simple change events to
// the SSE route: its published and draft document, and every document its page shows through a
// reference (its quotes, videos, highlights, accordions, and the school a quote names), two hops
// deep like the page's query. The set is read before listening and read again when the school
// itself changes (an editor may pick another quote). The upstream subscription is retried with
// capped exponential backoff, so a restarted content service is picked up without the editor acting.
// The loop stays hand-written rather than p-retry (which the export uses): a subscription never
// "succeeds" and ends, its attempt count must reset on every `welcome`, the browser is told each delay
// before the wait, and it is stopped from outside. The delay itself is the one backoffDelay the
// browser's event stream uses (src/preview/loading/backoff.ts, dependency-free so it can ship to browsers).
import type { SanityClient } from '@sanity/client';
import {
  documentsByIdQuery,
  draftIdOf,
  publishedIdOf,
  SCHOOL_REFERENCE_DEPTH,
  translationLinksQuery,
} from '../../src/lib/content/queries.ts';
import { collectReferences } from '../../src/build/references.ts';
import { backoffDelay, type BackoffOptions } from '../../src/preview/loading/backoff.ts';
import type { ChangeEvent } from '../../src/preview/loading/change-stream.ts';

/** Listens for the watched ids; results are never included (ids and transitions only). */
export const CHANGE_LISTEN_QUERY = '*[_id in $ids]';

/**
 * The key that watches what every page of a session shows besides its own school: every school (the
 * menus' and the landing grid's rows), the landing page's words and the site settings (each edition,
 * drafts included), and the translation links between them. Not a document id: ids never contain '*'.
 */
export const ALL_SCHOOLS = '*schools';
const ALL_SCHOOLS_LISTEN_QUERY = '*[_type in ["school", "landingPage", "siteSettings", "translation.metadata"]]';

/**
 * The ids whose changes can change the school's page: its own two, its translations and the
 * translation.metadata linking them (the Spanish page shows them; nothing in the school points at
 * them), and the documents all of these reference up to SCHOOL_REFERENCE_DEPTH hops (with their
 * drafts), read raw with the credentialed client.
 */
export async function watchedIds(client: SanityClient, id: string): Promise<string[]> {
  const ids = new Set([publishedIdOf(id), draftIdOf(id)]);
  const links = await client.fetch(translationLinksQuery, { id: publishedIdOf(id) }, { perspective: 'raw' });
  for (const link of Array.isArray(links) ? links : [])
    for (const linked of [link?._id, ...(Array.isArray(link?.ids) ? link.ids : [])])
      if (typeof linked === 'string') ids.add(publishedIdOf(linked)).add(draftIdOf(linked));
  let level = [...ids];
  for (let hop = 0; hop < SCHOOL_REFERENCE_DEPTH && level.length > 0; hop++) {
    const docs = await client.fetch(documentsByIdQuery, { ids: level }, { perspective: 'raw' });
    const refs = collectReferences(docs, new Set());
    level = [];
    for (const ref of refs) {
      for (const each of [publishedIdOf(ref), draftIdOf(ref)]) {
        if (ids.has(each)) continue;
        ids.add(each);
        level.push(each);
      }
    }
  }
  return [...ids].sort();
}

/** What one relay listens to, and which changes make it read its parameters again. */
interface Watch {
  query: string;
  params(): Promise<Record<string, unknown>>;
  rereadOn: ReadonlySet<string>;
}

function watchFor(client: SanityClient, id: string): Watch {
  if (id === ALL_SCHOOLS) return { query: ALL_SCHOOLS_LISTEN_QUERY, params: async () => ({}), rereadOn: new Set() };
  return {
    query: CHANGE_LISTEN_QUERY,
    params: async () => ({ ids: await watchedIds(client, id) }),
    // A change to the school itself may point it at other documents (another quote).
    rereadOn: new Set([publishedIdOf(id), draftIdOf(id)]),
  };
}

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
  const watch = watchFor(client, id);
  let params: Record<string, unknown> = {};
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

  /** Reads the watched set again; resubscribes when it changed (the school now shows other documents). */
  const refresh = async (): Promise<void> => {
    const next = await watch.params().catch(() => null);
    if (stopped || !next || JSON.stringify(next) === JSON.stringify(params)) return;
    params = next;
    sub?.unsubscribe();
    subscribe();
  };

  const connect = (): void => {
    if (stopped) return;
    // The set first: a page whose quote changes must be watched from the first event on.
    watch.params().then(
      (found) => {
        if (stopped) return;
        params = found;
        subscribe();
      },
      (err: unknown) => retry(err instanceof Error ? err.message : String(err)),
    );
  };

  const subscribe = (): void => {
    sub = client
      .listen(watch.query, params, {
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
            if (watch.rereadOn.has(documentId)) void refresh();
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
