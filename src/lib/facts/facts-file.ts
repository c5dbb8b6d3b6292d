// The schools' facts file (school-facts.<hash>.json, the export's one JSON array of SchoolFacts) as
// the browser reads it: fetched once per page however many tools ask, and checked entry by entry,
// because a file on a static host can be stale, truncated or edited by hand. An entry the tools
// could not use is dropped; a file that cannot be read at all yields an error the caller logs.
import { isValidLocation } from '../family-tools/distance.ts';
import { loadJsonOnce } from '../json-file.ts';
import { isSafeSlug } from '../slug.ts';
import {
  PROGRAM_CATEGORIES,
  type FactResult,
  type FactTerm,
  type ProgramCategory,
  type SchoolFacts,
} from './school-facts.ts';
import { LANGS, type Lang } from '../../i18n/messages.ts';

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter(isText).map((s) => s.trim()) : []);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

function bellTimes(v: unknown): SchoolFacts['bellTimes'] {
  const b = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  const [start, end] = [b.start, b.end].map((t) => (typeof t === 'string' && HHMM.test(t) ? t : null));
  return start || end ? { start: start ?? null, end: end ?? null } : null;
}

function admissions(v: unknown): SchoolFacts['admissions'] {
  const a = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  const [seats, applicants] = [count(a.seats), count(a.applicants)];
  return seats !== null && applicants !== null ? { year: count(a.year), seats, applicants } : null;
}

const langOf = (v: unknown): Lang | undefined => LANGS.find((l) => l === v);
const withLang = (v: unknown): { lang?: Lang } => (langOf(v) ? { lang: langOf(v) } : {});
const TOKEN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

/** Terms with a usable key (a filter token) and label. */
function terms(v: unknown): FactTerm[] {
  return (Array.isArray(v) ? v : []).flatMap((t) => {
    const r = t && typeof t === 'object' ? (t as Record<string, unknown>) : {};
    return isText(r.key) && TOKEN.test(r.key) && isText(r.label)
      ? [{ key: r.key, label: r.label.trim(), ...withLang(r.lang) }]
      : [];
  });
}

/** Results with every part a reader needs: a figure without its year or source is left out. */
function results(v: unknown): FactResult[] {
  return (Array.isArray(v) ? v : []).flatMap((x) => {
    const r = x && typeof x === 'object' ? (x as Record<string, unknown>) : {};
    const [measure] = terms([r.measure]);
    if (!measure || !isText(r.value) || !isText(r.year) || !isText(r.source)) return [];
    return [
      {
        measure,
        value: r.value,
        year: r.year,
        source: r.source,
        ...(langOf(r.sourceLang) ? { sourceLang: langOf(r.sourceLang) } : {}),
        sourceUrl: isText(r.sourceUrl) ? r.sourceUrl : null,
      },
    ];
  });
}

function admissionsHow(v: unknown): SchoolFacts['admissionsHow'] {
  if (!v || typeof v !== 'object') return null;
  const a = v as Record<string, unknown>;
  const how = {
    priorities: terms(a.priorities),
    lottery: a.lottery === true,
    waitlisted: count(a.waitlisted),
    note: isText(a.note) ? a.note : null,
    ...(langOf(a.noteLang) ? { noteLang: langOf(a.noteLang) } : {}),
  };
  return how.priorities.length || how.lottery || how.waitlisted !== null || how.note ? how : null;
}

const textOrNull = (v: unknown): string | null => (isText(v) ? v : null);

function events(v: unknown): SchoolFacts['events'] {
  return (Array.isArray(v) ? v : []).flatMap((e) => {
    const r = e && typeof e === 'object' ? (e as Record<string, unknown>) : {};
    if (!isText(r.title) || !isText(r.start) || Number.isNaN(Date.parse(r.start))) return [];
    const end = isText(r.end) ? r.end : r.start;
    return [{ key: isText(r.key) ? r.key : '', title: r.title, start: r.start, end, location: null, url: null }];
  });
}

/** One entry as the tools use it, or null when it lacks what they need (a slug, a title). */
export function parseFacts(raw: unknown): SchoolFacts | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (!isText(r.slug) || !isSafeSlug(r.slug) || !isText(r.title)) return null;
  const programsRaw = (r.programs && typeof r.programs === 'object' ? r.programs : {}) as Record<string, unknown>;
  const programs = Object.fromEntries(PROGRAM_CATEGORIES.map((c) => [c, texts(programsRaw[c])])) as Record<
    ProgramCategory,
    string[]
  >;
  const quote = r.quote && typeof r.quote === 'object' ? (r.quote as Record<string, unknown>) : null;
  const tour = r.tour && typeof r.tour === 'object' ? (r.tour as Record<string, unknown>) : null;
  return {
    id: typeof r.id === 'string' ? r.id : '',
    slug: r.slug,
    title: r.title.trim(),
    path: typeof r.path === 'string' ? r.path : '',
    type: r.type === 'charter' ? 'charter' : 'district',
    location: isValidLocation(r.location) ? { lat: r.location.lat, lng: r.location.lng } : null,
    programs,
    quote:
      quote && isText(quote.text)
        ? {
            text: quote.text,
            student: isText(quote.student) ? quote.student : null,
            year: isText(quote.year) ? quote.year : null,
          }
        : null,
    sections: texts(r.sections),
    ...withLang(r.lang),
    fallback: texts(r.fallback),
    supportPrograms: terms(r.supportPrograms),
    grades: textOrNull(r.grades),
    enrollment: count(r.enrollment),
    address: textOrNull(r.address),
    phone: textOrNull(r.phone),
    bellTimes: bellTimes(r.bellTimes),
    transportation: textOrNull(r.transportation),
    beforeAfterCare: textOrNull(r.beforeAfterCare),
    admissions: admissions(r.admissions),
    admissionsHow: admissionsHow(r.admissionsHow),
    results: results(r.results),
    events: events(r.events),
    tour: tour ? { title: isText(tour.title) ? tour.title : '', url: isText(tour.url) ? tour.url : null } : null,
  };
}

/** Every usable entry of the file's JSON (an array); throws when it is not an array. */
export function parseFactsList(json: unknown): SchoolFacts[] {
  if (!Array.isArray(json)) throw new Error('the schools’ facts file is not a JSON array');
  const seen = new Set<string>();
  const out: SchoolFacts[] = [];
  for (const entry of json) {
    const facts = parseFacts(entry);
    if (!facts || seen.has(facts.slug)) continue;
    seen.add(facts.slug);
    out.push(facts);
  }
  return out;
}

/** The facts at `src`, fetched once per page; rejects (and forgets the failure, so a retry may work). */
export const loadFacts = (src: string): Promise<SchoolFacts[]> => loadJsonOnce(src, parseFactsList);
