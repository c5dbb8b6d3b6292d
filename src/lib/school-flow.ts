// The editors' school page loading flow (spec section 4, "School page loading") as a state
// machine free of the DOM and of real timers: draft-vs-published decision, debounced draft
// refresh, newest-response-wins fetching, and switching modes when a draft appears or goes.
import { draftIdOf, publishedIdOf } from './queries.ts';
import { debounce, realTimers, type Timers } from './debounce.ts';
import { backoffDelay, type BackoffOptions } from './backoff.ts';
import type { ChangeEvent, ConnectionState, StreamHandlers } from './change-stream.ts';

/** Spec section 9: a draft is re-fetched 1000 ms after the last change event of a burst. */
export const DRAFT_REFRESH_DEBOUNCE_MS = 1000;

/**
 * A load that failed (the content service down, a network blip) is tried again, soon at first and
 * then at most 4 s apart, so a page opened during an outage shows its school within about that
 * long of the service coming back, without a reload.
 */
export const RETRY_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 4000, factor: 2, jitter: 0.2 };

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
  return lookup.hasDraft
    ? { mode: 'draft', id: draftIdOf(lookup.id) }
    : { mode: 'published', id: publishedIdOf(lookup.id) };
}

export interface SchoolFlowState<S> {
  status: 'loading' | 'ready' | 'not-found' | 'error';
  school: S | null;
  /** null without ?livepreview (fetched once by slug). */
  mode: PreviewMode | null;
  connection: ConnectionState | null;
  /** How many fetches of the school have completed (useful to editors' tools and tests). */
  fetches: number;
  /** While loads fail: what is wrong, in an editor's words (deps.describeError); null otherwise. */
  problem?: string | null;
}

export interface SchoolFlowDeps<S> {
  fetchBySlug(slug: string): Promise<S | null>;
  lookup(slug: string): Promise<SchoolLookup | null>;
  fetchById(id: string): Promise<S | null>;
  subscribe(publishedId: string, handlers: StreamHandlers): () => void;
  timers?: Timers;
  debounceMs?: number;
  log?: (message: string, err?: unknown) => void;
  retry?: BackoffOptions;
  /** Turns a failed load into words for the banner (a refused token, an unreachable service). */
  describeError?: (err: unknown) => string | null;
  /**
   * A school already shown (the preview server rendered it): the flow starts ready with it, so
   * the page never goes blank. Without livepreview it is not fetched again; with it the lookup,
   * subscription and one fetch still run, to catch edits made since the server read it.
   */
  initial?: { school: S; mode: PreviewMode | null } | null;
}

export interface SchoolFlow<S> {
  state(): SchoolFlowState<S>;
  stop(): void;
  /**
   * Asks for the school again as a change event would (the Studio's visual-editing refresh): a
   * draft after the same debounce, a published school at once; without livepreview it is re-read.
   */
  refresh(): void;
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
  const initial = deps.initial ?? null;
  let state: SchoolFlowState<S> = initial
    ? { status: 'ready', school: initial.school, mode: livepreview ? initial.mode : null, connection: null, fetches: 0 }
    : { status: 'loading', school: null, mode: null, connection: null, fetches: 0 };
  let stopped = false;
  const set = (patch: Partial<SchoolFlowState<S>>) => {
    if (stopped) return;
    state = { ...state, ...patch };
    onState(state);
  };
  // Pending retries, cancelled by stop(). Each kind of load counts its own failures in a row, and
  // only the first failure of a run is logged, so an outage is one console line, not one a second.
  const retries = new Set<unknown>();
  const failures = { load: 0, lookup: 0, fetch: 0 };
  const failed = (kind: keyof typeof failures, message: string, err: unknown, again: () => void) => {
    if (failures[kind]++ === 0) log(`${message} (trying again until it loads)`, err);
    const problem = deps.describeError?.(err) ?? null;
    if (problem !== (state.problem ?? null)) set({ problem });
    const handle = timers.setTimeout(
      () => {
        retries.delete(handle);
        if (!stopped) again();
      },
      backoffDelay(failures[kind] - 1, deps.retry ?? RETRY_BACKOFF),
    );
    retries.add(handle);
  };
  const stopAll = () => {
    stopped = true;
    for (const h of retries) timers.clearTimeout(h);
    retries.clear();
  };

  if (!livepreview) {
    let loading = false;
    const load = (): void => {
      if (loading || stopped) return;
      loading = true;
      deps.fetchBySlug(slug).then(
        (school) => {
          loading = false;
          failures.load = 0;
          set({ status: school ? 'ready' : 'not-found', school, fetches: state.fetches + 1, problem: null });
        },
        (err) => {
          loading = false;
          if (stopped) return;
          set({ status: 'error' });
          failed('load', `preview: could not load school "${slug}"`, err, load);
        },
      );
    };
    if (!initial) load();
    return { state: () => state, stop: stopAll, refresh: load };
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
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    const seq = ++requested;
    const mode = state.mode ?? chooseSource(lookup).mode;
    const id = mode === 'draft' ? draftIdOf(lookup.id) : publishedIdOf(lookup.id);
    deps
      .fetchById(id)
      .then(
        (school) => {
          failures.fetch = 0;
          if (seq > applied) {
            applied = seq;
            set({
              problem: null,
              status: school ? 'ready' : state.school ? 'ready' : 'not-found',
              school: school ?? state.school,
              fetches: state.fetches + 1,
            });
          }
        },
        (err) => {
          if (stopped) return;
          if (!state.school) set({ status: 'error' });
          // Retried whether or not a school is shown: the newest edit must still arrive.
          failed('fetch', `preview: could not load ${id}`, err, fetchCurrent);
        },
      )
      .finally(() => {
        inFlight = false;
        if (again) {
          again = false;
          fetchCurrent();
        }
      });
  };

  const draftRefresh = debounce(fetchCurrent, deps.debounceMs ?? DRAFT_REFRESH_DEBOUNCE_MS, timers);

  /** Looks the slug up again (first load, resync, or a draft appeared/disappeared) and fetches. */
  const relookup = (): void => {
    deps.lookup(slug).then(
      (found) => {
        if (stopped) return;
        failures.lookup = 0;
        if (state.problem) set({ problem: null });
        if (!found) {
          set({ status: 'not-found', school: null, mode: null });
          return;
        }
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
      (err) => {
        if (stopped) return;
        if (!state.school) set({ status: 'error' });
        failed('lookup', `preview: draft lookup failed for "${slug}"`, err, relookup);
      },
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
    refresh() {
      if (stopped) return;
      if (!lookup) relookup();
      else if (state.mode === 'draft') draftRefresh.call();
      else fetchCurrent();
    },
    stop() {
      stopAll();
      draftRefresh.cancel();
      unsubscribe?.();
    },
  };
}
