// PLACEHOLDER (owned by the school-page work): replaced with the full school profile page.
import type { SchoolPageData } from '../lib/types.ts';
import { Layout } from '../components/Layout.tsx';

export function SchoolPage({ data }: { data: SchoolPageData }) {
  if (!data.school) return null;
  return <Layout nav={data.nav}><h1>{data.school.title}</h1></Layout>;
}
