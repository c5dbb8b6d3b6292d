// The pure server render shared by the export and the preview server: the same <App> the browser
// hydrates, with every page kind's component loaded before the first render, because
// renderToString cannot wait for the browser's lazily loaded chunks.
import { renderToString } from 'react-dom/server';
import { App } from '../src/App.tsx';
import {
  dataFits,
  loadPage,
  matchRoute,
  PAGE_KINDS,
  type PageComponent,
  type PageData,
  type PageKindName,
} from '../src/routes.ts';
import type { SiteEnv } from '../src/SiteEnv.tsx';

const kinds = Object.keys(PAGE_KINDS) as PageKindName[];
const PAGES = new Map<PageKindName, PageComponent>(
  await Promise.all(kinds.map(async (k) => [k, await loadPage(k)] as const)),
);

/** The component of a kind's page, loaded (what `render` uses; tests render pages with it too). */
export const pageComponent = (page: PageKindName): PageComponent => PAGES.get(page)!;

/**
 * The app's HTML for `url` (a pathname) with `data`. Throws when the data is for a different
 * page than the route table gives for the url, because the browser would then hydrate a page
 * its address does not describe. (Any path may show the landing page: that is the 404 page.)
 */
export function render(url: string, data: PageData, env: SiteEnv): string {
  if (!dataFits(matchRoute(url), data)) throw new Error(`render: ${data.page} page data does not belong at ${url}`);
  return renderToString(<App data={data} env={env} page={pageComponent(data.page)} />);
}
