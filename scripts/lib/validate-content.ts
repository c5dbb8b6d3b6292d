// Content is typed by many hands and a slug becomes a folder name on disk, so the export checks
// every school before rendering: a bad one is skipped with a warning naming its _id and field,
// never allowed to break the build or write outside out/.
import { slugProblem } from '../../src/lib/slug.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../src/lib/types.ts';
import type { RawContent } from './fetch-content.ts';

export interface ValidContent {
  /** Valid schools, sorted by _id (so "first" among duplicates is well defined). */
  schools: School[];
  /** Navigation and landing rows of valid schools only, so no link points at a page not exported. */
  nav: NavigationSchoolRow[];
  landing: LandingSchoolRow[];
}

const describe = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v;
};

const idOf = (doc: unknown): string => {
  const id = (doc as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? JSON.stringify(id) : '(no _id)';
};

export function validateContent(raw: RawContent, warn: (msg: string) => void): ValidContent {
  const docs = raw.schools
    .filter((d): d is School => {
      if (d && typeof d === 'object' && typeof d._id === 'string' && d._id !== '') return true;
      warn(`skipping school ${idOf(d)}: field _id: not a string`);
      return false;
    })
    .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));

  const bySlug = new Map<string, string>();
  const schools: School[] = [];
  for (const doc of docs) {
    const id = JSON.stringify(doc._id);
    const problem = slugProblem(doc.slug);
    if (problem) {
      warn(`skipping school ${id}: field slug: ${problem}${doc.slug == null ? '' : ` (${describe(doc.slug)})`}`);
      continue;
    }
    if (typeof doc.title !== 'string' || doc.title.trim() === '') {
      warn(`skipping school ${id}: field title: ${typeof doc.title === 'string' ? 'empty' : `not a string (${describe(doc.title)})`}`);
      continue;
    }
    const slug = doc.slug as string;
    const first = bySlug.get(slug);
    if (first !== undefined) {
      warn(`skipping school ${id}: field slug: duplicate of ${JSON.stringify(first)} (${describe(slug)}); the first by _id is kept`);
      continue;
    }
    bySlug.set(slug, doc._id);
    schools.push(doc);
  }

  const valid = new Set(schools.map((s) => s._id));
  const keep = <T extends { _id?: unknown }>(rows: (T | null)[]): T[] =>
    rows.filter((r): r is T => !!r && typeof r === 'object' && typeof r._id === 'string' && valid.has(r._id));
  return { schools, nav: keep(raw.nav), landing: keep(raw.landing) };
}
