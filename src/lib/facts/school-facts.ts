// A school's public facts as one flat record per edition: what the families' decision tools (sort by
// distance, filters, compare) and the open data files (schools.json, schools.csv) need, and nothing
// else, in the edition's language (terms of the vocabulary in that language, the translation's
// texts, and every fact the translation does not give named in `fallback`, shown marked English).
// Pure mapping from the school as the page query reads it, so the export, the tools and the data
// files agree on every fact: a program is exactly a label the school page shows in its tag list.
import { isValidLocation } from '../family-tools/distance.ts';
import { clockTimeOf, isZipCode } from './fact-rules.ts';
import { safeHttpUrl } from '../links.ts';
import { isTourShown, schoolSections, TOUR_HEADING } from '../content/sections.ts';
import { schoolPath } from '../../routes.ts';
import { addressLine, upcomingEvents } from './school-glance.ts';
import { icsKeys } from '../calendar/ics.ts';
import type { GeoPoint, School, TagCategory } from '../content/types.ts';
import { DEFAULT_LANG, type Lang } from '../../i18n/messages.ts';
import { prioritiesOf, resultsOf, supportOf, type FactResult, type FactTerm } from './school-terms.ts';
import { fallbackLang } from '../content/localize.ts';
import { labelToken } from './vocabulary.ts';

export type { FactResult, FactTerm } from './school-terms.ts';

/** The three program categories, in the order the site names them ("Arts", "Athletics", "Clubs"). */
export const PROGRAM_CATEGORIES = ['arts', 'athletics', 'clubs'] as const satisfies readonly TagCategory[];
export type ProgramCategory = (typeof PROGRAM_CATEGORIES)[number];

/** The grid's filter groups: the program categories, then the support programs ("Support"). */
export const FILTER_CATEGORIES = [...PROGRAM_CATEGORIES, 'support'] as const;
export type FilterCategory = (typeof FILTER_CATEGORIES)[number];

/**
 * The labels a school lists in a filter group: the support programs by their vocabulary key (the
 * same in every edition), the tag lists' labels by their token; each with its language where it is
 * not the file's.
 */
export function filterOptions(s: SchoolFacts, category: FilterCategory): FactTerm[] {
  if (category === 'support') return s.supportPrograms ?? [];
  const lang = s.fallback?.includes('programs') ? DEFAULT_LANG : undefined;
  return s.programs[category].map((label) => ({ key: labelToken(label), label, ...(lang ? { lang } : {}) }));
}

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
  /** The edition whose words these are; absent: English. */
  lang?: Lang;
  /**
   * On another edition than English, the facts shown in English (the translation does not give
   * them): 'title', 'transportation', 'beforeAfterCare', 'admissionsNote', 'events', 'quote',
   * 'sections', 'programs' (the tag lists' labels are always the English school's).
   */
  fallback?: string[];
  /** At a glance (absent in a facts file written before they were content): see docs/content-model.md. */
  grades?: string | null;
  enrollment?: number | null;
  address?: string | null;
  /** The address's street line, which an event's location names with the rest of the address. */
  street?: string | null;
  phone?: string | null;
  website?: string | null;
  /** 24-hour "HH:MM" as content holds them. */
  bellTimes?: { start: string | null; end: string | null } | null;
  transportation?: string | null;
  beforeAfterCare?: string | null;
  /** Terms of the district's vocabulary (or typed names), in the edition's language. */
  supportPrograms?: FactTerm[];
  admissions?: { year: number | null; seats: number; applicants: number } | null;
  /** How last year's seats were given; null when the school says nothing of it. */
  admissionsHow?: AdmissionsHow | null;
  /** Key figures, each with its year and source. */
  results?: FactResult[];
  /** The ZIP codes zoned for the school; empty: open to the whole district. */
  zipCodes?: string[];
  /** Tours and open houses not over when the facts were made, soonest first (UTC ISO times). */
  events?: FactEvent[];
  /** When the school last changed: the calendar files' DTSTAMP. */
  updated?: string | null;
  /** The export's record only: each other edition's facts (the facts file of that edition). */
  editions?: Partial<Record<Lang, SchoolFacts>>;
}

