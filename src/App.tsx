// The root of the React tree, identical on the server and in the browser: the page of the data's
// kind (src/routes.ts). Each page's component lives in a lazily loaded chunk, so a page loads
// only its own. renderToString cannot wait for React.lazy, so whoever can have the component
// ready passes it in as `page`: the server render loads every kind's before rendering, the
// browser entry loads the page's chunk before hydrateRoot. Both then render the same tree with no
// Suspense boundary, so hydration neither flashes nor mismatches. Without it (a client-only
// render, e.g. the editors' preview) the page is loaded lazily behind Suspense, a blank page meanwhile.
import { lazy, Suspense, type LazyExoticComponent } from 'react';
import { loadPage, type PageComponent, type PageData, type PageKindName } from './routes.ts';
import { SiteEnvProvider, type SiteEnv } from './SiteEnv.tsx';
import { HydrationFlag } from './components/useHydrated.ts';

/** One lazy component per kind, made when first needed and kept: React must see the same one on every render. */
const lazyPages = new Map<PageKindName, LazyExoticComponent<PageComponent>>();
const lazyPage = (page: PageKindName) => {
  let Lazy = lazyPages.get(page);
  if (!Lazy) {
    Lazy = lazy(() => loadPage(page).then((Page) => ({ default: Page })));
    lazyPages.set(page, Lazy);
  }
  return Lazy;
};

interface AppProps {
  data: PageData | null;
  env: SiteEnv;
  /** The page's component, when already loaded (server render, browser after preloading its chunk). */
  page?: PageComponent | null;
}

export function App({ data, env, page: Loaded }: AppProps) {
  let page = null;
  // The component is the data's kind's (loaded by data.page): the one place a page meets its data untyped.
  if (data && Loaded) page = <Loaded data={data as never} />;
  else if (data) {
    const Lazy = lazyPage(data.page);
    page = (
      <Suspense fallback={null}>
        <Lazy data={data as never} />
      </Suspense>
    );
  }
  // The settings travel with the page's data (they are content); components read them from the env.
  const pageEnv = data?.settings ? { ...env, settings: data.settings } : env;
  return (
    <SiteEnvProvider env={pageEnv}>
      <HydrationFlag>{page}</HydrationFlag>
    </SiteEnvProvider>
  );
}
