// Patch operations of Sanity's mutation API applied to in-memory documents by @sanity/mutator, the
// patcher Sanity's own tools use, so set, setIfMissing, unset, inc, dec, insert and diffMatchPatch
// behave as on the hosted API. What stays here is the gate in front of it: paths follow the simple
// part of JSONMatch (attributes, array indexes, `[_key=="…"]`), which is what editors' tools and
// @sanity/client's patch builder send; wildcards and recursive matches, system fields, and
// operations the mutator would silently skip (inc on a string, insert at a missing key) are refused
// with a clear 400/409 rather than half-applied.
import { extract, Mutation } from '@sanity/mutator';

export type Segment = string | number | { key: string };

export class PatchError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 = 400,
  ) {
    super(message);
    this.name = 'PatchError';
  }
}

type Json = unknown;
type Container = Record<string, Json> | Json[];

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses `a.b[0].c[_key=="x"]` into segments; throws PatchError on anything else. */
export function parsePath(path: string): Segment[] {
  if (typeof path !== 'string' || path.trim() === '') throw new PatchError('a patch path must be a non-empty string');
  const bad = (): PatchError =>
    new PatchError(`unsupported patch path "${path}" (attributes, [index] and [_key=="…"] are supported)`);
  const attr = /([A-Za-z_$][\w$]*)/y;
  const bracket = /\[\s*(?:(-?\d+)|_key\s*==\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'))\s*\]/y;
  const src = path.trim();
  const segments: Segment[] = [];
  let pos = 0;
  while (pos < src.length) {
    if (src[pos] === '[') {
      bracket.lastIndex = pos;
      const m = bracket.exec(src);
      if (!m || segments.length === 0) throw bad();
      segments.push(m[1] !== undefined ? Number(m[1]) : { key: (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1') });
      pos = bracket.lastIndex;
      continue;
    }
    if (segments.length > 0) {
      if (src[pos] !== '.') throw bad();
      pos++;
    }
    attr.lastIndex = pos;
    const m = attr.exec(src);
    if (!m) throw bad();
    segments.push(m[1]!);
    pos = attr.lastIndex;
  }
  return segments;
}

function indexIn(arr: Json[], seg: number | { key: string }): number {
  if (typeof seg === 'number') {
    const i = seg < 0 ? arr.length + seg : seg;
    return i >= 0 && i < arr.length ? i : -1;
  }
  return arr.findIndex((item) => isObject(item) && item._key === seg.key);
}

/** Walks to the container holding the last segment; creates objects on the way when asked. */
function parentOf(doc: Record<string, Json>, segs: Segment[], create: boolean): Container | null {
  let cur: Json = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const seg = segs[i]!;
    const next = segs[i + 1]!;
    if (typeof seg === 'string') {
      if (!isObject(cur)) return null;
      if (cur[seg] === undefined || cur[seg] === null) {
        if (!create) return null;
        cur[seg] = typeof next === 'string' ? {} : [];
      }
      cur = cur[seg];
    } else {
      if (!Array.isArray(cur)) return null;
      const idx = indexIn(cur, seg);
      if (idx < 0) return null;
      cur = cur[idx];
    }
  }
  return isObject(cur) || Array.isArray(cur) ? cur : null;
}

function getAt(doc: Record<string, Json>, segs: Segment[]): Json {
  const parent = parentOf(doc, segs, false);
  const last = segs[segs.length - 1]!;
  if (!parent) return undefined;
  if (typeof last === 'string') return isObject(parent) ? parent[last] : undefined;
  if (!Array.isArray(parent)) return undefined;
  const idx = indexIn(parent, last);
  return idx < 0 ? undefined : parent[idx];
}

const PROTECTED = new Set(['_id', '_rev', '_createdAt', '_updatedAt']);
/** As hosted: `set` may date a document (`_createdAt`, as importers do); the service's own stamps are ignored. */
const SETTABLE = new Set(['_createdAt']);
const IGNORED = new Set(['_rev', '_updatedAt']);

function guard(path: string, settable = false): Segment[] {
  const segs = parsePath(path);
  if (typeof segs[0] !== 'string') throw new PatchError(`patch path "${path}" must start with an attribute`);
  if (segs.length === 1 && PROTECTED.has(segs[0]) && !(settable && SETTABLE.has(segs[0])))
    throw new PatchError(`"${segs[0]}" cannot be patched`);
  return segs;
}

/** `set`/`setIfMissing` without the top-level stamps the service sets itself, as hosted ignores them. */
function withoutStamps(op: string, value: unknown): unknown {
  const kept = entries(op, value).filter(([p]) => !IGNORED.has(p));
  for (const [p, v] of kept)
    if (p === '_createdAt' && (typeof v !== 'string' || Number.isNaN(Date.parse(v))))
      throw new PatchError('"_createdAt" must be a date-time string');
  return Object.fromEntries(kept);
}

function entries(op: string, value: unknown): [string, Json][] {
  if (!isObject(value)) throw new PatchError(`patch.${op} must be an object of path → value`);
  return Object.entries(value);
}

const OPERATIONS = ['set', 'setIfMissing', 'unset', 'inc', 'dec', 'insert', 'diffMatchPatch'] as const;

/** The operations the mutator applies first; inc, dec, insert and diffMatchPatch see what they made. */
const FIRST = ['set', 'setIfMissing', 'unset'] as const;

/** `doc` with the patch's operations among `ops` applied by @sanity/mutator (a new document). */
function applied(
  doc: Record<string, Json>,
  patch: Record<string, unknown>,
  ops: readonly string[],
): Record<string, Json> {
  const mutation: Record<string, unknown> = { id: String(doc._id) };
  for (const op of ops) if (patch[op] !== undefined) mutation[op] = structuredClone(patch[op]);
  if (Object.keys(mutation).length === 1) return doc;
  const next = new Mutation({ mutations: [{ patch: mutation }] as never }).apply(structuredClone(doc) as never);
  if (!next) throw new PatchError(`patch removed document "${String(doc._id)}"`, 409);
  return next as Record<string, Json>;
}

/**
 * Checks one patch's operations and applies them to `doc` with @sanity/mutator, returning a new
 * document (the mutator never changes its input). The mutator applies them in Sanity's order:
 * set, setIfMissing, unset, inc, dec, insert, diffMatchPatch, whatever order the keys arrive in;
 * so inc, dec, insert and diffMatchPatch are checked against the document the first three made
 * (`setIfMissing: {n: 0}` with `inc: {n: 1}` counts from 0, as hosted).
 */
export function applyPatch(doc: Record<string, Json>, patch: Record<string, unknown>): Record<string, Json> {
  const known = new Set<string>(['id', 'query', 'params', 'ifRevisionID', ...OPERATIONS]);
  for (const k of Object.keys(patch)) {
    if (!known.has(k)) throw new PatchError(`unsupported patch operation "${k}"`);
  }
  const given = patch;
  patch = { ...patch };
  for (const op of ['set', 'setIfMissing'] as const)
    if (given[op] !== undefined) patch[op] = withoutStamps(op, given[op]);
  for (const op of ['set', 'setIfMissing', 'diffMatchPatch'] as const) {
    if (patch[op] !== undefined) for (const [p] of entries(op, patch[op])) guard(p, op !== 'diffMatchPatch');
  }
  if (patch.unset !== undefined) {
    if (!Array.isArray(patch.unset) || !patch.unset.every((p) => typeof p === 'string'))
      throw new PatchError('patch.unset must be an array of paths');
    for (const p of patch.unset as string[]) guard(p);
  }
  const first = applied(doc, patch, FIRST);
  if (patch.diffMatchPatch !== undefined) {
    for (const [p, v] of entries('diffMatchPatch', patch.diffMatchPatch)) {
      if (typeof v !== 'string') throw new PatchError(`patch.diffMatchPatch "${p}" needs a patch text`);
      if (typeof getAt(first, guard(p)) !== 'string') {
        throw new PatchError(`patch.diffMatchPatch: "${p}" is not a string in document "${String(doc._id)}"`, 409);
      }
    }
  }
  for (const op of ['inc', 'dec'] as const) {
    if (patch[op] === undefined) continue;
    for (const [p, by] of entries(op, patch[op])) {
      const segs = guard(p);
      if (typeof by !== 'number' || !Number.isFinite(by)) throw new PatchError(`patch.${op} "${p}" needs a number`);
      if (typeof getAt(first, segs) !== 'number') {
        throw new PatchError(`patch.${op}: "${p}" is not a number in document "${String(doc._id)}"`, 409);
      }
    }
  }
  if (patch.insert !== undefined) checkInsert(first, patch.insert);
  const next = applied(
    first,
    patch,
    OPERATIONS.filter((op) => !(FIRST as readonly string[]).includes(op)),
  );
  return first === doc && next === doc ? structuredClone(doc) : next;
}

/** The insert checks the mutator leaves to the caller (it would skip a missing key silently). */
function checkInsert(doc: Record<string, Json>, insert: unknown): void {
  if (!isObject(insert) || !Array.isArray(insert.items))
    throw new PatchError('patch.insert needs items (an array) and one of before, after, replace');
  const where = (['before', 'after', 'replace'] as const).filter((k) => typeof insert[k] === 'string');
  if (where.length !== 1) throw new PatchError('patch.insert needs exactly one of before, after, replace');
  const pos = where[0]!;
  const path = insert[pos] as string;
  const segs = guard(path);
  const last = segs[segs.length - 1]!;
  if (typeof last === 'string')
    throw new PatchError(`patch.insert.${pos} must end in an array position such as "items[-1]"`);
  const arr = getAt(doc, segs.slice(0, -1));
  // No array yet: the mutator leaves the document as it is (setIfMissing first, as editors' tools do).
  if (arr === undefined && pos !== 'replace') return;
  if (!Array.isArray(arr)) throw new PatchError(`patch.insert: "${path}" is not inside an array`, 409);
  if (typeof last !== 'number' && extract(path, doc).length === 0) {
    throw new PatchError(`patch.insert: no array item with _key "${last.key}"`, 409);
  }
  if (typeof last === 'number' && pos === 'replace' && indexIn(arr, last) < 0) {
    throw new PatchError(`patch.insert: no array item at ${last}`, 409);
  }
}
