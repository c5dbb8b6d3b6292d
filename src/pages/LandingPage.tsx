// PLACEHOLDER (owned by the landing-page work): replaced with the full guide landing page.
import type { LandingPageData } from '../lib/types.ts';
import { Layout } from '../components/Layout.tsx';

export function LandingPage({ data }: { data: LandingPageData }) {
  return <Layout nav={data.nav}><h1>Guide to Middle School Options</h1></Layout>;
}
