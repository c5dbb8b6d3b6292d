// The preview as one app: react-router's BrowserRouter keeps the document while an
// editor moves between the landing page and schools, so the session's state (the menus' list, the
// every-school change stream, the Studio's overlays) survives the move and nothing reloads. The
// route table stays src/routes.ts: the router only supplies the location and `navigate`, and
// matchRoute says which page a path is. The families' export never loads this (entry-client.tsx
// has no router). The first page is the one the server rendered and is hydrated; every later page
// loads its data from the preview API, as a client-only render always did.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PageComponent } from '../routes.ts';
import { matchPreviewRoute, matchRoute } from '../routes.ts';
import { CATALOGUES } from '../i18n/catalogues.ts';
import type { SiteEnv } from '../SiteEnv.tsx';
import type { NavSchool } from '../lib/content/types.ts';
import type { PageData } from '../routes.ts';
import { connectChangeStream, type EventSourceLike } from './loading/change-stream.ts';
import { debounce } from './loading/debounce.ts';
import { DRAFT_REFRESH_DEBOUNCE_MS } from './loading/school-flow.ts';
import { keepLoading } from './loading/keep-loading.ts';
import type { PreviewApi } from './api.ts';
import { PreviewRoot, toggleLivepreview } from './PreviewRoot.tsx';

/** ?livepreview as the preview server reads it (server/routes/pages.ts): present and not 0/false. */
export function livepreviewIn(search: string): boolean {
  const v = new URLSearchParams(search).get('livepreview');
  return v !== null && v !== '0' && v !== 'false';
}

/**
 * The in-app address for a click on `a`, or null when the browser should follow it itself: another
 * origin or window, a file (/guide.pdf, /media/…, /api/…), or a jump within the page. Live preview
 * stays on, as the editor expects when following the site's own links.
 */
export function inAppTarget(a: HTMLAnchorElement, current: Location, livepreview: boolean): string | null {
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.origin !== current.origin) return null;
  const url = new URL(a.href);
  const isPage = url.pathname === '/' || matchRoute(url.pathname).page === 'school';
  if (!isPage) return null;
  if (url.pathname === current.pathname && url.search === current.search && url.hash) return null;
  if (livepreview && !url.searchParams.has('livepreview')) url.searchParams.set('livepreview', '1');
  return url.pathname + url.search + url.hash;
}

export interface RefreshBus {
  add(refresh: () => void): () => void;
  /** Runs every registered refresh (the Studio asked for fresh content). */
  run(): void;
}

export function createRefreshBus(): RefreshBus {
  const all = new Set<() => void>();
  return {
    add(refresh) {
      all.add(refresh);
      return () => all.delete(refresh);
    },
    run() {
      for (const r of [...all]) r();
    },
  };
}

export interface PreviewAppProps {
  /** The server's render environment (first page). */
  env: SiteEnv;
  /** The server-rendered page's data, hydrated as the first page; null for a client-only start. */
  first: PageData | null;
  api: PreviewApi;
  createEventSource(url: string): EventSourceLike;
  /** The first page's component, loaded before hydrating (the server render has no Suspense). */
  firstPage?: PageComponent | null;
  refreshBus: RefreshBus;
}

type Navigate = ReturnType<typeof useNavigate>;

/**
 * The menus' list belongs to the session: loaded once (or taken from the server), kept across
 * pages, read again when the perspective changes.
 */
function useSessionNav(
  api: PreviewApi,
  perspective: 'drafts' | 'published',
  first: PageData | null,
  env: SiteEnv,
): [NavSchool[] | null, (nav: NavSchool[]) => void] {
  const [nav, setNav] = useState<NavSchool[] | null>(first?.nav ?? null);
  // The perspective the list in hand was read in (null: none yet, or the server could not read it).
  const navFor = useRef<string | null>(
    first && !env.preview?.initial?.failed.includes('nav') ? (env.preview?.livepreview ? 'drafts' : 'published') : null,
  );
  useEffect(() => {
    if (navFor.current === perspective) return;
    navFor.current = perspective;
    return keepLoading({
      load: () => api.navigation(perspective),
      onValue: setNav,
      onFailure: (err) => {
        // Spec section 8: fetch failures are only logged; the dropdown then shows 'No schools found'.
        console.error('preview: loading the navigation failed (trying again until it loads)', err);
        setNav([]);
      },
    });
  }, [api, perspective]);
  return [nav, setNav];
}

/**
 * One change stream for the whole session while live: a change to any school, to the landing
 * page's words or to the site settings reloads the menus and bumps schoolsVersion (the page reloads
 * its grid and its words), once per quiet period. Moving between pages keeps it open; switching
 * live preview off closes it.
 */
