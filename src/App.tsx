// The root of the React tree, identical on the server and in the browser: picks the page for the data.
import type { PageData } from './lib/types.ts';
import { SiteEnvProvider, type SiteEnv } from './SiteEnv.tsx';
import { LandingPage } from './pages/LandingPage.tsx';
import { SchoolPage } from './pages/SchoolPage.tsx';

export function App({ data, env }: { data: PageData | null; env: SiteEnv }) {
  return (
    <SiteEnvProvider env={env}>
      {data === null ? null : data.page === 'school' ? <SchoolPage data={data} /> : <LandingPage data={data} />}
    </SiteEnvProvider>
  );
}
