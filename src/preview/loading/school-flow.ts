// The editors' school page loading flow (spec section 4, "School page loading") as a state
// machine free of the DOM and of real timers: draft-vs-published decision, debounced draft
// refresh, newest-response-wins fetching, and switching modes when a draft appears or goes.
import { draftIdOf, publishedIdOf } from '../../lib/content/queries.ts';
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

/** What both flows share: the state and its reports, and loads that failed, retried with backoff until stopped. */
class FlowCore<S> {
  stopped = false;
  readonly timers: Timers;
  /** Each kind of load counts its own failures in a row. */
  readonly failures = { load: 0, lookup: 0, fetch: 0 };
  /** Pending retries, cancelled by stopAll(). */
  private readonly retries = new Set<unknown>();
  private readonly log: (message: string, err?: unknown) => void;

  constructor(
    public state: SchoolFlowState<S>,
    private readonly deps: SchoolFlowDeps<S>,
    private readonly onState: (state: SchoolFlowState<S>) => void,
  ) {
    this.timers = deps.timers ?? realTimers;
    this.log = deps.log ?? ((m: string, e?: unknown) => console.error(m, e));
  }

  set(patch: Partial<SchoolFlowState<S>>): void {
    if (this.stopped) return;
    this.state = { ...this.state, ...patch };
    this.onState(this.state);
  }

  /** Only the first failure of a run is logged, so an outage is one console line, not one a second. */
  failed(kind: keyof FlowCore<S>['failures'], message: string, err: unknown, again: () => void): void {
    if (this.failures[kind]++ === 0) this.log(`${message} (trying again until it loads)`, err);
    const problem = this.deps.describeError?.(err) ?? null;
    if (problem !== (this.state.problem ?? null)) this.set({ problem });
    const handle = this.timers.setTimeout(
      () => {
        this.retries.delete(handle);
        if (!this.stopped) again();
      },
      backoffDelay(this.failures[kind] - 1, this.deps.retry ?? RETRY_BACKOFF),
    );
    this.retries.add(handle);
  }

  stopAll(): void {
    this.stopped = true;
    for (const h of this.retries) this.timers.clearTimeout(h);
    this.retries.clear();
  }
}

/** Without livepreview: the school fetched once by slug (again on refresh). */
function slugFlow<S>(slug: string, core: FlowCore<S>, deps: SchoolFlowDeps<S>): SchoolFlow<S> {
  let loading = false;
  const load = (): void => {
    if (loading || core.stopped) return;
    loading = true;
    deps.fetchBySlug(slug).then(
      (school) => {
        loading = false;
        core.failures.load = 0;
        core.set({ status: school ? 'ready' : 'not-found', school, fetches: core.state.fetches + 1, problem: null });
      },
      (err) => {
        loading = false;
        if (core.stopped) return;
        core.set({ status: 'error' });
        core.failed('load', `preview: could not load school "${slug}"`, err, load);
      },
    );
  };
  if (!deps.initial) load();
  return { state: () => core.state, stop: () => core.stopAll(), refresh: load };
}

/**
 * With livepreview: the id looked up, the school's changes followed, a draft re-fetched after each
 * quiet period of change events and a published school on each event.
 */
class LiveFlow<S> {
  private lookup: SchoolLookup | null = null;
  private unsubscribe: (() => void) | null = null;
  // Newer requests win: a slow response never overwrites a later one.
  private requested = 0;
  private applied = 0;
  private inFlight = false;
  private again = false;
  private readonly draftRefresh: ReturnType<typeof debounce>;

  constructor(
    private readonly slug: string,
    private readonly core: FlowCore<S>,
    private readonly deps: SchoolFlowDeps<S>,
  ) {
    this.draftRefresh = debounce(this.fetchCurrent, deps.debounceMs ?? DRAFT_REFRESH_DEBOUNCE_MS, core.timers);
  }

