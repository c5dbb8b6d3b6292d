// The root of the React tree, identical on the server and in the browser: picks the page for the data.
// The school page is the biggest part of the site and only school pages need it, so in the browser it
// lives in its own lazily loaded chunk. renderToString cannot wait for React.lazy, so whoever can
// have the component ready passes it in as `schoolPage`: the server render imports it statically,
// the browser entry loads the chunk before hydrateRoot. Both then render the same tree with no
// Suspense boundary, so hydration neither flashes nor mismatches. Without it (a client-only render,
// e.g. the editors' preview) the page is loaded lazily behind Suspense, showing a blank page meanwhile.
// The compare page works the same way with its own chunk (`comparePage`), and so does the landing
// page (`landingPage`): in the entry it made every school page load the landing's grid, hero and
// sections too (~3 KB gzip, which put the school page over its 95 KB first-load budget).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type {
  AllSchoolsPageData,
  ComparePageData,
  LandingPageData,
  PageData,
  SchoolPageData,
  ZipPageData,
} from './lib/content/types.ts';
import { loadChunk } from './lib/chunk.ts';
import { SiteEnvProvider, type SiteEnv } from './SiteEnv.tsx';
import { HydrationFlag } from './components/useHydrated.ts';

export type SchoolPageComponent = ComponentType<{ data: SchoolPageData }>;

/** Loads the school page chunk, failing as 'Loading chunk SchoolPage failed' after the chunk timeout. */
export const loadSchoolPage = (): Promise<SchoolPageComponent> =>
  loadChunk('SchoolPage', () => import('./pages/SchoolPage.tsx')).then((m) => m.SchoolPage);

const LazySchoolPage = lazy(() => loadSchoolPage().then((SchoolPage) => ({ default: SchoolPage })));

export type LandingPageComponent = ComponentType<{ data: LandingPageData | ZipPageData | AllSchoolsPageData }>;

/** Loads the landing page chunk, failing as 'Loading chunk LandingPage failed' after the chunk timeout. */
export const loadLandingPage = (): Promise<LandingPageComponent> =>
  loadChunk('LandingPage', () => import('./pages/LandingPage.tsx')).then((m) => m.LandingPage);

const LazyLandingPage = lazy(() => loadLandingPage().then((LandingPage) => ({ default: LandingPage })));

export type ComparePageComponent = ComponentType<{ data: ComparePageData }>;

/** Loads the compare page chunk, failing as 'Loading chunk ComparePage failed' after the chunk timeout. */
export const loadComparePage = (): Promise<ComparePageComponent> =>
  loadChunk('ComparePage', () => import('./pages/ComparePage.tsx')).then((m) => m.ComparePage);

const LazyComparePage = lazy(() => loadComparePage().then((ComparePage) => ({ default: ComparePage })));

interface AppProps {
  data: PageData | null;
  env: SiteEnv;
  /** The school page component, when already loaded (server render, browser after preloading). */
  schoolPage?: SchoolPageComponent | null;
  /** The compare page component, when already loaded (as `schoolPage`). */
  comparePage?: ComparePageComponent | null;
  /** The landing page component, when already loaded (as `schoolPage`). */
  landingPage?: LandingPageComponent | null;
}

/** The page's component when it is already loaded, else its chunk, loaded lazily behind Suspense. */
function pageElement<D>(
  Loaded: ComponentType<{ data: D }> | null | undefined,
  Lazy: LazyExoticComponent<ComponentType<{ data: D }>>,
  data: D,
) {
  return Loaded ? (
    <Loaded data={data} />
  ) : (
    <Suspense fallback={null}>
      <Lazy data={data} />
    </Suspense>
  );
}

export function App({ data, env, schoolPage, comparePage, landingPage }: AppProps) {
  let page = null;
  if (data?.page === 'school') page = pageElement(schoolPage, LazySchoolPage, data);
  else if (data?.page === 'compare') page = pageElement(comparePage, LazyComparePage, data);
  else if (data) page = pageElement(landingPage, LazyLandingPage, data);
  // The settings travel with the page's data (they are content); components read them from the env.
  const pageEnv = data?.settings ? { ...env, settings: data.settings } : env;
  return (
    <SiteEnvProvider env={pageEnv}>
      <HydrationFlag>{page}</HydrationFlag>
    </SiteEnvProvider>
  );
}
