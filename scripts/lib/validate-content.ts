// Content is typed by many hands and a slug becomes a folder name on disk, so the export checks
// every school before rendering: a bad one is skipped with a warning naming its _id and field,
// never allowed to break the build or write outside out/.
import { slugProblem } from '../../src/lib/slug.ts';
import { byKey } from '../../src/lib/order.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../src/lib/types.ts';
import type { RawContent } from './fetch-content.ts';

export interface ValidContent {
  /** Valid schools, sorted by _id (so "first" among duplicates is well defined). */
  schools: School[];
  /** Navigation and landing rows of valid schools only, so no link points at a page not exported. */
  nav: NavigationSchoolRow[];
  landing: LandingSchoolRow[];
  /**
   * Incremental reads only: schools whose data was not fetched because nothing they show changed.
   * Their entries in `schools` hold only _id and slug; this gives their data's hash and date, and
   * their pages are carried over from the previous export (see pages.ts).
   */
  unchanged?: Map<string, SchoolState>;
  /** Each school document's outcome by _id: its slug, or why it was skipped (for incremental reads). */
  outcomes?: Map<string, SchoolOutcome>;
}

/** What a page key needs of a school's data: its hash, and its date for the sitemap. */
export interface SchoolState {
  hash: string;
  lastmod: string | null;
}

/** Why a school was skipped (the warning), or null; `duplicate` when only its slug was taken. */
export interface SchoolOutcome {
  slug: string | null;
  skipped: string | null;
  duplicate: boolean;
}

const describe = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v;
};

const idOf = (doc: unknown): string => {
  const id = (doc as { _id?: unknown } | null)?._id;
  return typeof id === 'string' ? JSON.stringify(id) : '(no _id)';
};

/** Why a school cannot be published on its own (its slug or title), as the warning; null when it can. */
function ownProblem(doc: School): string | null {
  const id = JSON.stringify(doc._id);
  const problem = slugProblem(doc.slug);
  if (problem)
    return `skipping school ${id}: field slug: ${problem}${doc.slug == null ? '' : ` (${describe(doc.slug)})`}`;
  if (typeof doc.title !== 'string' || doc.title.trim() === '') {
    return `skipping school ${id}: field title: ${typeof doc.title === 'string' ? 'empty' : `not a string (${describe(doc.title)})`}`;
  }
  return null;
}

function keepRows(raw: Pick<RawContent, 'nav' | 'landing'>, valid: Set<string>): Pick<ValidContent, 'nav' | 'landing'> {
  const keep = <T extends { _id?: unknown }>(rows: (T | null)[]): T[] =>
    rows.filter((r): r is T => !!r && typeof r === 'object' && typeof r._id === 'string' && valid.has(r._id));
  return { nav: keep(raw.nav), landing: keep(raw.landing) };
}

export function validateContent(raw: RawContent, warn: (msg: string) => void): ValidContent {
  let identified = true;
  const docs = raw.schools
    .filter((d): d is School => {
      if (d && typeof d === 'object' && typeof d._id === 'string' && d._id !== '') return true;
      warn(`skipping school ${idOf(d)}: field _id: not a string`);
      identified = false;
      return false;
    })
    .sort(byKey('_id'));

  const bySlug = new Map<string, string>();
  const schools: School[] = [];
  const outcomes = new Map<string, SchoolOutcome>();
  for (const doc of docs) {
    const problem = ownProblem(doc);
    const slug = typeof doc.slug === 'string' ? doc.slug : null;
    if (problem) {
      warn(problem);
      outcomes.set(doc._id, { slug, skipped: problem, duplicate: false });
      continue;
    }
    const first = bySlug.get(slug!);
    if (first !== undefined) {
      const msg = `skipping school ${JSON.stringify(doc._id)}: field slug: duplicate of ${JSON.stringify(first)} (${describe(slug)}); the first by _id is kept`;
      warn(msg);
      outcomes.set(doc._id, { slug, skipped: msg, duplicate: true });
      continue;
    }
    bySlug.set(slug!, doc._id);
    outcomes.set(doc._id, { slug, skipped: null, duplicate: false });
    schools.push(doc);
  }
  // Documents without an _id cannot be followed by revision: then no outcomes, and the next export reads everything.
  return { schools, ...keepRows(raw, new Set(schools.map((s) => s._id))), ...(identified ? { outcomes } : {}) };
}

/**
 * The entry of a school whose data was not read: its page is carried over (pages.ts never renders
 * or hashes it, and throws StaleSchoolError if it would have to), so only _id and slug are real.
 * The query result type has every projected key, so the rest are spelled out as null.
 */
function unfetchedSchool(id: string, slug: string | null): School {
  return {
    _id: id,
    _type: 'school',
    _updatedAt: '',
    slug,
    title: null,
    subtitle: null,
    logo: null,
    staticLogo: null,
    image: null,
    staticImage: null,
    mainImage: null,
    isCharter: null,
    color: null,
    location: null,
    featuredQuote: null,
    twitter: null,
    seoDescription: null,
    seoImage: null,
    showTourSection: null,
    tourTitle: null,
    tourDescription: null,
    tourLink: null,
    tourImage: null,
    sectionRepeater: null,
  };
}

/** What the previous export knew of each school document: its outcome, and for a published one its data's state. */
export type PreviousSchools = Record<string, SchoolOutcome & { hash: string | null; lastmod: string | null }>;

/**
 * Validation for an incremental read, which holds only the schools a change can reach. Valid
 * only while the set of schools and every slug and verdict stay as they were (then no other
 * school's outcome can change: duplicates depend on slugs alone); otherwise null, and the caller
 * reads everything. Unfetched schools keep their previous outcome, warnings included, in _id order.
 */
export function validateChanged(
  raw: RawContent & { revs: Record<string, string> },
  previous: PreviousSchools,
  warn: (msg: string) => void,
): ValidContent | null {
  for (const id of Object.keys(previous)) if (!(id in raw.revs)) return null; // removed
  const fresh = new Map<string, School>();
  for (const d of raw.schools) {
    if (!d || typeof d !== 'object' || typeof d._id !== 'string' || d._id === '') return null;
    fresh.set(d._id, d);
  }
  const outcomes = new Map<string, SchoolOutcome>();
  for (const [id, doc] of fresh) {
    const before = previous[id];
    if (!before) return null; // added
    const problem = ownProblem(doc);
    const slug = typeof doc.slug === 'string' ? doc.slug : null;
    if (problem) {
      if (before.skipped === null || before.duplicate) return null;
      outcomes.set(id, { slug, skipped: problem, duplicate: false });
    } else {
      if (slug !== before.slug || (before.skipped !== null && !before.duplicate)) return null;
      outcomes.set(id, { slug, skipped: before.skipped, duplicate: before.duplicate });
    }
  }
  const schools: School[] = [];
  const unchanged = new Map<string, SchoolState>();
  for (const id of Object.keys(previous).sort()) {
    const before = previous[id]!;
    const outcome = outcomes.get(id) ?? { slug: before.slug, skipped: before.skipped, duplicate: before.duplicate };
    outcomes.set(id, outcome);
    if (outcome.skipped !== null) {
      warn(outcome.skipped);
      continue;
    }
    const doc = fresh.get(id);
    if (doc) {
      schools.push(doc);
      continue;
    }
    if (before.hash === null) return null;
    schools.push(unfetchedSchool(id, before.slug));
    unchanged.set(id, { hash: before.hash, lastmod: before.lastmod });
  }
  return { schools, ...keepRows(raw, new Set(schools.map((s) => s._id))), unchanged, outcomes };
}
