// The export's read of the content, through the same public client the browser uses, with retries
// on transient failures (the client's own retries are switched off so the limit and backoff are
// ours alone). A full read takes every published school plus the navigation and landing rows and
// every document's revision: from a hosted project in parts read at once and checked to be one
// snapshot, from the embedded service in this process (readPublished) in one query. An incremental
// read compares revisions with the previous export's and fetches only the schools a change can reach.
import type { SanityClient } from '@sanity/client';
import type { ContentSource } from '../../core/content-source.ts';
import { createPublicClient } from '../../src/build/public-client.ts';
import {
  exportChangedQuery,
  exportContentQuery,
  exportIdsQuery,
  exportListsQuery,
  exportSchoolsQuery,
  referrersQuery,
  revisionsQuery,
  SCHOOL_REFERENCE_DEPTH,
} from '../../src/lib/content/queries.ts';
import type { LandingSchoolRow, NavigationSchoolRow, School } from '../../src/lib/content/types.ts';
import type { SiteDocuments } from '../../src/lib/content/editions.ts';
import { withRetry, type RetryOptions } from './retry.ts';

/** Document id → `_rev`, of every published document. */
export type Revisions = Record<string, string>;

/** Document id → `_createdAt` (null when the document has none). */
export type Created = Record<string, string | null>;

/**
 * What a read returned, unchecked. A full read holds all content and the revisions it was read
 * at; an incremental one (`changed` set) holds only the schools a changed document can reach,
 * with the navigation and landing rows merged into the previous export's.
 */
export interface ContentRead {
  revs: Revisions;
  nav: (NavigationSchoolRow | null)[];
  landing: (LandingSchoolRow | null)[];
  schools: (School | null)[];
  /** The landing page and site settings documents with their translations (each null when absent). */
  site: SiteDocuments;
  /**
   * `_createdAt` of the documents read (null for one without), by id: of every English school in a
   * full read, of the changed documents and their referrers in an incremental one.
   */
  created: Created;
  /** Incremental reads: ids added, removed or with a new revision since the previous export; null for a full read. */
  changed: string[] | null;
}

export class ContentShapeError extends Error {
  constructor(query: string, got: unknown) {
    super(
      `${query} returned ${got === null ? 'null' : typeof got} instead of ${query === 'revisions' ? 'a list of {_id, _rev}' : 'a list'}`,
    );
    this.name = 'ContentShapeError';
  }
}

interface Reader {
  query<T>(name: string, groq: string, params?: Record<string, unknown>): Promise<T>;
}

/**
 * Where a read asks: the content source's client, or the embedded service in this process when
 * the source offers it (the same queries and answers, without a worker's copy of the dataset or
 * the answers' trip through HTTP).
 */
export type ReadSource = Pick<ContentSource, 'config' | 'readPublished'>;

function reader(source: ReadSource, retry: RetryOptions, requestTimeoutMs: number): Reader {
  const client: SanityClient = createPublicClient(source.config, { maxRetries: 0, timeout: requestTimeoutMs });
  const remote: Reader['query'] = (name, groq, params = {}) =>
    withRetry(`query ${name}`, (signal) => client.fetch(groq, params, { signal }), retry);
  const local = source.readPublished;
  if (!local) return { query: remote };
  return {
    // Content nested deeper than this thread's stack takes (a field 5000 levels deep) is read as
    // any client reads it: a query worker's stack is four times as deep.
    query: async <T>(name: string, groq: string, params: Record<string, unknown> = {}) => {
      try {
        return (await local(groq, params)) as T;
      } catch (err) {
        if (!/call stack size/i.test((err as Error).message)) throw err;
        return remote<T>(name, groq, params);
      }
    },
  };
}

function revisions(got: unknown): Revisions {
  if (!Array.isArray(got)) throw new ContentShapeError('revisions', got);
  const revs: Revisions = {};
  for (const d of got) {
    const { _id, _rev } = (d ?? {}) as { _id?: unknown; _rev?: unknown };
    // A document without a string revision cannot be compared: it counts as changed every time.
    if (typeof _id === 'string') revs[_id] = typeof _rev === 'string' ? _rev : '';
  }
  return revs;
}

/** The creation dates of `{ _id, _createdAt }` rows; anything else reads as none. */
function createdOf(got: unknown): Created {
  const created: Created = {};
  for (const d of Array.isArray(got) ? got : []) {
    const { _id, _createdAt } = (d ?? {}) as { _id?: unknown; _createdAt?: unknown };
    if (typeof _id === 'string') created[_id] = typeof _createdAt === 'string' ? _createdAt : null;
  }
  return created;
}

