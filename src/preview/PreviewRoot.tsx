// One preview page: the same <App> as the export, plus the preview banner. Given the page the
// preview server rendered (`initial` + env.preview.initial) it hydrates that and carries on from
// its data: live updates and draft refreshes, and loading itself whatever the server could not.
// Without it (a page the router reached, or a client-only render) it loads its own data from the
// preview API. The menus' list and the every-school change stream belong to the session
// (PreviewApp.tsx), which outlives the pages: this component is mounted once per page.
import { useEffect, useMemo, useState } from 'react';
import { App } from '../App.tsx';
import { LandingPage } from '../pages/LandingPage.tsx';
import type { SiteEnv } from '../SiteEnv.tsx';
import type { LandingCard, NavSchool, School } from '../lib/content/types.ts';
import type { PageComponent, PageData, PreviewRouteMatch } from '../routes.ts';
import { connectChangeStream, type EventSourceLike } from './loading/change-stream.ts';
import type { Timers } from './loading/debounce.ts';
import { startSchoolFlow, type SchoolFlowState } from './loading/school-flow.ts';
import type { EditorSchool } from './editor-home.ts';
import { keepLoading } from './loading/keep-loading.ts';
import { previewProblem, type PreviewApi } from './api.ts';
import { bannerNote, PreviewBanner } from './PreviewBanner.tsx';
import { EditorHome } from './EditorHome.tsx';
import type { ExportReportSummary, ReportGroup } from '../build/report.ts';
import { localizeSchool } from '../lib/content/localize.ts';
import { plainText } from '../lib/plain-text.ts';
import { landingTitle, schoolTitle } from '../lib/seo.ts';
import { CATALOGUES } from '../i18n/catalogues.ts';
import { schoolGlance } from '../lib/facts/school-glance.ts';
import { landingCopy, type LandingCopy } from '../lib/content/landing-copy.ts';
import { builtinSettings, type SiteSettings } from '../lib/content/builtin-settings.ts';
import { LANDING_BUILTIN } from '../i18n/landing/index.ts';

interface SiteCopy {
  copy: LandingCopy;
  settings: SiteSettings;
}

export interface PreviewRootProps {
  route: PreviewRouteMatch;
  env: SiteEnv;
  api: PreviewApi;
  createEventSource(url: string): EventSourceLike;
  /** Current address (path + query), for the banner's live-preview toggle. */
  href: string;
  timers?: Timers;
  /** The page data the server rendered (hydration); env.preview.initial says how it went. */
  initial?: PageData | null;
  /** The first page's component, loaded before hydrating (the server render has no Suspense). */
  firstPage?: PageComponent | null;
  /** The menus' schools, kept by the session across pages (null while loading). */
  nav: NavSchool[] | null;
  /**
   * Bumped by the session after each quiet period of changes to the schools, the landing page or the
   * site settings (live mode): reload the grid and the site's words.
   */
  schoolsVersion?: number;
  /** Registers this page's refresh (the school flow's) for the Studio's refresh requests. */
  onRefresher?: (refresh: () => void) => () => void;
}

/** The same address with ?livepreview switched on or off. */
export function toggleLivepreview(href: string, on: boolean): string {
  // Leading slashes collapsed: '//x' would otherwise parse as a host (and throw for '//').
  const url = new URL(href.replace(/^\/+/, '/'), 'http://preview.invalid');
  url.searchParams.delete('livepreview');
  if (on) url.searchParams.set('livepreview', '1');
  return url.pathname + url.search + url.hash;
}

type Perspective = 'drafts' | 'published';
type ServedPage = NonNullable<NonNullable<SiteEnv['preview']>['initial']>;
/** What the effects start from, read once: they do not restart with the server's data. */
interface StartFrom {
  cards: boolean;
  school: boolean;
  initial: { school: School; mode: ServedPage['mode'] } | null;
}

/** The editors' words and settings: the server's, else read here (a page the router reached). */
function useSiteCopy(
  api: PreviewApi,
  perspective: Perspective,
  lang: PreviewRouteMatch['lang'],
  initial: PageData | null | undefined,
): [SiteCopy | null, (site: SiteCopy) => void] {
  const [site, setSite] = useState<SiteCopy | null>(() =>
    initial?.page === 'landing'
      ? { copy: initial.copy, settings: initial.settings ?? builtinSettings(CATALOGUES[lang]) }
      : initial?.settings
        ? { copy: landingCopy(null, lang), settings: initial.settings }
        : null,
  );
  useEffect(() => {
    if (site) return;
    let live = true;
    const builtin = (): SiteCopy => {
      const m = CATALOGUES[lang];
      return { copy: landingCopy(null, lang), settings: builtinSettings(m) };
    };
    api.site(perspective, lang).then(
      (got) => live && setSite(got ?? builtin()),
      (err: unknown) => {
        console.error('preview: the landing page and site settings could not be read; showing the built-in copy', err);
        if (live) setSite(builtin());
      },
    );
    return () => {
      live = false;
    };
  }, [api, perspective, lang, site]);
  return [site, setSite];
}

