// The words of the facts families decide by: a school at a glance, its tours and open houses, the
// landing page's application timeline and the pages by ZIP code. The export and the preview
// server write them into each page's data (src/lib/facts/school-glance.ts, src/build/zip-pages.ts), so no
// browser catalogue carries them.
import type { FactRowWords } from '../../lib/content/types.ts';

export interface FamilyWords {
  /** A school at a glance, its tours and open houses (src/lib/facts/school-glance.ts). */
  glance: {
    heading: string;
    grades: string;
    enrollment: string;
    students: (n: number) => string;
    address: string;
    /** Visually hidden after the address link: where it goes. */
    mapNote: string;
    phone: string;
    website: string;
    bellTimes: string;
    transportation: string;
    care: string;
    support: string;
    admissionsLabel: string;
    lastYear: (seats: number, applicants: number) => string;
    /** How last year's seats were given: the priorities in order, a lottery, the wait list. */
    howSeats: string;
    prioritiesIntro: string;
    thenLottery: string;
    lottery: string;
    waitlisted: (n: number) => string;
    results: string;
    source: string;
    events: string;
    addToCalendar: string;
    addAllToCalendar: string;
    details: string;
  };
  /** The compare table's rows of these facts; `lastYear` holds {seats} and {applicants}. */
  compare: FactRowWords;
  /** The landing page's enrollment timeline. */
  timeline: { heading: string; addAll: string };
  /** The page listing every school, and the landing grid's link to it when it shows only the first ones. */
  allSchools: {
    title: string;
    /** `n` schools in all, `other` of them in the group the grid hides. */
    intro: (n: number, other: number) => string;
    other: string;
    seeAll: (n: number) => string;
    back: string;
  };
  /** The pages by ZIP code and the landing page's finder. */
  /** The pages of a long list (every school, a ZIP code's schools): its further pages and the way between them. */
  pager: {
    label: string;
    prev: string;
    next: string;
    /** "Page 2 of 5": where the visitor is, and the pages' titles after the list's own. */
    status: (n: number, of: number) => string;
  };
  zip: {
    finder: string;
    finderIntro: string;
    label: string;
    go: string;
    unknown: (zip: string) => string;
    /** Nothing typed, and something that is not five digits ("{zip}" is what was typed). */
    empty: string;
    notZip: (zip: string) => string;
    /** The grid's "Sort by distance" when the visitor's location is refused: from a ZIP code instead. */
    sortIntro: string;
    sortGo: string;
    sorted: (zip: string) => string;
    sortUnknown: (zip: string) => string;
    title: (zip: string) => string;
    intro: (zip: string) => string;
    zoned: (n: number) => string;
    open: string;
    other: string;
    otherIntro: string;
    noZoned: string;
    fromCentre: (miles: number) => string;
    back: string;
  };
}
