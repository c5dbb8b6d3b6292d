// The preview page: loads what the route needs from the preview API (navigation, landing cards,
// or a school through the spec's loading flow) and renders the same <App> as the export, plus the
// preview banner. The page stays blank while there is no data.
import { useEffect, useMemo, useState } from 'react';
import { App } from '../App.tsx';
import type { RouteMatch } from '../routes.ts';
import type { SiteEnv } from '../SiteEnv.tsx';
import type { LandingCard, NavSchool, PageData, School } from '../lib/types.ts';
import { connectChangeStream, type EventSourceLike } from '../lib/change-stream.ts';
import type { Timers } from '../lib/debounce.ts';
import { startSchoolFlow, type SchoolFlowState } from '../lib/school-flow.ts';
import type { PreviewApi } from './api.ts';
import { PreviewBanner } from './PreviewBanner.tsx';

export interface PreviewRootProps {
  route: RouteMatch;
  env: SiteEnv;
  api: PreviewApi;
  createEventSource(url: string): EventSourceLike;
  /** Current address (path + query), for the banner's live-preview toggle. */
  href: string;
  timers?: Timers;
}

/** The same address with ?livepreview switched on or off. */
export function toggleLivepreview(href: string, on: boolean): string {
  const url = new URL(href, 'http://preview.invalid');
  url.searchParams.delete('livepreview');
  if (on) url.searchParams.set('livepreview', '1');
  return url.pathname + url.search + url.hash;
}

export function PreviewRoot({ route, env, api, createEventSource, href, timers }: PreviewRootProps) {
  const livepreview = env.preview?.livepreview === true;
  const perspective = livepreview ? 'drafts' : 'published';
  const [nav, setNav] = useState<NavSchool[] | null>(null);
  const [cards, setCards] = useState<LandingCard[] | null>(null);
  const [flow, setFlow] = useState<SchoolFlowState<School> | null>(null);
  const slug = route.page === 'school' ? route.slug : null;

  useEffect(() => {
    let current = true;
    api.navigation(perspective).then(
      (schools) => {
        if (current) setNav(schools);
      },
      (err: unknown) => {
        // Spec section 8: fetch failures are only logged; the dropdown then shows 'No schools found'.
        console.error('preview: loading the navigation failed', err);
        if (current) setNav([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api, perspective]);

  useEffect(() => {
    if (route.page !== 'landing') return;
    let current = true;
    api.landing(perspective).then(
      (list) => {
        if (current) setCards(list);
      },
      (err: unknown) => {
        console.error('preview: loading the landing page schools failed', err);
        if (current) setCards([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api, perspective, route.page]);

  useEffect(() => {
    if (slug === null) return;
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
      },
      setFlow,
    );
    return () => running.stop();
  }, [api, slug, livepreview, createEventSource, timers]);

  const data: PageData | null = useMemo(() => {
    if (route.page === 'landing') return cards ? { page: 'landing', nav, cards } : null;
    return flow?.school ? { page: 'school', nav, school: flow.school } : null;
  }, [route.page, cards, nav, flow?.school]);

  const note =
    flow?.status === 'not-found' ? 'school not found' : flow?.status === 'error' ? 'could not load the school' : null;
  return (
    <>
      <App data={data} env={env} />
      <PreviewBanner
        livepreview={livepreview}
        mode={flow?.mode ?? null}
        connection={flow?.connection ?? null}
        note={note}
        toggleHref={toggleLivepreview(href, !livepreview)}
      />
    </>
  );
}
