// The compare page's choice of schools, from its address ('/compare/?schools=a,b,c'). The exported
// page is one static file for every query, so this runs in the browser after hydration. The query is
// whatever a visitor (or a link someone sent them) typed: it is cut to a bounded size before any
// work, unknown names are reported back as plain text (React escapes them), and nothing from it is
// ever used as markup or an address other than after a match against a known school's slug.
import type { SchoolFacts } from '../facts/school-facts.ts';

/** A comparison needs two schools and shows at most four side by side (the table's width). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** The query parameter naming the schools, comma-separated slugs. */
export const COMPARE_PARAM = 'schools';

/** Longer queries are cut here: enough for dozens of real slugs, bounded for a hostile one. */
const MAX_QUERY_LENGTH = 2000;
/** At most this many names are looked at, however many commas the query has. */
const MAX_NAMES = 20;
/** An unknown name is shown up to this many characters, then '…'. */
const MAX_SHOWN_NAME = 60;

/**
 * The names in the query, in order, trimmed, without empties and repeats (compared
 * case-insensitively, as the first spelling). Bounded in length and count.
 */
export function parseCompareQuery(search: string): string[] {
  let raw: string | null;
  try {
    raw = new URLSearchParams(search.slice(0, MAX_QUERY_LENGTH * 4)).get(COMPARE_PARAM);
  } catch {
    return [];
  }
  if (!raw) return [];
  const names: string[] = [];
  const seen = new Set<string>();
  for (const part of raw.slice(0, MAX_QUERY_LENGTH).split(',')) {
    const name = part.trim();
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
    if (names.length >= MAX_NAMES) break;
  }
  return names;
}

/** A name as the page may show it: invisible and control characters dropped, long ones shortened. */
export function shownName(name: string): string {
  const visible = name.replace(/[\u0000-\u001f\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}]/gu, '');
  const chars = [...visible];
  return chars.length > MAX_SHOWN_NAME ? `${chars.slice(0, MAX_SHOWN_NAME).join('')}…` : visible;
}

export interface CompareSelection {
  /** The schools to show, in the query's order, at most COMPARE_MAX. */
  schools: SchoolFacts[];
  /** Names that match no school, as typed (shorten with shownName before showing). */
  unknown: string[];
  /** Known schools left out because more than COMPARE_MAX were named. */
  dropped: number;
}

/** Matches the query's names against the schools' slugs (case-insensitively, as hosts often do). */
export function selectSchools(names: readonly string[], facts: readonly SchoolFacts[]): CompareSelection {
  const bySlug = new Map<string, SchoolFacts>();
  for (const f of facts) {
    const key = f.slug.toLowerCase();
    if (!bySlug.has(key)) bySlug.set(key, f);
  }
  const schools: SchoolFacts[] = [];
  const unknown: string[] = [];
  const chosen = new Set<SchoolFacts>();
  let dropped = 0;
  for (const name of names) {
    const school = bySlug.get(name.toLowerCase());
    if (!school) unknown.push(name);
    else if (chosen.has(school)) continue;
    else if (schools.length < COMPARE_MAX) {
      chosen.add(school);
      schools.push(school);
    } else dropped++;
  }
  return { schools, unknown, dropped };
}
