// Content is typed by many hands and a slug becomes a folder name on disk, so the export checks
// every school before rendering: a bad one is skipped with a warning naming its _id and field,
// never allowed to break the build or write outside out/.
import type { Warning, WarningInput } from '../../src/lib/warn.ts';
import { showInvisible, slugKey, slugProblem } from '../../src/lib/slug.ts';
import { byKey } from '../../src/lib/order.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../src/lib/types.ts';
import type { SchoolFacts } from '../../src/lib/school-facts.ts';
import type { ContentRead } from './fetch-content.ts';
import type { SiteDocuments } from '../../src/lib/editions.ts';

/**
 * What the site needs of a school's data without reading it again: its hash and its date for the
 * sitemap (the page key), and its facts (the decision tools' file and the open data).
 */
export interface SchoolState {
  hash: string;
  lastmod: string | null;
  facts: SchoolFacts | null;
}

/** Why a school was skipped (the warning), or null; `duplicate` when only its slug was taken. */
export interface SchoolOutcome {
  slug: string | null;
  skipped: string | null;
  duplicate: boolean;
}

/** What the previous export knew of each school document: its outcome, and for a published one its data's state. */
export type KnownSchools = Record<
  string,
  SchoolOutcome & { hash: string | null; lastmod: string | null; facts?: SchoolFacts | null }
>;

/**
 * A school an incremental read did not fetch because nothing it shows changed: all the export
 * knows is its slug and its data's state, and its page is carried over from the previous export.
 */
export interface CarriedSchool {
  _id: string;
  slug: string;
  state: SchoolState;
}

type Warn = (w: WarningInput) => void;

export interface ValidContent {
  /** Valid schools read now, sorted by _id (so "first" among duplicates is well defined). */
  schools: School[];
  /** Valid schools not read (incremental reads only), sorted by _id. */
  carried: CarriedSchool[];
  /** Navigation and landing rows of valid schools only, so no link points at a page not exported. */
  nav: NavigationSchoolRow[];
  landing: LandingSchoolRow[];
  /** The landing page and site settings as read (the render maps them, built-in copy where absent). */
  site: SiteDocuments;
  /** Each school document's outcome by _id, for the next incremental read; null when a document had no _id. */
  outcomes: Map<string, SchoolOutcome> | null;
}

const describe = (v: unknown): string => {
  if (typeof v === 'string') return showInvisible(JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v));
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v;
};

/** A skipped school's warning, its sentence as the log writes it (`skipping school "id": field f: …`). */
const skipped = (message: string, id: string | null, field: string | null): Warning => ({
  kind: 'school-skipped',
  type: 'school',
  ...(id !== null ? { document: id } : {}),
  ...(field !== null ? { field } : {}),
  message,
});

/** A recorded outcome's warning again (an incremental export replays the previous export's). */
const skippedAgain = (message: string, id: string): Warning => {
  const field = /^skipping school "(?:[^"\\]|\\.)*": field (\S+): /.exec(message)?.[1] ?? null;
  return skipped(message, id, field);
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

function keepRows(
  raw: Pick<ContentRead, 'nav' | 'landing'>,
  valid: Set<string>,
): Pick<ValidContent, 'nav' | 'landing'> {
  const keep = <T extends { _id?: unknown }>(rows: (T | null)[]): T[] =>
    rows.filter((r): r is T => !!r && typeof r === 'object' && typeof r._id === 'string' && valid.has(r._id));
  return { nav: keep(raw.nav), landing: keep(raw.landing) };
}

/**
 * The one validator. A full read (`read.changed` null) keeps every publishable school and skips
 * the rest with a warning. An incremental read holds only the schools a change can reach and is
 * checked against what the previous export knew (`known`): it is valid only while the set of
 * schools and every slug and verdict stay as they were (then no other school's outcome can change:
 * duplicates depend on slugs alone) and at least one school is published; otherwise the answer is
 * null: the read cannot be proven current and the caller reads everything.
 */
