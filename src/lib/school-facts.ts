// A school's public facts as one flat record: what the families' decision tools (sort by distance,
// filters, compare) and the open data files (schools.json, schools.csv) need, and nothing else.
// Pure mapping from the school as the page query reads it, so the export, the tools and the data
// files agree on every fact: a program is exactly a label the school page shows in its tag list.
import { isValidLocation } from './distance.ts';
import { clockTimeOf, isZipCode } from './fact-rules.ts';
import { safeHttpUrl } from './links.ts';
import { isTourShown, schoolSections, TOUR_HEADING } from './sections.ts';
import { schoolPath } from '../routes.ts';
import { addressLine, upcomingEvents } from './school-glance.ts';
import { icsKeys } from './ics.ts';
import type { GeoPoint, School, TagCategory } from './types.ts';

/** The three program categories, in the order the site names them ("Arts", "Athletics", "Clubs"). */
export const PROGRAM_CATEGORIES = ['arts', 'athletics', 'clubs'] as const satisfies readonly TagCategory[];
export type ProgramCategory = (typeof PROGRAM_CATEGORIES)[number];

/** The grid's filter groups: the program categories, then the support programs ("Support"). */
export const FILTER_CATEGORIES = [...PROGRAM_CATEGORIES, 'support'] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

/** The labels a school lists in a filter group. */
export const filterLabels = (s: SchoolFacts, category: FilterCategory): string[] =>
  category === 'support' ? (s.supportPrograms ?? []) : s.programs[category];

export type SchoolType = 'district' | 'charter';

export interface SchoolFacts {
  id: string;
  slug: string;
  title: string;
  /** The school page's address, root-relative ('/schools/{slug}'). */
  path: string;
  type: SchoolType;
  location: GeoPoint | null;
  /** The labels each category's tag list shows on the school page, trimmed, de-duplicated, in page order. */
  programs: Record<ProgramCategory, string[]>;
  /** The featured quote's text and who said it, when the school page shows one. */
  quote: { text: string; student: string | null; year: string | null } | null;
  /** The titles of the sections the school page offers, in page order (the tour section last). */
  sections: string[];
  /** The tour, when the school page shows the tour section. */
  tour: { title: string; url: string | null } | null;
  /** At a glance (absent in a facts file written before they were content): see docs/content-model.md. */
  grades?: string | null;
  enrollment?: number | null;
  address?: string | null;
  phone?: string | null;
  website?: string | null;
  /** 24-hour "HH:MM" as content holds them. */
  bellTimes?: { start: string | null; end: string | null } | null;
  transportation?: string | null;
  beforeAfterCare?: string | null;
  supportPrograms?: string[];
  admissions?: { year: number | null; seats: number; applicants: number } | null;
  /** The ZIP codes zoned for the school; empty: open to the whole district. */
  zipCodes?: string[];
  /** Tours and open houses not over when the facts were made, soonest first (UTC ISO times). */
  events?: FactEvent[];
  /** When the school last changed: the calendar files' DTSTAMP. */
  updated?: string | null;
}

export interface FactEvent {
  key: string;
  title: string;
  start: string;
  end: string;
  location: string | null;
  url: string | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown): string | null => text(v) || null;

/** The tag list a `tagList` block shows: the one for its category (content model, tagList). */
const TAG_FIELD: Record<ProgramCategory, 'visualPerformingArtsTags' | 'athleticsTags' | 'clubsTags'> = {
  arts: 'visualPerformingArtsTags',
  athletics: 'athleticsTags',
  clubs: 'clubsTags',
};

const isCategory = (v: unknown): v is ProgramCategory =>
  typeof v === 'string' && (PROGRAM_CATEGORIES as readonly string[]).includes(v);

/** Every program label the school page shows, by category. */
export function schoolPrograms(school: School): Record<ProgramCategory, string[]> {
  const programs: Record<ProgramCategory, string[]> = { arts: [], athletics: [], clubs: [] };
  const seen = new Set<string>();
  for (const section of schoolSections(school)) {
    for (const block of section.blocks) {
      if (block._type !== 'tagList') continue;
      const category = (block as { tagCategory?: unknown }).tagCategory;
      if (!isCategory(category)) continue;
      const tags = (block as Record<string, unknown>)[TAG_FIELD[category]];
      if (!Array.isArray(tags)) continue;
      for (const tag of tags) {
        const label = text((tag as { label?: unknown } | null)?.label);
        const key = `${category}\0${label.toLowerCase()}`;
        if (label === '' || seen.has(key)) continue;
        seen.add(key);
        programs[category].push(label);
      }
    }
  }
  return programs;
}

const whole = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

/** What families decide by, as the facts file and the open data carry it. */
function glanceFacts(school: School, now: number): Partial<SchoolFacts> {
  const s = school as School & Record<string, unknown>;
  const bell = obj(s.bellTimes);
  const adm = obj(s.admissions);
  const [seats, applicants] = [whole(adm.seats), whole(adm.applicants)];
  const upcoming = upcomingEvents(s.events, now);
  // Safe in the event's calendar file name and UID.
  const keys = icsKeys(
    upcoming.map((e) => text(e._key)),
    'event',
  );
  const events = upcoming.map((e, i) => ({
    key: keys[i]!,
    title: text(e.title),
    start: e.start,
    end: e.end,
    location: orNull(e.location),
    url: safeHttpUrl(e.url),
  }));
  const strings = (v: unknown) => (Array.isArray(v) ? [...new Set(v.map(text).filter(Boolean))] : []);
  return {
    grades: orNull(s.grades),
    enrollment: whole(s.enrollment),
    address: addressLine(s.address) || null,
    phone: orNull(s.phone),
    website: safeHttpUrl(s.website),
    bellTimes:
      clockTimeOf(bell.start) || clockTimeOf(bell.end)
        ? { start: clockTimeOf(bell.start), end: clockTimeOf(bell.end) }
        : null,
    transportation: orNull(s.transportation),
    beforeAfterCare: orNull(s.beforeAfterCare),
    supportPrograms: strings(s.supportPrograms),
    admissions: seats !== null && applicants !== null ? { year: whole(adm.year), seats, applicants } : null,
    zipCodes: strings(s.attendanceZipCodes).filter(isZipCode),
    events,
    updated: orNull(s._updatedAt),
  };
}

/** The school's facts; null for a school without a slug or title (it has no page to point at). */
export function schoolFacts(school: School, now: number = Date.now()): SchoolFacts | null {
  const slug = text(school.slug);
  const title = text(school.title);
  if (!slug || !title) return null;
  const quoteText = text(school.featuredQuote?.quote);
  const sections = schoolSections(school).map((s) => s.title);
  const tourShown = isTourShown(school);
  if (tourShown && text(school.tourTitle)) sections.push(TOUR_HEADING);
  return {
    id: school._id,
    slug,
    title,
    path: schoolPath(slug),
    type: school.isCharter === true ? 'charter' : 'district',
    location: isValidLocation(school.location) ? { lat: school.location.lat, lng: school.location.lng } : null,
    programs: schoolPrograms(school),
    quote: quoteText
      ? { text: quoteText, student: orNull(school.featuredQuote?.student), year: orNull(school.featuredQuote?.year) }
      : null,
    sections,
    tour: tourShown ? { title: text(school.tourTitle) || TOUR_HEADING, url: safeHttpUrl(school.tourLink) } : null,
    ...glanceFacts(school, now),
  };
}