export interface AdmissionsHow {
  /** Who was offered a seat first, in order. */
  priorities: FactTerm[];
  /** The other seats were drawn by lottery. */
  lottery: boolean;
  /** Families left on the wait list when offers closed. */
  waitlisted: number | null;
  /** The school's words on what the numbers mean, in `noteLang` when it is not the edition's. */
  note: string | null;
  noteLang?: Lang;
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

/** How last year's seats were given, or null when the school says nothing of it. */
function admissionsHow(school: School, lang: Lang): AdmissionsHow | null {
  const adm = obj(school.admissions);
  const priorities = prioritiesOf(school, lang);
  const waitlisted = whole(adm.waitlisted);
  const note = orNull(school.admissionsNote);
  const noteLang = note ? fallbackLang(school, 'admissionsNote') : undefined;
  if (!priorities.length && adm.lottery !== true && waitlisted === null && !note) return null;
  return { priorities, lottery: adm.lottery === true, waitlisted, note, ...(noteLang ? { noteLang } : {}) };
}

/** What families decide by, as the facts file and the open data carry it. */
function glanceFacts(school: School, now: number, lang: Lang): Partial<SchoolFacts> {
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
    street: orNull(obj(s.address).street),
    phone: orNull(s.phone),
    website: safeHttpUrl(s.website),
    bellTimes:
      clockTimeOf(bell.start) || clockTimeOf(bell.end)
        ? { start: clockTimeOf(bell.start), end: clockTimeOf(bell.end) }
        : null,
    transportation: orNull(s.transportation),
    beforeAfterCare: orNull(s.beforeAfterCare),
    supportPrograms: supportOf(school, lang),
    admissions: seats !== null && applicants !== null ? { year: whole(adm.year), seats, applicants } : null,
    admissionsHow: admissionsHow(school, lang),
    results: resultsOf(school, lang),
    zipCodes: strings(s.attendanceZipCodes).filter(isZipCode),
    events,
    updated: orNull(s._updatedAt),
  };
}

/** Which of the school's translatable fields a facts file names, by the facts' own names. */
const FALLBACK_FACTS: Record<string, string> = {
  title: 'title',
  transportation: 'transportation',
  beforeAfterCare: 'beforeAfterCare',
  admissionsNote: 'admissionsNote',
  events: 'events',
  featuredQuote: 'quote',
  sectionRepeater: 'sections',
};

/**
 * The school's facts in `lang`'s edition (`school` localised for it; `english`, the English school,
 * gives the tag lists' programs, which the filters name in English in every edition); null for a
 * school without a slug or title (it has no page to point at).
 */
export function schoolFacts(
  school: School,
  now: number = Date.now(),
  lang: Lang = DEFAULT_LANG,
  english: School = school,
): SchoolFacts | null {
  const slug = text(english.slug);
  const title = text(school.title) || text(english.title);
  if (!slug || !title) return null;
  const quoteText = text(school.featuredQuote?.quote);
  const sections = schoolSections(school).map((s) => s.title);
  const tourShown = isTourShown(school);
  if (tourShown && text(school.tourTitle)) sections.push(TOUR_HEADING);
  const fallback =
    lang === DEFAULT_LANG
      ? []
      : [...(school._fallback ?? []).flatMap((f) => (FALLBACK_FACTS[f] ? [FALLBACK_FACTS[f]] : [])), 'programs'];
  return {
    id: school._id,
    slug,
    title,
    path: schoolPath(slug),
    type: school.isCharter === true ? 'charter' : 'district',
    location: isValidLocation(school.location) ? { lat: school.location.lat, lng: school.location.lng } : null,
    programs: schoolPrograms(english),
    quote: quoteText
      ? { text: quoteText, student: orNull(school.featuredQuote?.student), year: orNull(school.featuredQuote?.year) }
      : null,
    sections,
    tour: tourShown ? { title: text(school.tourTitle) || TOUR_HEADING, url: safeHttpUrl(school.tourLink) } : null,
    ...(lang === DEFAULT_LANG ? {} : { lang }),
    ...(fallback.length ? { fallback } : {}),
    ...glanceFacts(school, now, lang),
  };
}

/** The facts of `lang`'s edition from the export's record (its English facts with the other editions'). */
export function factsIn(facts: SchoolFacts, lang: Lang): SchoolFacts {
  const { editions, ...english } = facts;
  return lang === DEFAULT_LANG ? english : (editions?.[lang] ?? english);
}