  private readonly fetchCurrent = (): void => {
    const { core, lookup } = this;
    if (core.stopped || !lookup) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    const seq = ++this.requested;
    const mode = core.state.mode ?? chooseSource(lookup).mode;
    const id = mode === 'draft' ? draftIdOf(lookup.id) : publishedIdOf(lookup.id);
    this.deps
      .fetchById(id)
      .then(
        (school) => this.fetched(seq, school),
        (err) => {
          if (core.stopped) return;
          if (!core.state.school) core.set({ status: 'error' });
          // Retried whether or not a school is shown: the newest edit must still arrive.
          core.failed('fetch', `preview: could not load ${id}`, err, this.fetchCurrent);
        },
      )
      .finally(() => {
        this.inFlight = false;
        if (this.again) {
          this.again = false;
          this.fetchCurrent();
        }
      });
  };

  private fetched(seq: number, school: S | null): void {
    const { core } = this;
    core.failures.fetch = 0;
    if (seq <= this.applied) return;
    this.applied = seq;
    core.set({
      problem: null,
      status: school ? 'ready' : core.state.school ? 'ready' : 'not-found',
      school: school ?? core.state.school,
      fetches: core.state.fetches + 1,
    });
  }

  /** Looks the slug up again (first load, resync, or a draft appeared/disappeared) and fetches. */
  readonly relookup = (): void => {
    const { core } = this;
    this.deps.lookup(this.slug).then(
      (found) => this.lookedUp(found),
      (err) => {
        if (core.stopped) return;
        if (!core.state.school) core.set({ status: 'error' });
        core.failed('lookup', `preview: draft lookup failed for "${this.slug}"`, err, this.relookup);
      },
    );
  };

  private lookedUp(found: SchoolLookup | null): void {
    const { core } = this;
    if (core.stopped) return;
    core.failures.lookup = 0;
    if (core.state.problem) core.set({ problem: null });
    if (!found) {
      core.set({ status: 'not-found', school: null, mode: null });
      return;
    }
    const first = this.lookup === null;
    this.lookup = found;
    this.draftRefresh.cancel();
    core.set({ mode: chooseSource(found).mode });
    if (first) {
      this.unsubscribe = this.deps.subscribe(publishedIdOf(found.id), {
        onChange: this.onChange,
        onStatus: (connection) => core.set({ connection }),
        onResync: this.relookup,
      });
    }
    this.fetchCurrent();
  }

  private readonly onChange = (event: ChangeEvent): void => {
    const { core, lookup } = this;
    if (core.stopped || !lookup) return;
    const isDraft = event.documentId === draftIdOf(lookup.id);
    const mode = core.state.mode;
    if (mode === 'published' && isDraft && event.transition !== 'disappear') {
      // An editor started a draft of the school being previewed: follow the draft from now on.
      this.lookup = { ...lookup, hasDraft: true };
      core.set({ mode: 'draft' });
      this.draftRefresh.call();
      return;
    }
    if (event.transition === 'disappear' && (isDraft ? mode === 'draft' : mode === 'published')) {
      // The shown document was published, discarded or deleted: decide again what to show.
      this.relookup();
      return;
    }
    if (mode === 'draft') this.draftRefresh.call();
    else this.fetchCurrent();
  };

  flow(): SchoolFlow<S> {
    return {
      state: () => this.core.state,
      refresh: () => {
        if (this.core.stopped) return;
        if (!this.lookup) this.relookup();
        else if (this.core.state.mode === 'draft') this.draftRefresh.call();
        else this.fetchCurrent();
      },
      stop: () => {
        this.core.stopAll();
        this.draftRefresh.cancel();
        this.unsubscribe?.();
      },
    };
  }
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
  const initial = deps.initial ?? null;
  const state: SchoolFlowState<S> = initial
    ? { status: 'ready', school: initial.school, mode: livepreview ? initial.mode : null, connection: null, fetches: 0 }
    : { status: 'loading', school: null, mode: null, connection: null, fetches: 0 };
  const core = new FlowCore(state, deps, onState);
  if (!livepreview) return slugFlow(slug, core, deps);
  const live = new LiveFlow(slug, core, deps);
  live.relookup();
  return live.flow();
}
