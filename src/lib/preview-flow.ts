// The editors' preview loading flow (spec section 4, "School page loading"), kept free of the DOM
// and of real timers so it can be tested step by step: debounce, draft-vs-published decision,
// reconnect backoff, and the change-stream client that feeds it.
import { draftIdOf, publishedIdOf } from './queries.ts';

/** Spec section 9: a draft is re-fetched 1000 ms after the last change event of a burst. */
export const DRAFT_REFRESH_DEBOUNCE_MS = 1000;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof globalThis.setTimeout>),
};

export interface Debounced {
  /** (Re)starts the quiet period; `fn` runs once when it ends. */
  call(): void;
  cancel(): void;
  readonly pending: boolean;
}

/** Trailing-edge debounce: a burst of calls ends in one run, `ms` after the last call. */
export function debounce(fn: () => void, ms: number, timers: Timers = realTimers): Debounced {
  let handle: unknown = null;
  return {
    call() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(() => { handle = null; fn(); }, ms);
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
    },
    get pending() { return handle !== null; },
  };
}

export interface BackoffOptions {
  /** Delay before the first retry. */
  baseMs?: number;
  /** Cap, so an editor whose laptop slept for an hour is back within this long of the service returning. */
  maxMs?: number;
  factor?: number;
  /** Fraction of the delay randomised (0..1) so many tabs do not reconnect in lockstep. */
  jitter?: number;
}

export const DEFAULT_BACKOFF: Required<BackoffOptions> = { baseMs: 500, maxMs: 15_000, factor: 2, jitter: 0.2 };

/** Capped exponential backoff: attempt 0 waits about baseMs, then doubling up to maxMs. */
export function backoffDelay(attempt: number, opts: BackoffOptions = {}, random: () => number = Math.random): number {
  const o = { ...DEFAULT_BACKOFF, ...opts };
  const n = Math.max(0, Math.floor(Number.isFinite(attempt) ? attempt : 0));
  const raw = Math.min(o.maxMs, o.baseMs * Math.pow(o.factor, Math.min(n, 30)));
  const spread = raw * Math.min(1, Math.max(0, o.jitter));
  // Jitter only shortens the delay, so the cap is a real upper bound.
  return Math.max(0, Math.round(raw - spread * random()));
}

/** Answer of the preview API's draft lookup for one slug. */
export interface SchoolLookup {
  /** The published id (derived from the draft id for a school that was never published). */
  id: string;
  draftId: string;
  hasDraft: boolean;
  hasPublished: boolean;
}

export type PreviewMode = 'draft' | 'published';

/** Spec: if an unpublished draft exists the draft is shown, otherwise the published school. */
export function chooseSource(lookup: SchoolLookup): { mode: PreviewMode; id: string } {
  return lookup.hasDraft ? { mode: 'draft', id: draftIdOf(lookup.id) } : { mode: 'published', id: publishedIdOf(lookup.id) };
}

/** One change of a watched document, as relayed by the preview server's event stream. */
export interface ChangeEvent {
  documentId: string;
  transition: 'appear' | 'update' | 'disappear';
}

export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

export interface StreamHandlers {
  onChange(event: ChangeEvent): void;
  onStatus(state: ConnectionState): void;
  /** The stream came back after a gap: events may have been missed, so reload. */
  onResync(): void;
}

export interface SchoolFlowState<S> {
  status: 'loading' | 'ready' | 'not-found' | 'error';
  school: S | null;
  /** null without ?livepreview (fetched once by slug). */
  mode: PreviewMode | null;
  connection: ConnectionState | null;
  /** How many fetches of the school have completed (useful to editors' tools and tests). */
  fetches: number;
}

export interface SchoolFlowDeps<S> {
  fetchBySlug(slug: string): Promise<S | null>;
  lookup(slug: string): Promise<SchoolLookup | null>;
  fetchById(id: string): Promise<S | null>;
  subscribe(publishedId: string, handlers: StreamHandlers): () => void;
  timers?: Timers;
  debounceMs?: number;
  log?: (message: string, err?: unknown) => void;
}

export interface SchoolFlow<S> {
  state(): SchoolFlowState<S>;
  stop(): void;
}

/**
 * Runs the school page loading flow and reports every state change. Without livepreview the
 * school is fetched once by slug. With it the id is looked up; a draft is fetched and re-fetched
 * after each quiet period of change events, a published school is re-fetched on each event.
 * A draft appearing or disappearing while previewing switches the mode.
 */