/** The landing grid's cards, loaded until they come when the server had none. */
function useLandingCards(
  api: PreviewApi,
  perspective: Perspective,
  page: PreviewRouteMatch['page'],
  load: { start: StartFrom; timers: Timers | undefined },
  setCards: (cards: LandingCard[]) => void,
): void {
  const { start, timers } = load;
  useEffect(() => {
    if (page !== 'landing' || !start.cards) return;
    return keepLoading({
      load: () => api.landing(perspective),
      onValue: setCards,
      onFailure: (err) => {
        console.error('preview: loading the landing page schools failed (trying again until it loads)', err);
        setCards([]);
      },
      ...(timers ? { timers } : {}),
    });
  }, [api, perspective, page, start, timers, setCards]);
}

/**
 * Live means the grid and the site's words too: after each quiet period of changes (the session's
 * stream) the landing page reloads its cards and every page its landing copy and settings (a draft
 * of either shows, a discarded one goes); the session reloads the menus itself.
 */
function useLiveSiteReload(
  api: PreviewApi,
  route: PreviewRouteMatch,
  reading: { livepreview: boolean; perspective: Perspective; schoolsVersion: number },
  set: { setCards: (cards: LandingCard[]) => void; setSite: (site: SiteCopy) => void },
): void {
  const { livepreview, perspective, schoolsVersion } = reading;
  const { setCards, setSite } = set;
  useEffect(() => {
    if (!livepreview || schoolsVersion === 0) return;
    let live = true;
    if (route.page === 'landing')
      api
        .landing(perspective)
        .then(setCards, (err: unknown) => console.error('preview: reloading the landing grid failed', err));
    api.site(perspective, route.lang).then(
      (got) => live && got && setSite(got),
      (err: unknown) => console.error('preview: reloading the landing page and site settings failed', err),
    );
    return () => {
      live = false;
    };
  }, [api, livepreview, perspective, route.page, route.lang, schoolsVersion, setCards, setSite]);
}

interface EditorHomeData {
  schools: EditorSchool[] | null;
  notes: ReportGroup[] | null;
  lastExport: ExportReportSummary | null;
}

/** The editor home: from the server render, else (a landing page the router reached) from the API. */
function useEditorHome(api: PreviewApi, page: PreviewRouteMatch['page'], env: SiteEnv): EditorHomeData {
  const served = env.preview?.editorSchools;
  const [home, setHome] = useState<EditorHomeData>({
    schools: served ?? null,
    notes: env.preview?.editorNotes ?? null,
    lastExport: env.preview?.lastExport ?? null,
  });
  useEffect(() => {
    if (page !== 'landing' || served) return;
    let live = true;
    api.editorHome().then(
      (got) => live && setHome(got),
      (err: unknown) => console.error('preview: the editor home could not be read', err),
    );
    return () => {
      live = false;
    };
  }, [api, page, served]);
  return home;
}

/** Runs the school page loading flow (preview/loading/school-flow.ts) while the page shows a school. */
function useSchoolFlow(
  props: Pick<PreviewRootProps, 'api' | 'createEventSource' | 'timers' | 'onRefresher'>,
  flow: { slug: string | null; livepreview: boolean; start: StartFrom },
  setFlow: (state: SchoolFlowState<School>) => void,
): void {
  const { api, createEventSource, timers, onRefresher } = props;
  const { slug, livepreview, start } = flow;
  useEffect(() => {
    if (slug === null || !start.school) return;
    const running = startSchoolFlow<School>(
      slug,
      livepreview,
      {
        fetchBySlug: (s) => api.schoolBySlug(s),
        lookup: (s) => api.lookup(s),
        // Live preview reads in the drafts perspective: the school's draft and its quotes' drafts alike.
        fetchById: (id) => api.document(id, 'drafts'),
        subscribe: (id, handlers) =>
          connectChangeStream({ url: api.eventsUrl(id), createEventSource, timers, resyncWhenLive: true, ...handlers }),
        timers,
        initial: start.initial,
        describeError: previewProblem,
      },
      setFlow,
    );
    const unregister = onRefresher?.(() => running.refresh());
    return () => {
      unregister?.();
      running.stop();
    };
  }, [api, slug, livepreview, createEventSource, timers, start, onRefresher, setFlow]);
}

