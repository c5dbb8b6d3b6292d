// The editors' school page loading flow (spec section 4, "School page loading") as a state
// machine free of the DOM and of real timers: draft-vs-published decision, debounced draft
// refresh, newest-response-wins fetching, and switching modes when a draft appears or goes.
import { draftIdOf, publishedIdOf } from './queries.ts';
import { debounce, realTimers, type Timers } from './debounce.ts';
import type { ChangeEvent, ConnectionState, StreamHandlers } from './change-stream.ts';

/** Spec section 9: a draft is re-fetched 1000 ms after the last change event of a burst. */
export const DRAFT_REFRESH_DEBOUNCE_MS = 1000;

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
      (err) => {
        log(`preview: could not load school "${slug}"`, err);
        set({ status: 'error' });
      },
    );
    return {
      state: () => state,
      stop() {
        stopped = true;
      },
    };
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
          if (seq > applied) {
            applied = seq;
            set({
              status: school ? 'ready' : state.school ? 'ready' : 'not-found',
              school: school ?? state.school,
              fetches: state.fetches + 1,
            });
          }
        },
        (err) => {
          log(`preview: could not load ${id}`, err);
          if (!state.school) set({ status: 'error' });
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
        log(`preview: draft lookup failed for "${slug}"`, err);
        if (!state.school) set({ status: 'error' });
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
    stop() {
      stopped = true;
      draftRefresh.cancel();
      unsubscribe?.();
    },
  };
}