export function startSchoolFlow<S>(
  slug: string,
  livepreview: boolean,
  deps: SchoolFlowDeps<S>,
  onState: (state: SchoolFlowState<S>) => void,
): SchoolFlow<S> {
  const timers = deps.timers ?? realTimers;
  const log = deps.log ?? ((m: string, e?: unknown) => console.error(m, e));
  let state: SchoolFlowState<S> = { status: 'loading', school: null, mode: null, connection: null, fetches: 0 };
  let stopped = false;
  const set = (patch: Partial<SchoolFlowState<S>>) => {
    if (stopped) return;
    state = { ...state, ...patch };
    onState(state);
  };

  if (!livepreview) {
    deps.fetchBySlug(slug).then(
      (school) => set({ status: school ? 'ready' : 'not-found', school, fetches: state.fetches + 1 }),
      (err) => { log(`preview: could not load school "${slug}"`, err); set({ status: 'error' }); },
    );
    return { state: () => state, stop() { stopped = true; } };
  }

  let lookup: SchoolLookup | null = null;
  let unsubscribe: (() => void) | null = null;
  // Newer requests win: a slow response never overwrites a later one.
  let requested = 0;
  let applied = 0;
  let inFlight = false;
  let again = false;

  const fetchCurrent = (): void => {
    if (stopped || !lookup) return;
    if (inFlight) { again = true; return; }
    inFlight = true;
    const seq = ++requested;
    const mode = state.mode ?? chooseSource(lookup).mode;
    const id = mode === 'draft' ? draftIdOf(lookup.id) : publishedIdOf(lookup.id);
    deps.fetchById(id).then(
      (school) => {
        if (seq > applied) {
          applied = seq;
          set({ status: school ? 'ready' : state.school ? 'ready' : 'not-found', school: school ?? state.school, fetches: state.fetches + 1 });
        }
      },
      (err) => {
        log(`preview: could not load ${id}`, err);
        if (!state.school) set({ status: 'error' });
      },
    ).finally(() => {
      inFlight = false;
      if (again) { again = false; fetchCurrent(); }
    });
  };

  const draftRefresh = debounce(fetchCurrent, deps.debounceMs ?? DRAFT_REFRESH_DEBOUNCE_MS, timers);

  /** Looks the slug up again (first load, resync, or a draft appeared/disappeared) and fetches. */
  const relookup = (): void => {
    deps.lookup(slug).then(
      (found) => {
        if (stopped) return;
        if (!found) { set({ status: 'not-found', school: null, mode: null }); return; }
        const first = lookup === null;
        lookup = found;
        draftRefresh.cancel();
        set({ mode: chooseSource(found).mode });
        if (first) {
          unsubscribe = deps.subscribe(publishedIdOf(found.id), {
            onChange,
            onStatus: (connection) => set({ connection }),
            onResync: relookup,
          });
        }
        fetchCurrent();
      },
      (err) => { log(`preview: draft lookup failed for "${slug}"`, err); if (!state.school) set({ status: 'error' }); },
    );
  };

  const onChange = (event: ChangeEvent): void => {
    if (stopped || !lookup) return;
    const isDraft = event.documentId === draftIdOf(lookup.id);
    if (state.mode === 'published' && isDraft && event.transition !== 'disappear') {
      // An editor started a draft of the school being previewed: follow the draft from now on.
      lookup = { ...lookup, hasDraft: true };
      set({ mode: 'draft' });
      draftRefresh.call();
      return;
    }
    if (event.transition === 'disappear' && (isDraft ? state.mode === 'draft' : state.mode === 'published')) {
      // The shown document was published, discarded or deleted: decide again what to show.
      relookup();
      return;
    }
    if (state.mode === 'draft') draftRefresh.call();
    else fetchCurrent();
  };

  relookup();
  return {
    state: () => state,
    stop() {
      stopped = true;
      draftRefresh.cancel();
      unsubscribe?.();
    },
  };
}

/** The subset of the browser's EventSource the change stream needs. */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void;
  close(): void;
}

export interface ChangeStreamOptions extends StreamHandlers {
  url: string;
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
      if (everReady && gap) opts.onResync();
      everReady = true;
      gap = false;
    });
    es.addEventListener('upstream', (ev) => {
      if (closed || source !== es) return;
      const data = parse(ev.data);
      if (data && (data as { state?: unknown }).state === 'reconnecting') { gap = true; opts.onStatus('reconnecting'); }
    });
    es.addEventListener('change', (ev) => {
      if (closed || source !== es) return;
      const data = parse(ev.data) as Partial<ChangeEvent> | null;
      if (data && typeof data.documentId === 'string' && (data.transition === 'appear' || data.transition === 'update' || data.transition === 'disappear')) {
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
      retry = timers.setTimeout(() => { retry = null; open(); }, delay);
    });
  };

  const parse = (data: unknown): unknown => {
    if (typeof data !== 'string') return null;
    try { return JSON.parse(data); } catch (err) { opts.log?.('preview: malformed event', err); return null; }
  };

  open();
  return () => {
    closed = true;
    if (retry !== null) timers.clearTimeout(retry);
    source?.close();
    source = null;
  };
}
