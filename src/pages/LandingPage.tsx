// The guide's landing page: hero, section menu, advantage, testimonial, academics and the grid of
// schools. The words are the editors' landingPage document (src/lib/content/landing-copy.ts), neutral
// built-in headings where it has none; a section with nothing of the district's to show is left
// out, with its menu entry. The data brings them with the schools.
import { useEffect, useRef } from 'react';
import { HowToApply } from '../components/landing/HowToApply.tsx';
import { ZipFinder } from '../components/landing/ZipFinder.tsx';
import { LANDING_SECTIONS } from '../config/site.ts';
import { useMessages } from '../SiteEnv.tsx';
import { scrollToId } from '../lib/scroll.ts';
import { layoutSettled } from '../lib/final-layout.ts';
import { Layout } from '../components/Layout.tsx';
import { SectionMenu } from '../components/SectionMenu.tsx';
import { LandingHero } from '../components/landing/LandingHero.tsx';
import { AdvantageSection } from '../components/landing/AdvantageSection.tsx';
import { TestimonialBanner } from '../components/landing/TestimonialBanner.tsx';
import { AcademicSection } from '../components/landing/AcademicSection.tsx';
import { SchoolGrid } from '../components/landing/SchoolGrid.tsx';
import { hasAcademics, hasAdvantage } from '../lib/content/landing-copy.ts';
import type { GridMore, LandingCard, NavSchool, PageCommon, TagCategory, ZipFinderData } from '../lib/content/types.ts';
import type { LandingCopy } from '../lib/content/landing-copy.ts';

export interface LandingPageData extends PageCommon {
  page: 'landing';
  nav: NavSchool[] | null;
  /** The grid's cards: every school, or the first ones when `more` says there are others. */
  cards: LandingCard[];
  /** The grid shows its first cards only (a district-sized list): the rest are on the all-schools page. */
  more?: GridMore | null;
  /** The landing page's words (src/lib/content/landing-copy.ts): the editors', or the built-in copy of the page's language. */
  copy: LandingCopy;
  /** "Find schools by ZIP code": the district's ZIP pages (absent: the district has none). */
  zipFinder?: ZipFinderData | null;
  /** "How to apply": its words and the calendar file of the application dates (absent: no timeline). */
  timeline?: { heading: string; addAll: string; src: string | null } | null;
  /**
   * URL of the schools' public facts (src/lib/facts/school-facts.ts) as one content-hashed JSON file,
   * which the grid's tools load when first used; absent where no such file exists (the preview).
   */
  factsSrc?: string | null;
  /**
   * The program categories the grid's tools will list, so the page draws their panel at its final
   * height before the facts file has loaded; absent: none.
   */
  programGroups?: (TagCategory | 'support')[] | null;
}

const [ADVANTAGE_ID, ACADEMICS_ID, OPTIONS_ID] = LANDING_SECTIONS.map((s) => s.id) as [string, string, string];

/** The landing section named by the address's hash, or null. */
export function landingSectionFromHash(hash: string): string | null {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null;
  }
  return LANDING_SECTIONS.some((s) => s.id === id) ? id : null;
}

/**
 * Scrolls once to the section in the address's hash when the page has its data and its sticky
 * bars their final height (they are measured then, which the browser's own jump does not allow for).
 */
function useHashScroll(ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const id = landingSectionFromHash(window.location.hash);
    if (id) void layoutSettled().then(() => scrollToId(id));
  }, [ready]);
}

export function LandingPage({ data }: { data: LandingPageData }) {
  useHashScroll(Array.isArray(data.cards));
  const m = useMessages();
  const copy = data.copy;
  const titles = copy.sectionTitles;
  const advantage = hasAdvantage(copy);
  const academics = hasAcademics(copy);
  const menu = [
    ...(advantage ? [{ id: ADVANTAGE_ID, title: titles.advantage }] : []),
    ...(academics ? [{ id: ACADEMICS_ID, title: titles.academics }] : []),
    { id: OPTIONS_ID, title: titles.options },
  ];
  return (
    <Layout nav={data.nav}>
      <LandingHero copy={copy} />
      <SectionMenu items={menu} label={m.sectionMenuLabel} />
      {advantage ? <AdvantageSection id={ADVANTAGE_ID} copy={copy} /> : null}
      <TestimonialBanner copy={copy} />
      {academics ? <AcademicSection id={ACADEMICS_ID} copy={copy} /> : null}
      {data.timeline ? (
        <HowToApply copy={copy} heading={data.timeline.heading} addAll={data.timeline.addAll} src={data.timeline.src} />
      ) : null}
      {data.zipFinder?.zips.length ? <ZipFinder finder={data.zipFinder} /> : null}
      <SchoolGrid
        id={OPTIONS_ID}
        cards={data.cards}
        more={data.more}
        factsSrc={data.factsSrc}
        programGroups={data.programGroups}
        copy={copy}
        zips={data.zipFinder}
      />
    </Layout>
  );
}
