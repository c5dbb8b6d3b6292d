// The browser's client of the preview server's change stream (Server-Sent Events): parses its
// events and reopens the stream after a capped backoff instead of trusting EventSource's own retry.
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import { realTimers, type Timers } from './debounce.ts';

/** One change of a watched document, as relayed by the preview server's event stream. */
export interface ChangeEvent {
  documentId: string;
  transition: 'appear' | 'update' | 'disappear';
}

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

export interface StreamHandlers {
  onChange(event: ChangeEvent): void;
  onStatus(state: ConnectionState): void;
  /** The stream came back after a gap (or, with resyncWhenLive, is first live): events may have been missed, so reload. */
  onResync(): void;
}

/** The subset of the browser's EventSource the change stream needs. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface ChangeStreamOptions extends StreamHandlers {
  url: string;
  /**
   * Resync when the stream is first live too: what the page shows was read before the stream was
   * live, and a change in between (a draft discarded as a school page opened) would otherwise never
   * reach it. A school page asks for it (one more read per page opened); the session's menus do not.
   */
  resyncWhenLive?: boolean;
  createEventSource(url: string): EventSourceLike;
  timers?: Timers;
  backoff?: BackoffOptions;
  random?: () => number;
  log?: (message: string, err?: unknown) => void;
}

/**
 * Connects to the preview server's event stream. The browser's built-in EventSource retry is not
 * relied upon: on any error the source is closed and reopened after a capped exponential backoff.
 * Events: `ready` (upstream listener live), `change` (ChangeEvent JSON), `upstream`
 * ({state: 'reconnecting'} while the server itself is retrying the content service).
 */
export function connectChangeStream(opts: ChangeStreamOptions): () => void {
  const timers = opts.timers ?? realTimers;
  let source: EventSourceLike | null = null;
  let attempt = 0;
  let retry: unknown = null;
  let everReady = false;
  let gap = false;
  let closed = false;

  const open = (): void => {
    if (closed) return;
    opts.onStatus(everReady ? 'reconnecting' : 'connecting');
    const es = opts.createEventSource(opts.url);
    source = es;
    es.addEventListener('ready', () => {
      if (closed || source !== es) return;
      attempt = 0;
      opts.onStatus('live');
      if (gap || (!everReady && opts.resyncWhenLive)) opts.onResync();
      everReady = true;
      gap = false;
    });
    es.addEventListener('upstream', (ev) => {
      if (closed || source !== es) return;
      const data = parse(ev.data);
      if (data && (data as { state?: unknown }).state === 'reconnecting') {
        gap = true;
        opts.onStatus('reconnecting');
      }
    });
    es.addEventListener('change', (ev) => {
      if (closed || source !== es) return;
      const data = parse(ev.data) as Partial<ChangeEvent> | null;
      if (
        data &&
        typeof data.documentId === 'string' &&
        (data.transition === 'appear' || data.transition === 'update' || data.transition === 'disappear')
      ) {
        opts.onChange({ documentId: data.documentId, transition: data.transition });
      }
    });
    es.addEventListener('error', () => {
      if (closed || source !== es) return;
      es.close();
      source = null;
      gap = true;
      opts.onStatus('reconnecting');
      const delay = backoffDelay(attempt++, opts.backoff, opts.random);
      retry = timers.setTimeout(() => {
        retry = null;
        open();
      }, delay);
    });
  };

  const parse = (data: unknown): unknown => {
    if (typeof data !== 'string') return null;
    try {
      return JSON.parse(data);
    } catch (err) {
      opts.log?.('preview: malformed event', err);
      return null;
    }
  };

  open();
  return () => {
    closed = true;
    if (retry !== null) timers.clearTimeout(retry);
    source?.close();
    source = null;
  };
}
