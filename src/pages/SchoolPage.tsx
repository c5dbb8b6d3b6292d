// One school's profile page: header, sticky numbered section menu, the school's sections and the
// tour section, inside the shared Layout themed with the school's colour. Blank while there is no data.
import { useMemo } from 'react';
import { Layout } from '../components/Layout.tsx';
import { SectionMenu } from '../components/SectionMenu.tsx';
import { SchoolHeader } from '../components/school/SchoolHeader.tsx';
import { SchoolSection } from '../components/school/SchoolSection.tsx';
import { TourSection } from '../components/school/TourSection.tsx';
import { isTourShown, schoolSections, sectionMenuItems } from '../lib/content/sections.ts';
import { useMessages } from '../SiteEnv.tsx';
import { AtAGlance } from '../components/school/AtAGlance.tsx';
import { SchoolEvents } from '../components/school/SchoolEvents.tsx';
import { fallbackLang } from '../lib/content/localize.ts';
import type { NavSchool, PageCommon, School, SchoolGlance } from '../lib/content/types.ts';

export interface SchoolPageData extends PageCommon {
  page: 'school';
  nav: NavSchool[] | null;
  school: School | null;
  /** The school at a glance and its coming events, written for the page's edition (src/lib/facts/school-glance.ts). */
  glance?: SchoolGlance | null;
}

export function SchoolPage({ data }: { data: SchoolPageData }) {
  const school = data.school && typeof data.school === 'object' ? data.school : null;
  const m = useMessages();
  const words = m.school;
  const sections = useMemo(() => schoolSections(school, words), [school, words]);
  const menu = useMemo(() => sectionMenuItems(school, sections, words), [school, sections, words]);
  if (!school) return null;
  // Shown only for a draft that has no title yet, so the page still has an h1.
  const title = (typeof school.title === 'string' ? school.title.trim() : '') || m.school.untitled;
  return (
    <Layout
      nav={data.nav}
      color={school.color}
      place={typeof school.slug === 'string' && school.slug ? { page: 'school', slug: school.slug } : null}
    >
      <article className="school">
        <SchoolHeader school={school} title={title} />
        {data.glance ? <AtAGlance glance={data.glance} /> : null}
        {data.glance && typeof school.slug === 'string' ? (
          <SchoolEvents glance={data.glance} slug={school.slug} lang={fallbackLang(school, 'events')} />
        ) : null}
        <SectionMenu items={menu} numbered label={m.school.sectionsLabel} />
        {sections.map((section) => (
          <SchoolSection key={section.id} section={section} />
        ))}
        {isTourShown(school) ? <TourSection school={school} title={title} /> : null}
      </article>
    </Layout>
  );
}