/** The school page's data as the route's edition shows it, with the glance the server wrote while it is the same school. */
function schoolPageData(
  lang: PreviewRouteMatch['lang'],
  shown: { school: School | null; nav: NavSchool[] | null; settings: SiteSettings },
  server: { served: ServedPage | null; initial: PageData | null | undefined; servedSchool: School | null },
): PageData | null {
  const { nav, settings } = shown;
  const { served, initial, servedSchool } = server;
  // A hydrated page keeps the school page's frame (as the server rendered it) while there is no school.
  // The school as the route's edition shows it (Spanish fields with English fallback on /es/).
  const school = shown.school ? localizeSchool(shown.school, lang) : null;
  // The server's glance while the school is the one it rendered: hydration needs the same strings.
  const servedGlance = initial?.page === 'school' && shown.school === servedSchool ? initial.glance : undefined;
  const glance =
    servedGlance !== undefined
      ? servedGlance
      : school
        ? schoolGlance(school, {
            lang,
            locale: CATALOGUES[lang].locale,
            now: Date.now(),
            timeZone: settings.timeZone,
          })
        : null;
  if (served) return { page: 'school', nav, school, glance, settings };
  return school ? { page: 'school', nav, school, glance, settings } : null;
}

/**
 * A page the router reached names itself as the server would have (the Studio shows the title),
 * from words without stega: the title's whitespace rules would break the invisible runs apart.
 */
function usePageTitle(route: PreviewRouteMatch, site: SiteCopy | null, data: PageData | null, hydrated: boolean): void {
  const m = CATALOGUES[route.lang];
  const district = site ? plainText(site.settings.districtName) : undefined;
  const title =
    route.page === 'landing'
      ? landingTitle(m, plainText(site?.copy.headline || LANDING_BUILTIN[m.lang].hero.headline), district)
      : data?.page === 'school' && data.school
        ? schoolTitle({ title: plainText(data.school.title ?? '') }, m, district)
        : null;
  useEffect(() => {
    if (!hydrated && title) document.title = `Preview · ${title}`;
  }, [hydrated, title]);
}

export function PreviewRoot(props: PreviewRootProps) {
  const { route, env, api, href, timers, initial, firstPage, nav, schoolsVersion = 0 } = props;
  const livepreview = env.preview?.livepreview === true;
  const perspective = livepreview ? 'drafts' : 'published';
  const served = initial ? (env.preview?.initial ?? null) : null;
  const failed = (part: 'nav' | 'cards' | 'school') => !served || served.failed.includes(part);
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
  const [site, setSite] = useSiteCopy(api, perspective, route.lang, initial);
  const slug = route.page === 'school' ? route.slug : null;
  // Read once: the effects below start from the server's data, they do not restart with it.
  const [start] = useState<StartFrom>(() => ({
    cards: failed('cards'),
    // Live mode always runs the flow (subscription); otherwise only when the server had no school.
    school: !served || served.status === 'error' || (livepreview && served.status === 'ready'),
    initial: servedSchool && served?.status === 'ready' ? { school: servedSchool, mode: served.mode } : null,
  }));
  useLandingCards(api, perspective, route.page, { start, timers }, setCards);
  useLiveSiteReload(api, route, { livepreview, perspective, schoolsVersion }, { setCards, setSite });
  const editorHome = useEditorHome(api, route.page, env);
  useSchoolFlow(props, { slug, livepreview, start }, setFlow);

  const data: PageData | null = useMemo(() => {
    if (!site) return null;
    const { copy, settings } = site;
    if (route.page === 'landing') return cards ? { page: 'landing', nav, cards, copy, settings } : null;
    return schoolPageData(
      route.lang,
      { school: flow?.school ?? null, nav, settings },
      { served, initial, servedSchool },
    );
  }, [route.page, route.lang, cards, nav, flow?.school, served, site, initial, servedSchool]);
  usePageTitle(route, site, data, Boolean(initial));

  return (
    <>
      <PreviewBanner
        livepreview={livepreview}
        mode={flow?.mode ?? null}
        connection={flow?.connection ?? null}
        note={bannerNote(flow?.status, flow?.problem)}
        toggleHref={toggleLivepreview(href, !livepreview)}
      />
      {route.page === 'landing' && (
        <EditorHome schools={editorHome.schools} notes={editorHome.notes} lastExport={editorHome.lastExport} />
      )}
      {/* The landing page is in the preview's own bundle: no chunk to wait for when hydrating it. */}
      <App data={data} env={env} page={data?.page === 'landing' ? LandingPage : firstPage} />
    </>
  );
}
