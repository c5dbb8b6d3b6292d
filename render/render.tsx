// The pure server render shared by the export (and anything else that needs a page's HTML): the
// same <App> the browser hydrates, with the school and compare pages imported statically because
// renderToString cannot wait for the browser's lazily loaded chunk.
import { renderToString } from 'react-dom/server';
import { App } from '../src/App.tsx';
import { SchoolPage } from '../src/pages/SchoolPage.tsx';
import { ComparePage } from '../src/pages/ComparePage.tsx';
import { LandingPage } from '../src/pages/LandingPage.tsx';
import { SchoolList } from '../src/components/SchoolList.tsx';
import { matchRoute } from '../src/routes.ts';
import type { NavSchool, PageData } from '../src/lib/content/types.ts';
import { SiteEnvProvider, type SiteEnv } from '../src/SiteEnv.tsx';

/** The navigation's school list alone, as the menus show it (the export collects its image variants). */
export function renderSchoolList(nav: NavSchool[], env: SiteEnv, className?: string): string {
  return renderToString(
    <SiteEnvProvider env={env}>
      <SchoolList nav={nav} className={className} />
    </SiteEnvProvider>,
  );
}

/**
 * The app's HTML for `url` (a pathname) with `data`. Throws when the data is for a different
 * page than the route table gives for the url, because the browser would then hydrate a page
 * its address does not describe. (Any path may show the landing page: that is the 404 page.)
 */
export function render(url: string, data: PageData, env: SiteEnv): string {
  const route = matchRoute(url);
  if (
    data.page === 'school' &&
    (route.page !== 'school' || (data.school?.slug != null && data.school.slug !== route.slug))
  ) {
    throw new Error(`render: school data for ${JSON.stringify(data.school?.slug)} does not belong at ${url}`);
  }
  if (data.page === 'compare' && route.page !== 'compare')
    throw new Error(`render: compare data does not belong at ${url}`);
  return renderToString(
    <App data={data} env={env} schoolPage={SchoolPage} comparePage={ComparePage} landingPage={LandingPage} />,
  );
}