/** The content lists of a snapshot; a misconfigured host can answer 200 with something else entirely. */
function contentOf(got: unknown): ContentRead & { changed: null } {
  const r = (got ?? {}) as Record<string, unknown>;
  for (const name of ['nav', 'landing', 'schools'] as const)
    if (!Array.isArray(r[name])) throw new ContentShapeError(name, r[name]);
  const read = {
    revs: revisions(r.revs),
    nav: r.nav,
    landing: r.landing,
    schools: r.schools,
    site: siteOf(r.site),
    created: createdOf(r.created),
    changed: null,
  };
  return read as ContentRead & { changed: null };
}

/** The site documents of an answer: anything but an object reads as none (the built-in copy then shows). */
const siteOf = (got: unknown): SiteDocuments => {
  const s = (got && typeof got === 'object' ? got : {}) as Record<string, unknown>;
  return {
    landing: s.landing ?? null,
    settings: s.settings ?? null,
    editions: Array.isArray(s.editions) ? s.editions : [],
    hiddenLinks: Array.isArray(s.hiddenLinks) ? s.hiddenLinks : [],
  };
};

/**
 * How many parts the schools of a full read are read in, at once. The embedded service evaluates
 * queries on two workers; a hosted project answers parts side by side as well.
 */
const SCHOOL_PARTS = 2;

/**
 * The most schools one part reads. A part is one query, and an attempt may take 15 s at most
 * (retry.ts): at 10,000 schools, two parts of 5,000 took longer on a loaded 2-core machine, and
 * each abandoned attempt made the embedded service replace the busy worker, which parses the
 * whole dataset again, so every retry timed out too and the export failed. At 1000 schools a part
 * of 500 takes ~0.6 s.
 */
export const SCHOOLS_PER_PART = 1000;

/** Runs the tasks at most `lanes` at a time, in order; the answers in the tasks' order. */
export async function inLanes<T>(tasks: readonly (() => Promise<T>)[], lanes: number): Promise<T[]> {
  const answers: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      answers[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, tasks.length)) }, lane));
  return answers;
}

const sameRevisions = (a: Revisions, b: Revisions): boolean => {
  const ids = Object.keys(a);
  return ids.length === Object.keys(b).length && ids.every((id) => a[id] === b[id]);
};

/**
 * Every published school, the navigation and landing rows and every revision: the ids first, then
 * the lists and the schools in parts of at most SCHOOLS_PER_PART, SCHOOL_PARTS at once (see exportIdsQuery). When a part's
 * revisions differ from the ids', the content changed while it was read, and it is read again in
 * one query, which is one snapshot by itself.
 */
export async function fetchContent(
  source: ReadSource,
  retry: RetryOptions,
  requestTimeoutMs = 30_000,
): Promise<ContentRead & { changed: null }> {
  const read = reader(source, retry, requestTimeoutMs);
  // Read in this process, one query is one snapshot and no attempt runs out of time: parts would
  // only repeat the revisions (at 10,000 schools 1.5 s each) to prove they are one snapshot.
  if (source.readPublished) return contentOf(await read.query<unknown>('exportContent', exportContentQuery));
  const head = ((await read.query<unknown>('exportIds', exportIdsQuery)) ?? {}) as Record<string, unknown>;
  const revs = revisions(head.revs);
  if (!Array.isArray(head.ids)) throw new ContentShapeError('ids', head.ids);
  const ids = head.ids as unknown[];
  const size = Math.max(1, Math.min(SCHOOLS_PER_PART, Math.ceil(ids.length / SCHOOL_PARTS)));
  const parts = Array.from({ length: Math.ceil(ids.length / size) }, (_, i) => ids.slice(i * size, (i + 1) * size));
  // No more queries at once than the service has workers: one waiting in its queue spends its attempt's time.
  const [lists, ...schoolParts] = (
    await inLanes(
      [
        () => read.query<unknown>('exportLists', exportListsQuery),
        ...parts.map(
          (part, i) => () =>
            read.query<unknown>(`exportSchools ${i + 1}/${parts.length}`, exportSchoolsQuery, { ids: part }),
        ),
      ],
      SCHOOL_PARTS,
    )
  ).map((r) => (r ?? {}) as Record<string, unknown>);
  if (![lists!, ...schoolParts].every((r) => sameRevisions(revisions(r.revs), revs)))
    return contentOf(await read.query<unknown>('exportContent', exportContentQuery));
  for (const part of schoolParts)
    if (!Array.isArray(part.schools)) throw new ContentShapeError('schools', part.schools);
  return contentOf({
    ...lists,
    revs: head.revs,
    created: head.created,
    schools: schoolParts.flatMap((p) => p.schools as unknown[]),
  });
}

