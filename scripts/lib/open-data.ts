// schools.json and schools.csv: the schools' public facts as open data families, journalists and
// other district tools can reuse, written beside the pages by every export, once per edition in
// its language (es/schools.csv: the Spanish facts file's words). The columns and keys keep their
// names in every edition, so one tool reads either file.
// The CSV opens in any spreadsheet: one row per school, lists joined by "; ", and text cells
// that a spreadsheet would run as a formula are defused, since school titles are typed by many hands.
import type { Lang } from '../../src/i18n/messages.ts';
import { openDataFile } from '../../src/lib/facts/open-data-files.ts';
import type { ProgramCategory, SchoolFacts, SchoolType } from '../../src/lib/facts/school-facts.ts';
import { pageHref, schoolPath } from '../../src/routes.ts';

/** An edition's open data files (relative to the export root). */
export const openDataFiles = (lang: Lang) => ({ json: openDataFile(lang, 'json'), csv: openDataFile(lang, 'csv') });

/** A result as the open data carry it: the figure with its year and source. */
export interface OpenResult {
  measure: string;
  value: string;
  year: string;
  source: string;
  sourceUrl: string | null;
}

/** One school as the open data files carry it. */
export interface OpenSchool {
  name: string;
  slug: string;
  url: string;
  type: SchoolType;
  latitude: number | null;
  longitude: number | null;
  programs: Record<ProgramCategory, string[]>;
  tourLink: string | null;
  grades: string | null;
  enrollment: number | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  /** 24-hour "HH:MM". */
  bellTimes: { start: string | null; end: string | null } | null;
  transportation: string | null;
  beforeAfterCare: string | null;
  supportPrograms: string[];
  admissions: { year: number | null; seats: number; applicants: number } | null;
  /** How last year's seats were given: priorities in order, a lottery, families left waiting, the school's words. */
  admissionsPriorities: string[];
  admissionsLottery: boolean | null;
  admissionsWaitlisted: number | null;
  admissionsNote: string | null;
  results: OpenResult[];
  /** The ZIP codes zoned for the school; empty: open to the whole district. */
  zipCodes: string[];
  /** The soonest tour or open house not over at export: title and start (UTC ISO). */
  nextEvent: { title: string; start: string } | null;
}

/**
 * Where a school's page is: absolute with the site URL (data leaves the site), else the path
 * under the site's root, which is all an export without --site-url knows.
 */
export function openSchools(
  facts: readonly SchoolFacts[],
  site: { siteUrl: string | null; root: string },
  lang?: Lang,
): OpenSchool[] {
  return facts.map((f) => {
    // The school's page in the file's edition.
    const path = lang ? schoolPath(f.slug, lang) : f.path;
    return openSchool(f, site.siteUrl ? site.siteUrl + path : pageHref(site.root, path));
  });
}

function openSchool(f: SchoolFacts, url: string): OpenSchool {
  const how = f.admissionsHow ?? null;
  return {
    name: f.title,
    slug: f.slug,
    url,
    type: f.type,
    latitude: f.location?.lat ?? null,
    longitude: f.location?.lng ?? null,
    programs: f.programs,
    tourLink: f.tour?.url ?? null,
    grades: f.grades ?? null,
    enrollment: f.enrollment ?? null,
    address: f.address ?? null,
    phone: f.phone ?? null,
    website: f.website ?? null,
    bellTimes: f.bellTimes ?? null,
    transportation: f.transportation ?? null,
    beforeAfterCare: f.beforeAfterCare ?? null,
    supportPrograms: (f.supportPrograms ?? []).map((t) => t.label),
    admissions: f.admissions ?? null,
    admissionsPriorities: how?.priorities.map((t) => t.label) ?? [],
    admissionsLottery: how ? how.lottery : null,
    admissionsWaitlisted: how?.waitlisted ?? null,
    admissionsNote: how?.note ?? null,
    results: (f.results ?? []).map((r) => ({
      measure: r.measure.label,
      value: r.value,
      year: r.year,
      source: r.source,
      sourceUrl: r.sourceUrl,
    })),
    zipCodes: f.zipCodes ?? [],
    nextEvent: f.events?.[0] ? { title: f.events[0].title, start: f.events[0].start } : null,
  };
}