function useSessionChanges(
  props: Pick<PreviewAppProps, 'api' | 'createEventSource' | 'refreshBus'>,
  livepreview: boolean,
  setNav: (nav: NavSchool[]) => void,
): number {
  const { api, createEventSource, refreshBus } = props;
  const [schoolsVersion, setSchoolsVersion] = useState(0);
  useEffect(() => {
    if (!livepreview) return;
    const reload = debounce(() => {
      api
        .navigation('drafts')
        .then(setNav, (err: unknown) => console.error('preview: reloading the navigation failed', err));
      setSchoolsVersion((v) => v + 1);
    }, DRAFT_REFRESH_DEBOUNCE_MS);
    const stop = connectChangeStream({
      url: api.schoolsEventsUrl(),
      createEventSource,
      onChange: () => reload.call(),
      onStatus: () => {},
      onResync: () => reload.call(),
    });
    const unregister = refreshBus.add(() => reload.call());
    return () => {
      unregister();
      reload.cancel();
      stop();
    };
  }, [api, livepreview, createEventSource, refreshBus, setNav]);
  return schoolsVersion;
}

/**
 * The site's own links move within the app. Bubble phase on the document: the page's own
 * handlers (the menus, the section menu) run first and may have handled the click already.
 */
function useInAppLinks(navigate: Navigate): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a) return;
      const to = inAppTarget(a, window.location, livepreviewIn(window.location.search));
      if (to === null) return;
      event.preventDefault();
      navigate(to);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/**
 * A new page starts at its top, or at its #fragment once that is on the page (data may still be
 * loading). Each move (location.key) counts, even to the same address.
 */
function useScrollOnMove(moved: { current: boolean }, location: ReturnType<typeof useLocation>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger, not read
  useEffect(() => {
    if (!moved.current) return;
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) {
      window.scrollTo(0, 0);
      return;
    }
    let tries = 0;
    const timer = window.setInterval(() => {
      const el = document.getElementById(id);
      if (el || ++tries > 40) {
        window.clearInterval(timer);
        el?.scrollIntoView();
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [location.key, location.hash]);
}

/** Inside the Studio's Presentation frame: click-to-edit overlays, loaded on demand (their own chunk). */
function useStudioOverlays(here: string, navigate: Navigate, refreshBus: RefreshBus): void {
  const locationListeners = useRef(new Set<(url: string) => void>());
  const hereRef = useRef(here);
  hereRef.current = here;
  // useNavigate's function changes with the location; the overlays outlive every page.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // The Studio's perspective once it said it (null before): drafts means live preview on. Its own
  // moves (a location it resolved, its address bar) name bare paths, which get it too.
  const studioDrafts = useRef<boolean | null>(null);
  useEffect(() => {
    for (const listener of locationListeners.current) listener(here);
  }, [here]);
  useEffect(() => {
    if (window.self === window.top) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('./visual-editing.ts').then(
      ({ startVisualEditing }) => {
        if (cancelled) return;
        stop = startVisualEditing({
          navigate: (url, replace) =>
            navigateRef.current(studioDrafts.current === null ? url : toggleLivepreview(url, studioDrafts.current), {
              replace,
            }),
          perspective(drafts) {
            studioDrafts.current = drafts;
            const here = hereRef.current;
            if (livepreviewIn(new URL(here, window.location.origin).search) !== drafts)
              navigateRef.current(toggleLivepreview(here, drafts), { replace: true });
          },
          subscribeLocation(listener) {
            locationListeners.current.add(listener);
            listener(hereRef.current);
            return () => locationListeners.current.delete(listener);
          },
          refresh: () => refreshBus.run(),
          refreshMs: DRAFT_REFRESH_DEBOUNCE_MS,
        });
      },
      (err: unknown) => console.error('preview: the click-to-edit overlays could not be loaded', err),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [refreshBus]);
}

export function PreviewApp({ env, first, api, createEventSource, firstPage, refreshBus }: PreviewAppProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const livepreview = livepreviewIn(location.search);
  const perspective = livepreview ? 'drafts' : 'published';
  // The server's data belongs to the first page only: once the editor moved, no page uses it again.
  const firstKey = useRef(location.key);
  const moved = useRef(false);
  if (location.key !== firstKey.current) moved.current = true;
  const isFirst = !moved.current && first !== null;

  const [nav, setNav] = useSessionNav(api, perspective, first, env);
  const schoolsVersion = useSessionChanges({ api, createEventSource, refreshBus }, livepreview, setNav);
  useInAppLinks(navigate);
  useScrollOnMove(moved, location);
  useStudioOverlays(location.pathname + location.search + location.hash, navigate, refreshBus);

  const onRefresher = useCallback((refresh: () => void) => refreshBus.add(refresh), [refreshBus]);
  // The preview has no compare page: '/compare/' is the landing page there, as on its server.
  const route = matchPreviewRoute(location.pathname);
  // Editors move between editions in place: each page renders with its route's catalogue.
  const pageEnv: SiteEnv = isFirst
    ? env
    : { ...env, preview: { livepreview, initial: null }, messages: CATALOGUES[route.lang] };
  return (
    <PreviewRoot
      // A new page (or mode) is a new PreviewRoot: its flows start from nothing, the session's stay.
      key={`${location.pathname}|${livepreview}`}
      route={route}
      env={pageEnv}
      api={api}
      createEventSource={createEventSource}
      // No hash: the server never sees it, and the banner's link must match its render.
      href={location.pathname + location.search}
      initial={isFirst ? first : null}
      firstPage={isFirst ? firstPage : null}
      nav={nav}
      schoolsVersion={schoolsVersion}
      onRefresher={onRefresher}
    />
  );
}