/**
 * Every document's revision now: the first question of an incremental read, which the export asks
 * before it parses its manifest so the service answers while that runs (~0.1 s at 1000 schools).
 */
export async function fetchRevisions(
  source: ReadSource,
  retry: RetryOptions,
  requestTimeoutMs = 30_000,
): Promise<Revisions> {
  return revisions(await reader(source, retry, requestTimeoutMs).query<unknown>('revisions', revisionsQuery));
}

const rowId = (r: unknown): unknown => (r && typeof r === 'object' ? (r as { _id?: unknown })._id : undefined);

/**
 * An incremental read against the previous export's. A school is fetched when it, or a document
 * up to SCHOOL_REFERENCE_DEPTH hops from it, was added, removed or changed: the changed ids are
 * widened by their referrers, level by level, and the schools that are or reference one of them
 * are read with the current navigation and landing rows of those ids, which replace the previous
 * ones. Returns null when one of those documents changed while this ran, or when so much changed
 * that reading everything is cheaper (the caller then reads everything, in one snapshot); a change
 * elsewhere meanwhile is found by the next export, since the revisions kept are the ones compared here.
 */
export async function fetchChanged(
  source: ReadSource,
  previous: Pick<ContentRead, 'revs' | 'nav' | 'landing' | 'site'>,
  retry: RetryOptions,
  requestTimeoutMs = 30_000,
  /** fetchRevisions() started earlier; asked again (with retries) when absent or failed. */
  asked?: Promise<Revisions>,
): Promise<ContentRead | null> {
  const read = reader(source, retry, requestTimeoutMs);
  const now = (await asked?.catch(() => null)) ?? (await fetchRevisions(source, retry, requestTimeoutMs));
  const changed = Object.keys(now).filter((id) => previous.revs[id] !== now[id] || now[id] === '');
  for (const id of Object.keys(previous.revs)) if (!(id in now)) changed.push(id);
  changed.sort();
  // When much changed, one full read is cheaper than reading the changes in pieces.
  if (changed.length > Math.max(50, Object.keys(now).length / 5)) return null;
  const ids = new Set(changed);
  // A school whose translation link changed or went away: nothing references a translation.metadata
  // document, and a deleted one cannot be asked what it linked, so the previous row remembers it.
  for (const row of previous.landing) {
    const meta = (row as { translationMeta?: unknown } | null)?.translationMeta;
    const id = rowId(row);
    if (typeof meta === 'string' && typeof id === 'string' && ids.has(meta)) ids.add(id);
  }
  let level = changed;
  for (let hop = 1; hop < SCHOOL_REFERENCE_DEPTH && level.length > 0; hop++) {
    const referrers = await read.query<unknown>('referrers', referrersQuery, { ids: level });
    if (!Array.isArray(referrers)) throw new ContentShapeError('referrers', referrers);
    level = referrers.filter((id): id is string => typeof id === 'string' && !ids.has(id));
    for (const id of level) ids.add(id);
  }
  const got = (
    ids.size === 0
      ? { ids: [], translated: [], schools: [], site: previous.site }
      : await read.query<unknown>('exportChanged', exportChangedQuery, { ids: [...ids].sort() })
  ) as Record<string, unknown>;
  for (const name of ['ids', 'translated', 'schools'] as const)
    if (!Array.isArray(got[name])) throw new ContentShapeError(name, got[name]);
  const check = revisions(got.ids as unknown[]);
  for (const id of ids) if (check[id] !== now[id]) return null;
  // The rows of the changed documents, and of the English schools whose translation changed (their
  // landing rows carry the translation's fields): each replaces the previous export's row.
  const translated = (got.translated as unknown[]).filter((r) => !ids.has(rowId(r) as string));
  const listed = [...(got.ids as unknown[]), ...translated] as { nav?: unknown; landing?: unknown }[];
  const replaced = new Set([...ids, ...listed.map(rowId).filter((id): id is string => typeof id === 'string')]);
  const merge = (before: unknown[], key: 'nav' | 'landing') => [
    ...before.filter((r) => !replaced.has(rowId(r) as string)),
    ...listed.flatMap((r) => (r?.[key] ? [r[key]] : [])),
  ];
  return {
    revs: now,
    nav: merge(previous.nav, 'nav') as ContentRead['nav'],
    landing: merge(previous.landing, 'landing') as ContentRead['landing'],
    schools: got.schools as ContentRead['schools'],
    site: siteOf(got.site),
    created: createdOf(got.ids),
    changed,
  };
}