export function openDataJson(schools: readonly OpenSchool[]): string {
  return `${JSON.stringify({ schools }, null, 2)}\n`;
}

const CSV_COLUMNS = [
  'name',
  'slug',
  'url',
  'type',
  'latitude',
  'longitude',
  'arts',
  'athletics',
  'clubs',
  'tour_link',
  'grades',
  'enrollment',
  'address',
  'phone',
  'website',
  'bell_start',
  'bell_end',
  'transportation',
  'before_after_care',
  'support_programs',
  'admissions_year',
  'admissions_seats',
  'admissions_applicants',
  'zip_codes',
  'next_event',
  'next_event_start',
  'admissions_priorities',
  'admissions_lottery',
  'admissions_waitlisted',
  'admissions_note',
  'results',
] as const;

/**
 * What makes a spreadsheet evaluate a cell (CSV injection): = + - @ or a tab or return first, also
 * in their fullwidth forms (＝ ＋ － ＠), which some spreadsheets read as the ASCII ones.
 */
const FORMULA_LEAD = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

/**
 * A formula lead after a character some spreadsheet splits on (comma, semicolon, tab, line break),
 * spaces allowed between. A quote in the middle of a field is an ordinary character to a spreadsheet
 * splitting on the other separator, so quoting alone does not keep `https://x/;=HYPERLINK(1)` in
 * one cell there: the text after the semicolon starts a cell of its own.
 */
const LEAD_AFTER_SEPARATOR = /([,;\t\r\n][ \t]*)(?=[=+\-@\uff1d\uff0b\uff0d\uff20])/g;

/**
 * A text cell: a formula lead first, or after any separator, gets an apostrophe before it, so no
 * cell starts with one whichever separator the spreadsheet picks; a cell holding quotes, line
 * breaks, a formula lead or either separator is quoted (RFC 4180).
 */
function textCell(value: string): string {
  const lead = FORMULA_LEAD.test(value);
  const safe = (lead ? `'${value}` : value).replace(LEAD_AFTER_SEPARATOR, "$1'");
  return lead || /[",;\r\n\t]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const numberCell = (n: number | null): string => (n === null ? '' : String(n));

/** RFC 4180 with CRLF line ends and a header row. */
export function openDataCsv(schools: readonly OpenSchool[]): string {
  const rows = schools.map((s) =>
    [
      textCell(s.name),
      textCell(s.slug),
      textCell(s.url),
      s.type,
      numberCell(s.latitude),
      numberCell(s.longitude),
      textCell(s.programs.arts.join('; ')),
      textCell(s.programs.athletics.join('; ')),
      textCell(s.programs.clubs.join('; ')),
      textCell(s.tourLink ?? ''),
      textCell(s.grades ?? ''),
      numberCell(s.enrollment),
      textCell(s.address ?? ''),
      textCell(s.phone ?? ''),
      textCell(s.website ?? ''),
      textCell(s.bellTimes?.start ?? ''),
      textCell(s.bellTimes?.end ?? ''),
      textCell(s.transportation ?? ''),
      textCell(s.beforeAfterCare ?? ''),
      textCell(s.supportPrograms.join('; ')),
      numberCell(s.admissions?.year ?? null),
      numberCell(s.admissions?.seats ?? null),
      numberCell(s.admissions?.applicants ?? null),
      textCell(s.zipCodes.join('; ')),
      textCell(s.nextEvent?.title ?? ''),
      textCell(s.nextEvent?.start ?? ''),
      textCell(s.admissionsPriorities.join('; ')),
      s.admissionsLottery === null ? '' : String(s.admissionsLottery),
      numberCell(s.admissionsWaitlisted),
      textCell(s.admissionsNote ?? ''),
      // Each figure with its year and source, as the pages show it.
      textCell(s.results.map((r) => `${r.measure}: ${r.value} (${r.year}; ${r.source})`).join('; ')),
    ].join(','),
  );
  // A UTF-8 byte order mark first: without it Excel reads the file as ANSI and garbles accents.
  return `\uFEFF${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
