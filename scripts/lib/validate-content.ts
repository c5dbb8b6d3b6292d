// Content is typed by many hands and a slug becomes a folder name on disk, so the export checks
// every school before rendering: a bad one is skipped with a warning naming its _id and field,
// never allowed to break the build or write outside out/.
import type { Warning, WarningInput } from '../../src/lib/warn.ts';
import { slugKey, slugProblem } from '../../src/lib/slug.ts';
import { quoted } from '../../src/build/warning-text.ts';
import { byKey } from '../../src/lib/order.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../src/lib/content/types.ts';
import type { SchoolFacts } from '../../src/lib/facts/school-facts.ts';
import { type Holders, keeperOf } from './address-keeper.ts';
import type { ContentRead } from './fetch-content.ts';
import type { SiteDocuments } from '../../src/lib/content/editions.ts';

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
  /** Its `_createdAt` (null without one): who keeps an address depends on it (address-keeper.ts). */
  created: string | null;
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
  /** Valid schools read now, sorted by _id. */
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

/** A skipped school's warning, its sentence as the log writes it (`skipping school "id": field f: …`). */
const skippedWarning = (message: string, id: string | null, field: string | null): Warning => ({
  kind: 'school-skipped',
  type: 'school',
  ...(id !== null ? { document: id } : {}),
  ...(field !== null ? { field } : {}),
  message,
});

/** A recorded outcome's warning again (an incremental export replays the previous export's). */
const skippedAgain = (message: string, id: string): Warning => {
  const field = /^skipping school "(?:[^"\\]|\\.)*": field (\S+): /.exec(message)?.[1] ?? null;
  return skippedWarning(message, id, field);
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
    return `skipping school ${id}: field slug: ${problem}${doc.slug == null ? '' : ` (${quoted(doc.slug)})`}`;
  if (typeof doc.title !== 'string' || doc.title.trim() === '') {
    return `skipping school ${id}: field title: ${typeof doc.title === 'string' ? 'empty' : `not a string (${quoted(doc.title)})`}`;
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
 * the rest with a warning; of schools claiming one address (slugs compared regardless of case) the
 * one that already had it keeps it (address-keeper.ts: creation dates, then `holders`, the
 * addresses the previous export published). An incremental read holds only the schools a change
 * can reach and is checked against what the previous export knew (`known`): it is valid only while
 * the set of schools and every slug, creation date and verdict stay as they were (then no other
 * school's outcome can change: who keeps an address depends on nothing else, and the previous
 * export's choice is what a full read with its manifest would choose again) and at least one
 * school is published; otherwise the answer is null: the read cannot be proven current and the
 * caller reads everything.
 */
export function validateContent(
  read: ContentRead & { changed: null },
  warn: Warn,
  known?: null,
  holders?: Holders,
): ValidContent;
export function validateContent(
  read: ContentRead,
  warn: Warn,
  known: KnownSchools | null,
  holders?: Holders,
): ValidContent | null;
export function validateContent(
  read: ContentRead,
  warn: Warn,
  known: KnownSchools | null = null,
  holders: Holders = new Map(),
): ValidContent | null {
  if (read.changed === null) return validateAll(read, warn, holders);
  if (!known) throw new Error("validateContent: an incremental read needs the previous export's schools");
  const content = validateReached(read, known, warn);
  return content && content.schools.length + content.carried.length > 0 ? content : null;
}

/** The warning for a school whose address another keeps. */
function takenMessage(doc: School & { slug: string }, keeper: School & { slug: string }, why: string): string {
  const cased = doc.slug === keeper.slug ? '' : ` (${quoted(keeper.slug)}: addresses are compared regardless of case)`;
  return `skipping school ${JSON.stringify(doc._id)}: field slug: the address of school ${JSON.stringify(keeper._id)}${cased}, which keeps it: ${why} (${quoted(doc.slug)})`;
}

/** Each school that loses its address to another, with the warning: the others keep theirs. */
function addressLosers(
  claims: Map<string, (School & { slug: string })[]>,
  created: ContentRead['created'],
  holders: Holders,
) {
  const lost = new Map<string, string>();
  for (const [key, group] of claims) {
    if (group.length < 2) continue;
    const dated = group.map((doc) => ({ doc, _id: doc._id, created: created[doc._id] ?? null }));
    const { keeper, why } = keeperOf(dated, holders.get(key));
    for (const { doc } of dated) if (doc !== keeper.doc) lost.set(doc._id, takenMessage(doc, keeper.doc, why));
  }
  return lost;
}

function validateAll(raw: ContentRead, warn: Warn, holders: Holders): ValidContent {
  let identified = true;
  const docs = raw.schools
    .filter((d): d is School => {
      if (d && typeof d === 'object' && typeof d._id === 'string' && d._id !== '') return true;
      warn(skippedWarning(`skipping school ${idOf(d)}: field _id: not a string`, null, '_id'));
      identified = false;
      return false;
    })
    .sort(byKey('_id'));

  const problems = new Map<string, string>();
  const claims = new Map<string, (School & { slug: string })[]>();
  for (const doc of docs) {
    const problem = ownProblem(doc);
    if (problem) problems.set(doc._id, problem);
    else claims.set(slugKey(doc.slug!), [...(claims.get(slugKey(doc.slug!)) ?? []), doc as School & { slug: string }]);
  }
  const lost = addressLosers(claims, raw.created, holders);
  const schools: School[] = [];
  const outcomes = new Map<string, SchoolOutcome>();
  for (const doc of docs) {
    const skipped = problems.get(doc._id) ?? lost.get(doc._id) ?? null;
    if (skipped) warn(skippedAgain(skipped, doc._id));
    else schools.push(doc);
    const slug = typeof doc.slug === 'string' ? doc.slug : null;
    outcomes.set(doc._id, { slug, created: raw.created[doc._id] ?? null, skipped, duplicate: lost.has(doc._id) });
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
    const created = before.created ?? null;
    // Read again only when it changed: a new creation date can move an address.
    if (id in raw.created && raw.created[id] !== created) return null;
    if (problem) {
      if (before.skipped === null || before.duplicate) return null;
      outcomes.set(id, { slug, created, skipped: problem, duplicate: false });
    } else {
      if (slug !== before.slug || (before.skipped !== null && !before.duplicate)) return null;
      outcomes.set(id, { slug, created, skipped: before.skipped, duplicate: before.duplicate });
    }
  }
  const schools: School[] = [];
  const carried: CarriedSchool[] = [];
  for (const id of Object.keys(previous).sort()) {
    const before = previous[id]!;
    const outcome = outcomes.get(id) ?? {
      slug: before.slug,
      created: before.created ?? null,
      skipped: before.skipped,
      duplicate: before.duplicate,
    };
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
    const msg = `skipping school ${JSON.stringify(_id)}: its page failed to render: ${quoted(error)}`;
    warn(skippedWarning(msg, _id, null));
    const before = outcomes?.get(_id);
    if (before) outcomes!.set(_id, { ...before, skipped: msg, duplicate: false });
  }
  const schools = content.schools.filter((s) => !gone.has(s._id));
  const rows = keepRows(content, new Set([...schools, ...content.carried].map((s) => s._id)));
  return { ...content, schools, ...rows, outcomes };
}
