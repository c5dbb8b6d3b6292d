// The preview page: the same <App> as the export, plus the preview banner. Given the page the
// preview server rendered (`initial` + env.preview.initial) it hydrates that and carries on from
// its data: live updates and draft refreshes, and loading itself whatever the server could not.
// Without it (a client-only render) it loads everything from the preview API, blank meanwhile.
import { useEffect, useMemo, useState } from 'react';
import { App, type SchoolPageComponent } from '../App.tsx';
import type { RouteMatch } from '../routes.ts';
import type { SiteEnv } from '../SiteEnv.tsx';
import type { LandingCard, NavSchool, PageData, School } from '../lib/types.ts';
import { connectChangeStream, type EventSourceLike } from '../lib/change-stream.ts';
import { debounce, realTimers, type Timers } from '../lib/debounce.ts';
import { DRAFT_REFRESH_DEBOUNCE_MS, startSchoolFlow, type SchoolFlowState } from '../lib/school-flow.ts';
import { keepLoading } from '../lib/keep-loading.ts';
import { previewProblem, type PreviewApi } from './api.ts';
import { bannerNote, PreviewBanner } from './PreviewBanner.tsx';
import { EditorHome } from './EditorHome.tsx';
import { localizeSchool } from '../lib/localize.ts';

export interface PreviewRootProps {
  route: RouteMatch;
  env: SiteEnv;
  api: PreviewApi;
  createEventSource(url: string): EventSourceLike;
  /** Current address (path + query), for the banner's live-preview toggle. */
  href: string;
  timers?: Timers;
  /** The page data the server rendered (hydration); env.preview.initial says how it went. */
  initial?: PageData | null;
  /** The school page component, loaded before hydrating (the server render has no Suspense). */
  schoolPage?: SchoolPageComponent | null;
}

/** The same address with ?livepreview switched on or off. */
export function toggleLivepreview(href: string, on: boolean): string {
  // Leading slashes collapsed: '//x' would otherwise parse as a host (and throw for '//').
  const url = new URL(href.replace(/^\/+/, '/'), 'http://preview.invalid');
  url.searchParams.delete('livepreview');
  if (on) url.searchParams.set('livepreview', '1');
  return url.pathname + url.search + url.hash;
}

export function PreviewRoot({
  route,
  env,
  api,
  createEventSource,
  href,
  timers,
  initial,
  schoolPage,
}: PreviewRootProps) {
  const livepreview = env.preview?.livepreview === true;
  const perspective = livepreview ? 'drafts' : 'published';
  const served = initial ? (env.preview?.initial ?? null) : null;
  const failed = (part: 'nav' | 'cards' | 'school') => !served || served.failed.includes(part);
  const [nav, setNav] = useState<NavSchool[] | null>(initial?.nav ?? null);
  const [cards, setCards] = useState<LandingCard[] | null>(initial?.page === 'landing' ? initial.cards : null);
  const servedSchool = initial?.page === 'school' ? initial.school : null;
  const [flow, setFlow] = useState<SchoolFlowState<School> | null>(
    served && initial?.page === 'school'
      ? {
          status: served.status,
          school: servedSchool,
          mode: served.mode,
          connection: null,
          fetches: 0,
          problem: served.problem ?? null,
        }
      : null,
  );
  const slug = route.page === 'school' ? route.slug : null;
  // Read once: the effects below start from the server's data, they do not restart with it.
  const [start] = useState(() => ({
    nav: failed('nav'),
    cards: failed('cards'),
    // Live mode always runs the flow (subscription); otherwise only when the server had no school.
    school: !served || served.status === 'error' || (livepreview && served.status === 'ready'),
    initial: servedSchool && served?.status === 'ready' ? { school: servedSchool, mode: served.mode } : null,
  }));

  useEffect(() => {
    if (!start.nav) return;
    return keepLoading({
      load: () => api.navigation(perspective),
      onValue: setNav,
      onFailure: (err) => {
        // Spec section 8: fetch failures are only logged; the dropdown then shows 'No schools found'.
        console.error('preview: loading the navigation failed (trying again until it loads)', err);
        setNav([]);
      },
      ...(timers ? { timers } : {}),
    });
  }, [api, perspective, start, timers]);

  useEffect(() => {
    if (route.page !== 'landing' || !start.cards) return;
    return keepLoading({
      load: () => api.landing(perspective),
      onValue: setCards,
      onFailure: (err) => {
        console.error('preview: loading the landing page schools failed (trying again until it loads)', err);
        setCards([]);
      },
      ...(timers ? { timers } : {}),
    });
  }, [api, perspective, route.page, start, timers]);

  // Live means the lists too: any school's change (a title, a logo, a new draft) reloads the menus
  // and, on the landing page, the grid, once per quiet period like a draft.
  useEffect(() => {
    if (!livepreview) return;
    const landing = route.page === 'landing';
    const reload = debounce(
      () => {
        api
          .navigation(perspective)
          .then(setNav, (err: unknown) => console.error('preview: reloading the navigation failed', err));
        if (landing)
          api
            .landing(perspective)
            .then(setCards, (err: unknown) => console.error('preview: reloading the landing grid failed', err));
      },
      DRAFT_REFRESH_DEBOUNCE_MS,
      timers ?? realTimers,
    );
    const stop = connectChangeStream({
      url: api.schoolsEventsUrl(),
      createEventSource,
      ...(timers ? { timers } : {}),
      onChange: () => reload.call(),
      onStatus: () => {},
      onResync: () => reload.call(),
    });
    return () => {
      reload.cancel();
      stop();
    };
  }, [api, livepreview, perspective, route.page, createEventSource, timers]);

  useEffect(() => {
    if (slug === null || !start.school) return;
    const running = startSchoolFlow<School>(
      slug,
      livepreview,
      {
        fetchBySlug: (s) => api.schoolBySlug(s),
        lookup: (s) => api.lookup(s),
        fetchById: (id) => api.document(id),
        subscribe: (id, handlers) =>
          connectChangeStream({ url: api.eventsUrl(id), createEventSource, timers, ...handlers }),
        timers,
        initial: start.initial,
        describeError: previewProblem,
      },
      setFlow,
    );
    return () => running.stop();
  }, [api, slug, livepreview, createEventSource, timers, start]);

  const data: PageData | null = useMemo(() => {
    if (route.page === 'landing') return cards ? { page: 'landing', nav, cards } : null;
    // A hydrated page keeps the school page's frame (as the server rendered it) while there is no school.
    // The school as the route's edition shows it (Spanish fields with English fallback on /es/).
    const school = flow?.school ? localizeSchool(flow.school, route.lang) : null;
    if (served) return { page: 'school', nav, school };
    return school ? { page: 'school', nav, school } : null;
  }, [route.page, route.lang, cards, nav, flow?.school, served]);

  return (
    <>
      <PreviewBanner
        livepreview={livepreview}
        mode={flow?.mode ?? null}
        connection={flow?.connection ?? null}
        note={bannerNote(flow?.status, flow?.problem)}
        toggleHref={toggleLivepreview(href, !livepreview)}
      />
      {route.page === 'landing' && <EditorHome schools={env.preview?.editorSchools} />}
      <App data={data} env={env} schoolPage={schoolPage} />
    </>
  );
}
