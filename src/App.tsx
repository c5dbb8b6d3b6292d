// The root of the React tree, identical on the server and in the browser: picks the page for the data.
// The school page is the biggest part of the site and only school pages need it, so in the browser it
// lives in its own lazily loaded chunk. renderToString cannot wait for React.lazy, so whoever can
// have the component ready passes it in as `schoolPage`: the server render imports it statically,
// the browser entry loads the chunk before hydrateRoot. Both then render the same tree with no
// Suspense boundary, so hydration neither flashes nor mismatches. Without it (a client-only render,
// e.g. the editors' preview) the page is loaded lazily behind Suspense, showing a blank page meanwhile.
import { lazy, Suspense, type ComponentType } from 'react';
import type { PageData, SchoolPageData } from './lib/types.ts';
import { loadChunk } from './lib/chunk.ts';
import { SiteEnvProvider, type SiteEnv } from './SiteEnv.tsx';
import { LandingPage } from './pages/LandingPage.tsx';

export type SchoolPageComponent = ComponentType<{ data: SchoolPageData }>;

/** Loads the school page chunk, failing as 'Loading chunk SchoolPage failed' after the chunk timeout. */
export const loadSchoolPage = (): Promise<SchoolPageComponent> =>
  loadChunk('SchoolPage', () => import('./pages/SchoolPage.tsx')).then((m) => m.SchoolPage);

const LazySchoolPage = lazy(() => loadSchoolPage().then((SchoolPage) => ({ default: SchoolPage })));

interface AppProps {
  data: PageData | null;
  env: SiteEnv;
  /** The school page component, when already loaded (server render, browser after preloading). */
  schoolPage?: SchoolPageComponent | null;
}

export function App({ data, env, schoolPage }: AppProps) {
  let page = null;
  if (data?.page === 'school') {
    const SchoolPage = schoolPage;
    page = SchoolPage ? (
      <SchoolPage data={data} />
    ) : (
      <Suspense fallback={null}>
        <LazySchoolPage data={data} />
      </Suspense>
    );
  } else if (data) {
    page = <LandingPage data={data} />;
  }
  return <SiteEnvProvider env={env}>{page}</SiteEnvProvider>;
}