export function validateContent(read: ContentRead & { changed: null }, warn: Warn): ValidContent;
export function validateContent(read: ContentRead, warn: Warn, known: KnownSchools | null): ValidContent | null;
export function validateContent(read: ContentRead, warn: Warn, known: KnownSchools | null = null): ValidContent | null {
  if (read.changed === null) return validateAll(read, warn);
  if (!known) throw new Error("validateContent: an incremental read needs the previous export's schools");
  const content = validateReached(read, known, warn);
  return content && content.schools.length + content.carried.length > 0 ? content : null;
}

function validateAll(raw: ContentRead, warn: Warn): ValidContent {
  let identified = true;
  const docs = raw.schools
    .filter((d): d is School => {
      if (d && typeof d === 'object' && typeof d._id === 'string' && d._id !== '') return true;
      warn(skipped(`skipping school ${idOf(d)}: field _id: not a string`, null, '_id'));
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
      warn(skippedAgain(problem, doc._id));
      outcomes.set(doc._id, { slug, skipped: problem, duplicate: false });
      continue;
    }
    const first = bySlug.get(slugKey(slug!));
    if (first !== undefined) {
      const msg = `skipping school ${JSON.stringify(doc._id)}: field slug: duplicate of ${JSON.stringify(first)} (${describe(slug)}); the first by _id is kept`;
      warn(skipped(msg, doc._id, 'slug'));
      outcomes.set(doc._id, { slug, skipped: msg, duplicate: true });
      continue;
    }
    bySlug.set(slugKey(slug!), doc._id);
    outcomes.set(doc._id, { slug, skipped: null, duplicate: false });
    schools.push(doc);
  }
  // Documents without an _id cannot be followed by revision: then no outcomes, and the next export reads everything.
  const rows = keepRows(raw, new Set(schools.map((s) => s._id)));
  return { schools, carried: [], ...rows, site: raw.site, outcomes: identified ? outcomes : null };
}

/** An incremental read: unfetched schools keep their previous outcome, warnings included, in _id order. */
function validateReached(raw: ContentRead, previous: KnownSchools, warn: Warn): ValidContent | null {
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
  const carried: CarriedSchool[] = [];
  for (const id of Object.keys(previous).sort()) {
    const before = previous[id]!;
    const outcome = outcomes.get(id) ?? { slug: before.slug, skipped: before.skipped, duplicate: before.duplicate };
    outcomes.set(id, outcome);
    if (outcome.skipped !== null) {
      warn(skippedAgain(outcome.skipped, id));
      continue;
    }
    const doc = fresh.get(id);
    if (doc) {
      schools.push(doc);
      continue;
    }
    // A manifest from before facts were recorded cannot rebuild the site's facts file: read everything.
    if (before.hash === null || before.slug === null || before.facts === undefined) return null;
    carried.push({
      _id: id,
      slug: before.slug,
      state: { hash: before.hash, lastmod: before.lastmod, facts: before.facts },
    });
  }
  const rows = keepRows(raw, new Set([...schools, ...carried].map((s) => s._id)));
  return { schools, carried, ...rows, site: raw.site, outcomes };
}

/**
 * The content without the schools whose page failed to render, each skipped with a warning like
 * any invalid school (and recorded so, for the next incremental read): one school's content the
 * renderer cannot cope with costs that school its page, not the district its site.
 */
export function withoutFailed(
  content: ValidContent,
  failed: { _id: string; error: string }[],
  warn: Warn,
): ValidContent {
  const gone = new Set(failed.map((f) => f._id));
  const outcomes = content.outcomes && new Map(content.outcomes);
  for (const { _id, error } of failed) {
    const msg = `skipping school ${JSON.stringify(_id)}: its page failed to render: ${describe(error)}`;
    warn(skipped(msg, _id, null));
    const before = outcomes?.get(_id);
    if (before) outcomes!.set(_id, { ...before, skipped: msg, duplicate: false });
  }
  const schools = content.schools.filter((s) => !gone.has(s._id));
  const rows = keepRows(content, new Set([...schools, ...content.carried].map((s) => s._id)));
  return { ...content, schools, ...rows, outcomes };
}
